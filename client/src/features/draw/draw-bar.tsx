import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Points } from '../../shared/money/points.tsx';

interface DrawBarProps {
  /** Lines after expansion × draws, or null while the ticket is incomplete. */
  lines: number | null;
  draws: number;
  /** The GP total in hundredths, or null while there is no price. */
  total: number | null;
  canBuy: boolean;
  /** The button's words: "Checkout" on the purchase screen, "Confirm" at the checkout. */
  action: ReactNode;
  onBuy: () => void;
}

/**
 * The phone's bottom bar on the draw screens: lines and draws, the GP total and the way on, so a
 * member never scrolls to the summary to buy (as on the keno screen).
 */
export function DrawBar({ lines, draws, total, canBuy, action, onBuy }: DrawBarProps) {
  // Toasts and the app's reload note sit above the bar, never over it (see --bottom-bar in overlays.css).
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--bottom-bar', `${bar.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--bottom-bar');
    };
  }, []);
  return (
    <div ref={ref} className="draw-bar" data-testid="draw-bar">
      <div className="draw-bar__row">
        <div className="draw-bar__info">
          <span data-testid="draw-bar-lines">{lines === null ? '—' : <FormattedMessage id="draw.summary.linesCount" values={{ count: lines }} />}</span>
          <span>
            <FormattedMessage id="draw.summary.drawsCount" values={{ count: draws }} />
          </span>
        </div>
        <div className="draw-bar__figures">
          <strong data-testid="draw-bar-total">{total === null ? '—' : <Points value={total} />}</strong>
        </div>
        <button type="button" className="button button--primary draw-bar__buy" disabled={!canBuy} onClick={onBuy} data-testid="draw-bar-buy">
          {action}
        </button>
      </div>
    </div>
  );
}
