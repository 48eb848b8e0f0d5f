import { useEffect, useRef } from 'react';
import { FormattedMessage, FormattedTime } from 'react-intl';
import { Points } from '../../shared/money/points.tsx';
import { ConfirmSpend, type Spend } from '../../shared/orders/spend.tsx';
import { clockView, formatClock, URGENT_SECONDS } from './countdown.ts';
import { useServerNow, type GameClock } from './use-game-clock.ts';

interface KenoBarProps {
  clock: GameClock;
  units: number;
  /** The quoted total in GP hundredths, or null while the ticket has no current price. */
  total: number | null;
  trial: boolean;
  spend: Spend;
  canBuy: boolean;
  placing: boolean;
  confirming: boolean;
  onBuy: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The phone's bottom bar on the keno screen: the time left to buy (mm:ss, red in the last 30 s,
 * with the deadline and its time zone), the ticket's units and GP total, and Buy. The confirm
 * step opens above it, so a member never scrolls to the summary to spend.
 */
export function KenoBar({ clock, units, total, trial, spend, canBuy, placing, confirming, onBuy, onConfirm, onCancel }: KenoBarProps) {
  const now = useServerNow(clock.offsetMs);
  const view = clock.snapshot ? clockView(clock.snapshot, now) : null;
  const open = view?.kind === 'open';
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
    <div ref={ref} className="keno-bar" data-testid="keno-bar">
      {confirming && (
        <div className="keno-bar__confirm">
          <ConfirmSpend total={total} trial={trial} spend={spend} placing={placing} onConfirm={onConfirm} onCancel={onCancel} />
        </div>
      )}
      <div className="keno-bar__row">
        <div className="keno-bar__clock">
          {open ? (
            <>
              <span className={`keno-bar__countdown${view.seconds <= URGENT_SECONDS ? ' keno-bar__countdown--urgent' : ''}`} role="timer" data-testid="keno-bar-countdown" data-seconds={view.seconds}>
                {formatClock(view.seconds)}
              </span>
              <span className="keno-bar__deadline" data-testid="keno-bar-deadline">
                <FormattedMessage id="keno.bar.until" values={{ time: <FormattedTime value={view.deadline} hour="2-digit" minute="2-digit" timeZoneName="short" /> }} />
              </span>
            </>
          ) : (
            <span className="keno-bar__closed">
              <FormattedMessage id="keno.bar.closed" />
            </span>
          )}
        </div>
        <div className="keno-bar__figures">
          <span data-testid="keno-bar-units">
            <FormattedMessage id="keno.bar.units" values={{ units }} />
          </span>
          <strong data-testid="keno-bar-total">{total === null ? '—' : <Points value={total} />}</strong>
        </div>
        <button type="button" className="button button--primary keno-bar__buy" disabled={!canBuy || confirming} onClick={onBuy} data-testid="keno-bar-buy">
          <FormattedMessage id={placing ? 'keno.summary.placing' : 'order.buy'} />
        </button>
      </div>
    </div>
  );
}
