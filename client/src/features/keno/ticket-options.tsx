import type { ProductDetail } from '@gp/common';
import { formatPoints } from '@gp/common/money';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMe } from '../../shared/account/me-query.ts';
import type { TicketUpdate } from './ticket-atoms.ts';
import { clampMultiplier, type Ticket } from './ticket.ts';
import { UnconfirmedBadge } from './unconfirmed-badge.tsx';

/** The betting multiplier (1..the product's maximum, labelled when unconfirmed) and, with trial points, trial play. */
export function TicketOptions({ product, ticket, update }: { product: ProductDetail; ticket: Ticket; update: TicketUpdate }) {
  const intl = useIntl();
  const id = useId();
  const me = useMe();
  const { value: max, confidence, source } = product.rules.maxMultiplier;
  const set = (value: number) => update((t) => ({ ...t, multiplier: clampMultiplier(value, max) }));
  const trialBalance = me.data?.trialBalance ?? 0;

  return (
    <section className="card keno-section" aria-labelledby="keno-options-title">
      <h2 id="keno-options-title" className="visually-hidden">
        <FormattedMessage id="keno.options.title" />
      </h2>
      <div className="keno-options">
        <div className="field multiplier">
          <label htmlFor={`${id}-multiplier`} className="field__label">
            <FormattedMessage id="keno.multiplier.label" />
          </label>
          <div className="stepper">
            <button
              type="button"
              className="icon-button"
              aria-label={intl.formatMessage({ id: 'keno.multiplier.decrease' })}
              disabled={ticket.multiplier <= 1}
              onClick={() => set(ticket.multiplier - 1)}
            >
              −
            </button>
            <input
              id={`${id}-multiplier`}
              className="field__input stepper__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              value={ticket.multiplier}
              aria-describedby={`${id}-multiplier-hint`}
              onChange={(event) => set(event.target.valueAsNumber)}
              data-testid="multiplier-input"
            />
            <button
              type="button"
              className="icon-button"
              aria-label={intl.formatMessage({ id: 'keno.multiplier.increase' })}
              disabled={ticket.multiplier >= max}
              onClick={() => set(ticket.multiplier + 1)}
              data-testid="multiplier-increase"
            >
              +
            </button>
          </div>
          <p id={`${id}-multiplier-hint`} className="field__hint">
            <FormattedMessage id="keno.multiplier.hint" values={{ max }} />
            {confidence === 'unconfirmed' && <UnconfirmedBadge source={source} />}
          </p>
        </div>
        {(trialBalance > 0 || ticket.trial) && (
          <label className="checkbox keno-trial">
            <input type="checkbox" checked={ticket.trial} onChange={(event) => update((t) => ({ ...t, trial: event.target.checked }))} />
            <span>
              <FormattedMessage id="keno.trial.label" values={{ amount: formatPoints(trialBalance, intl.locale) }} />
              <span className="field__hint keno-trial__hint">
                <FormattedMessage id="keno.trial.hint" />
              </span>
            </span>
          </label>
        )}
      </div>
    </section>
  );
}
