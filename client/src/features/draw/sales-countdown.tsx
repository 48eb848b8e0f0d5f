import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatClock } from '../../shared/time/clock-format.ts';

const DAY = 86_400;
/** The last minutes before the cut-off, when the countdown turns red. */
export const URGENT_SALES_SECONDS = 300;

/**
 * Time left to buy for a draw, counted each second on this device's clock: "2 days 3:15:20",
 * then "3:15:20", red in the last five minutes, "Sales closed" at the cut-off. The number is a
 * timer, which screen readers do not announce each second.
 */
export function SalesCountdown({ closesAt }: { closesAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((Date.parse(closesAt) - now) / 1000));
  if (seconds === 0) {
    return (
      <span className="draw-countdown draw-countdown--closed" data-testid="draw-countdown" data-seconds={0}>
        <FormattedMessage id="draw.next.salesClosed" />
      </span>
    );
  }
  const days = Math.floor(seconds / DAY);
  const clock = formatClock(seconds % DAY);
  return (
    <span role="timer" className={`draw-countdown mono${seconds <= URGENT_SALES_SECONDS ? ' draw-countdown--urgent' : ''}`} data-testid="draw-countdown" data-seconds={seconds}>
      {days > 0 ? <FormattedMessage id="draw.next.countdownDays" values={{ days, clock }} /> : clock}
    </span>
  );
}
