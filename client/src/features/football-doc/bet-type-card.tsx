import { type MarketDefinition } from '@gp/common';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { ConfidenceLabel } from '../../shared/ui/confidence-label.tsx';
import { marketNotes } from './market-notes.ts';
import { marketNameId } from '../../shared/football/selection-labels.ts';
import { useSelectionLabel } from '../../shared/football/use-selection-label.ts';

/** The selections as chips; FGS names players per match, so it is described instead. */
function Selections({ market }: { market: MarketDefinition }) {
  const label = useSelectionLabel();
  if (market.selections === 'players') {
    return (
      <p>
        <FormattedMessage id="footballDoc.card.players" values={{ none: label('FGS', 'N') }} />
      </p>
    );
  }
  return (
    <ul className="doc-selections">
      {market.selections.map((key) => (
        <li key={key} className="doc-selection">
          {label(market.code, key)}
        </li>
      ))}
    </ul>
  );
}

/**
 * One bet type: what you pick, what it settles on and its selections, the rules that limit it,
 * each unconfirmed convention labelled, and `children` for its tables. `id` is the pool code so
 * the purchase screen can deep-link (`#HDC`).
 */
export function BetTypeCard({ market, hideSelections = false, children }: { market: MarketDefinition; hideSelections?: boolean; children?: ReactNode }) {
  const intl = useIntl();
  const { code } = market;
  const money = (amount: number) => formatLocalMoney(amount, 'HKD', intl.locale);
  return (
    <section id={code} className="card section-card bet-type" aria-labelledby={`${code}-title`} data-testid="bet-type">
      <header className="bet-type__head">
        <span className="bet-type__code">{code}</span>
        <h3 id={`${code}-title`}>
          <FormattedMessage id={marketNameId(code)} />
        </h3>
        <span className="bet-type__local" lang="zh-Hant">
          {market.localName}
        </span>
        <span className="doc-tag">
          <FormattedMessage id={`footballDoc.period.${market.period}`} />
        </span>
        <ConfidenceLabel fact={market.provenance} />
      </header>
      <dl className="bet-type__facts">
        <div>
          <dt>
            <FormattedMessage id="footballDoc.card.pick" />
          </dt>
          <dd>
            <FormattedMessage id={`footballDoc.market.${code}.pick`} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="footballDoc.card.settles" />
          </dt>
          <dd>
            <FormattedMessage id={`footballDoc.market.${code}.settle`} />
          </dd>
        </div>
      </dl>
      {!hideSelections && (
        <div className="bet-type__selections">
          <h4>
            <FormattedMessage id="footballDoc.card.selections" />
          </h4>
          <Selections market={market} />
        </div>
      )}
      {children}
      <ul className="bet-type__notes">
        {marketNotes(market).map((note) => (
          <li key={note.id}>
            <FormattedMessage
              id={note.id}
              values={{ ...note.values, ...Object.fromEntries(Object.entries(note.money ?? {}).map(([k, v]) => [k, money(v)])) }}
            />
            {note.fact && <ConfidenceLabel fact={note.fact} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
