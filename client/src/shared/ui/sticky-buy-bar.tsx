import './sticky-buy-bar.css';
import { useRef, type ReactNode } from 'react';
import { Points } from '../money/points.tsx';
import { useBottomBar } from './use-bottom-bar.ts';

/**
 * Below this width the summary no longer stands beside the play column (shared/styles/purchase-layout.css):
 * the purchase screens show this bar instead, so it carries the way on.
 */
export const COMPACT_PURCHASE_LAYOUT = '(max-width: 980px)';

interface StickyBuyBarProps {
  /** The screen's own class and test-id prefix (`keno-bar`, `draw-bar`): `<name>-total`, `<name>-buy`. */
  name: string;
  /** What opens above the row (the keno screen's confirm step), or nothing. */
  above?: ReactNode;
  /** The row's left part: the time left to buy, or the ticket's lines and draws. */
  lead: ReactNode;
  /** A small line above the total (the ticket's units), or nothing. */
  note?: ReactNode;
  /** The GP total in hundredths, or null while there is no price. */
  total: number | null;
  canBuy: boolean;
  /** Why the button is disabled, in words, shown right above it; null or absent when it is not. */
  why?: ReactNode;
  /** The button's words: Buy, Checkout or Confirm. */
  action: ReactNode;
  onBuy: () => void;
}

/**
 * The phone's bottom bar on the purchase screens (keno and the draw lotteries): what the ticket is,
 * its GP total and the way on, fixed to the bottom so a member never scrolls to the summary to buy.
 */
export function StickyBuyBar({ name, above, lead, note, total, canBuy, why, action, onBuy }: StickyBuyBarProps) {
  // Toasts and the app's reload note sit above the bar, never over it.
  const ref = useRef<HTMLDivElement>(null);
  useBottomBar(ref);
  return (
    <div ref={ref} className={`buy-bar ${name}`} data-testid={name}>
      {above && <div className="buy-bar__above">{above}</div>}
      {why && (
        <p className="buy-bar__why" role="status" data-testid={`${name}-why`}>
          {why}
        </p>
      )}
      <div className="buy-bar__row">
        {lead}
        <div className="buy-bar__figures">
          {note}
          <strong data-testid={`${name}-total`}>{total === null ? '—' : <Points value={total} />}</strong>
        </div>
        <button type="button" className="button button--primary buy-bar__buy" disabled={!canBuy} onClick={onBuy} data-testid={`${name}-buy`}>
          {action}
        </button>
      </div>
    </div>
  );
}
