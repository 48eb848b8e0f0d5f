import type { ProductDetail } from '@gp/common';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageRef } from '../../shared/i18n/message-ids.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { ChoiceChips } from '../../shared/ui/choice-chips.tsx';
import { NumberBoard } from './number-board.tsx';
import type { TicketUpdate } from './ticket-atoms.ts';
import { autoPick, boardAreas, toggleNumber, type Ticket } from './ticket.ts';
import { UnconfirmedMark } from './unconfirmed-mark.tsx';

const NOTICE_MS = 6_000;

/** Basic play: how many numbers to play (stars), the two areas, automatic selection and clear. */
export function PickPlay({ product, ticket, update }: { product: ProductDetail; ticket: Ticket; update: TicketUpdate }) {
  const translate = useTranslateRef();
  const [notice, setNotice] = useState<MessageRef | null>(null);
  const { picks, matrix } = product.rules;
  const { stars, numbers } = ticket;
  const starOptions = Array.from({ length: picks.max - picks.min + 1 }, (_, i) => picks.min + i);

  // A refusal is news, not a state: it gives way to the progress line after a few seconds.
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const toggle = (n: number) => {
    const outcome = toggleNumber(numbers, n, stars);
    if (!outcome.ok) {
      setNotice(outcome.reason === 'limit' ? { id: 'error.selection_exceeds_pick_count' } : { id: 'keno.board.chooseStarsFirst' });
      return;
    }
    setNotice(null);
    update((t) => ({ ...t, numbers: outcome.numbers }));
  };

  const auto = () => {
    if (stars === null) return setNotice({ id: 'keno.board.chooseStarsFirst' });
    setNotice(null);
    update((t) => ({ ...t, numbers: autoPick(t.numbers, stars, matrix.poolSize) }));
  };

  const status: MessageRef | null =
    notice ??
    (stars === null
      ? null
      : numbers.length > stars
        ? { id: 'error.selection_exceeds_pick_count' }
        : { id: 'keno.board.progress', values: { selected: numbers.length, stars } });
  const warning = notice !== null || (stars !== null && numbers.length > stars);

  return (
    <section className="card keno-section" aria-labelledby="keno-pick-title">
      <h2 id="keno-pick-title" className="keno-section__title">
        <FormattedMessage id="keno.board.title" />
      </h2>
      <ChoiceChips
        legend={
          <>
            <FormattedMessage id="keno.stars.title" />
            {picks.confidence === 'unconfirmed' && <UnconfirmedMark />}
          </>
        }
        name={`stars-${product.code}`}
        options={starOptions.map((count) => ({ value: count, label: <FormattedMessage id="keno.stars.option" values={{ count }} /> }))}
        value={stars}
        onChange={(count) => {
          setNotice(null);
          update((t) => ({ ...t, stars: count }));
        }}
      />

      <div className="keno-section__bar">
        <p className={`keno-hint${warning ? ' keno-hint--warning' : ''}`} role="status" aria-live="polite" data-testid="pick-status">
          {warning && <AlertIcon size={16} />}
          {status ? translate(status) : <FormattedMessage id="keno.board.chooseStarsFirst" />}
        </p>
        <div className="button-row">
          <button type="button" className="button button--ghost button--small" onClick={auto} data-testid="pick-auto">
            <FormattedMessage id="keno.board.auto" />
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={numbers.length === 0}
            onClick={() => {
              setNotice(null);
              update((t) => ({ ...t, numbers: [] }));
            }}
          >
            <FormattedMessage id="keno.board.clear" />
          </button>
        </div>
      </div>

      <NumberBoard
        areas={boardAreas(matrix.poolSize)}
        selected={numbers}
        onToggle={toggle}
        full={stars === null || numbers.length >= stars}
        testId="pick-board"
      />
    </section>
  );
}
