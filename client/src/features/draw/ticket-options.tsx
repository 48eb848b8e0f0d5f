import type { DrawProduct } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { ConfidenceLabel } from '../../shared/ui/confidence-label.tsx';
import { ChoiceChips } from '../../shared/ui/choice-chips.tsx';
import type { EntryMode } from './picker.ts';
import { entryModes } from './picker-zones.ts';
import type { DrawTicket, DrawTicketUpdate } from './ticket-atoms.ts';

const MODE_IDS = { standard: 'draw.mode.standard', system: 'draw.mode.system', banker: 'draw.mode.banker' } as const;

/** How the ticket is entered and bought: entry mode, play (39樂合彩), partial unit (Mark Six), draws and add-ons. */
export function TicketOptions({ product, ticket, update, onMode }: { product: DrawProduct; ticket: DrawTicket; update: DrawTicketUpdate; onMode: (mode: EntryMode) => void }) {
  const intl = useIntl();
  const modes = entryModes(product);
  const drawOptions = Array.from({ length: product.multiDraw.max }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
  return (
    <section className="card draw-options" aria-labelledby="draw-options-title">
      <h2 id="draw-options-title" className="visually-hidden">
        <FormattedMessage id="draw.options.title" />
      </h2>
      {product.plays && (
        <ChoiceChips
          compact
          legend={<FormattedMessage id="draw.options.play" />}
          name={`play-${product.code}`}
          options={product.plays.map((play) => ({ value: play.code, label: <FormattedMessage id="draw.options.playOption" values={{ local: play.localName, pick: play.pick }} /> }))}
          value={ticket.play ?? product.plays[0]!.code}
          onChange={(play) => update((t) => ({ ...t, play, lines: [] }))}
          testId="play"
        />
      )}
      {modes.length > 1 && (
        <ChoiceChips
          compact
          legend={<FormattedMessage id="draw.options.mode" />}
          name={`mode-${product.code}`}
          options={modes.map((mode) => ({ value: mode, label: <FormattedMessage id={MODE_IDS[mode]} /> }))}
          value={ticket.mode}
          onChange={onMode}
          testId="mode"
        />
      )}
      <div className="draw-options__row">
        <div>
          <ChoiceChips
            compact
            legend={<FormattedMessage id="draw.options.draws" values={{ max: product.multiDraw.max }} />}
            name={`draws-${product.code}`}
            options={drawOptions}
            value={Math.min(ticket.draws, product.multiDraw.max)}
            onChange={(draws) => update((t) => ({ ...t, draws }))}
            testId="draws"
          />
          <ConfidenceLabel fact={product.multiDraw} />
        </div>
        {product.partialUnit && ticket.mode !== 'standard' && (
          <label className="draw-addon" data-testid="partial-unit">
            <input type="checkbox" checked={ticket.partialUnit} onChange={(e) => update((t) => ({ ...t, partialUnit: e.target.checked }))} />
            <span>
              <FormattedMessage
                id="draw.options.partialUnit"
                values={{
                  // A stake, not a price: the summary's line price says what it costs in GP, fee included.
                  stake: formatLocalMoney(product.partialUnit.stake, product.currency, intl.locale),
                  share: intl.formatNumber(product.partialUnit.prizeNumerator / product.partialUnit.prizeDenominator, { style: 'percent' }),
                }}
              />
            </span>
          </label>
        )}
        {product.addOns.map((addOn) => (
          <label key={addOn.code} className="draw-addon" data-testid={`addon-${addOn.code}`}>
            <input
              type="checkbox"
              checked={ticket.addOns.includes(addOn.code)}
              onChange={(e) => update((t) => ({ ...t, addOns: e.target.checked ? [...t.addOns, addOn.code] : t.addOns.filter((c) => c !== addOn.code) }))}
            />
            <span>
              <FormattedMessage
                id="draw.options.addOn"
                values={{
                  name: addOn.name,
                  stake: formatLocalMoney(addOn.stake, product.currency, intl.locale),
                  multipliers: addOn.multipliers.map((m) => `${m.value}×`).join(' / '),
                }}
              />
            </span>
          </label>
        ))}
        {product.builtInMultiplier && (
          <p className="muted draw-addon" data-testid="built-in-multiplier">
            <FormattedMessage id="draw.options.builtInMultiplier" values={{ multipliers: product.builtInMultiplier.values.map((m) => `${m.value}×`).join(' / ') }} />
          </p>
        )}
      </div>
    </section>
  );
}
