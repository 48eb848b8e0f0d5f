import { FormattedMessage, FormattedTime } from 'react-intl';
import { ConfirmSpend, type Spend } from '../../shared/orders/spend.tsx';
import type { MessageRef } from '../../shared/i18n/message-ids.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { StickyBuyBar } from '../../shared/ui/sticky-buy-bar.tsx';
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
  /** Why Buy is disabled, said beside it; null when nothing holds it. */
  why: MessageRef | null;
  placing: boolean;
  confirming: boolean;
  onBuy: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The phone's bottom bar on the keno screen: the time left to buy (mm:ss, red in the last 30 s,
 * with the deadline and its time zone), the ticket's units and GP total, and Buy — with why it is
 * disabled, when it is. The confirm step opens above it, so a member never scrolls to the summary to spend.
 */
export function KenoBar({ clock, units, total, trial, spend, canBuy, why, placing, confirming, onBuy, onConfirm, onCancel }: KenoBarProps) {
  const translate = useTranslateRef();
  const now = useServerNow(clock.offsetMs);
  const view = clock.snapshot ? clockView(clock.snapshot, now) : null;
  const open = view?.kind === 'open';
  return (
    <StickyBuyBar
      name="keno-bar"
      above={confirming && <ConfirmSpend total={total} trial={trial} spend={spend} placing={placing} onConfirm={onConfirm} onCancel={onCancel} />}
      lead={
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
      }
      note={
        <span data-testid="keno-bar-units">
          <FormattedMessage id="keno.bar.units" values={{ units }} />
        </span>
      }
      total={total}
      canBuy={canBuy && !confirming}
      why={!canBuy && why && !confirming ? translate(why) : null}
      action={<FormattedMessage id={placing ? 'keno.summary.placing' : 'order.buy'} />}
      onBuy={onBuy}
    />
  );
}
