import type { ProductDetail } from '@gp/common';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { useLocalWithPointsText } from '../../shared/money/money-pair.tsx';
import { NumberBoard } from './number-board.tsx';
import type { TicketUpdate } from './ticket-atoms.ts';
import { toggleNumber, type Ticket } from './ticket.ts';
import { UnconfirmedMark } from './unconfirmed-mark.tsx';

/** The super prize number option: up to `maxNumbers` numbers, one unit each, paying when one is the last drawn. */
export function SuperNumber({ product, ticket, update }: { product: ProductDetail; ticket: Ticket; update: TicketUpdate }) {
  const withPoints = useLocalWithPointsText(product.rates.prize);
  const [refused, setRefused] = useState(false);
  const rule = product.rules.superNumber;
  if (!rule?.offered) return null;
  const max = rule.maxNumbers;
  const chosen = ticket.superNumbers;

  const toggle = (n: number) => {
    const outcome = toggleNumber(chosen, n, max);
    setRefused(!outcome.ok);
    if (outcome.ok) update((t) => ({ ...t, superNumbers: outcome.numbers }));
  };

  return (
    <section className="card keno-section" aria-labelledby="keno-super-title">
      <h2 id="keno-super-title" className="keno-section__title">
        <FormattedMessage id="keno.super.title" />
        {rule.confidence === 'unconfirmed' && <UnconfirmedMark />}
      </h2>
      <p className="muted">
        <FormattedMessage
          id="keno.super.help"
          values={{ amount: withPoints({ amount: rule.prize, currency: product.currency }), max }}
        />
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={ticket.superNumber}
          onChange={(event) => {
            const on = event.target.checked;
            setRefused(false);
            update((t) => ({ ...t, superNumber: on }));
          }}
          data-testid="super-toggle"
        />
        <span>
          <FormattedMessage id="keno.super.toggle" />
        </span>
      </label>
      {ticket.superNumber && (
        <>
          <p className={`keno-hint${refused ? ' keno-hint--warning' : ''}`} role="status" aria-live="polite">
            {refused && <AlertIcon size={16} />}
            <FormattedMessage id={refused ? 'keno.super.limit' : 'keno.super.progress'} values={{ count: chosen.length, max }} />
          </p>
          <NumberBoard
            areas={[[1, product.rules.matrix.poolSize]]}
            selected={chosen}
            onToggle={toggle}
            full={chosen.length >= max}
            size="small"
            testId="super-board"
          />
        </>
      )}
    </section>
  );
}
