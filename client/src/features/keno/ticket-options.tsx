import type { ProductDetail } from '@gp/common';
import { formatPoints } from '@gp/common/money';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMe } from '../../shared/account/me-query.ts';
import type { TicketUpdate } from './ticket-atoms.ts';
import { clampMultiplier, parseMultiplier, type Ticket } from './ticket.ts';
import { UnconfirmedMark } from './unconfirmed-mark.tsx';
import { AlertIcon } from '../../shared/ui/icons.tsx';

/**
 * The betting multiplier (1..the product's maximum, labelled when unconfirmed; until the member
 * sets it, the one that makes the minimum, said so) and, with trial points, trial play.
 */
export function TicketOptions({ product, ticket, update }: { product: ProductDetail; ticket: Ticket; update: TicketUpdate }) {
  const intl = useIntl();
  const id = useId();
  const me = useMe();
  const { value: max, confidence } = product.rules.maxMultiplier;
  // What the member typed while it is not a multiplier this product takes: shown as typed, with why.
  const [entry, setEntry] = useState<string | null>(null);
  const shown = entry ?? (ticket.multiplier === null ? '' : String(ticket.multiplier));
  const refused = typeof parseMultiplier(shown, max) !== 'number';
  const set = (value: number) => {
    setEntry(null);
    update((t) => ({ ...t, multiplier: clampMultiplier(value, max), autoMultiplier: false }));
  };
  const type = (text: string) => {
    const parsed = parseMultiplier(text, max);
    setEntry(typeof parsed === 'number' ? null : text);
    update((t) => ({ ...t, multiplier: typeof parsed === 'number' ? parsed : null, autoMultiplier: false }));
  };
  const step = ticket.multiplier ?? 1;
  const trialBalance = me.data?.trialBalance ?? 0;

  return (
    <section className="card keno-section" aria-labelledby="keno-options-title">
      <h2 id="keno-options-title" className="visually-hidden">
        <FormattedMessage id="keno.options.title" />
      </h2>
      <div className="keno-options">
        <div className={`field multiplier${refused ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-multiplier`} className="field__label">
            <FormattedMessage id="keno.multiplier.label" />
          </label>
          <div className="stepper">
            <button
              type="button"
              className="icon-button"
              aria-label={intl.formatMessage({ id: 'keno.multiplier.decrease' })}
              disabled={step <= 1 && !refused}
              onClick={() => set(step - 1)}
            >
              −
            </button>
            <input
              id={`${id}-multiplier`}
              className="field__input stepper__input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={shown}
              aria-invalid={refused || undefined}
              aria-describedby={`${id}-multiplier-hint${refused ? ` ${id}-multiplier-error` : ''}`}
              onChange={(event) => type(event.target.value)}
              data-testid="multiplier-input"
            />
            <button
              type="button"
              className="icon-button"
              aria-label={intl.formatMessage({ id: 'keno.multiplier.increase' })}
              disabled={step >= max && !refused}
              onClick={() => set(step + 1)}
              data-testid="multiplier-increase"
            >
              +
            </button>
          </div>
          <p id={`${id}-multiplier-hint`} className="field__hint">
            <FormattedMessage id="keno.multiplier.hint" values={{ max }} />
            {confidence === 'unconfirmed' && <UnconfirmedMark />}
            {ticket.autoMultiplier && step > 1 && (
              <span className="multiplier__auto" data-testid="multiplier-auto">
                {' '}
                <FormattedMessage id="keno.multiplier.auto" values={{ multiplier: step, minimum: product.rules.minimumUnits }} />
              </span>
            )}
          </p>
          {refused && (
            <p id={`${id}-multiplier-error`} className="field__error" role="alert" data-testid="multiplier-error">
              <AlertIcon size={14} />
              <FormattedMessage id={shown.trim() === '' ? 'keno.multiplier.empty' : 'keno.multiplier.invalid'} values={{ value: shown.trim(), max }} />
            </p>
          )}
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
