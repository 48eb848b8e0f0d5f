import { FormattedMessage, FormattedTime } from 'react-intl';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { clockView, formatClock, URGENT_SECONDS, type ClockView } from './countdown.ts';
import { useServerNow, type GameClock } from './use-game-clock.ts';

/** When the phase ends, with its time zone (the reader's own, named). */
export function Deadline({ view }: { view: ClockView }) {
  const at = view.kind === 'open' ? view.deadline : view.kind === 'closed' ? view.drawAt : view.opensAt;
  if (!at) return null;
  const id = view.kind === 'open' ? 'keno.clock.deadline' : view.kind === 'closed' ? 'keno.clock.drawAt' : 'keno.clock.opensAt';
  return (
    <p className="clock__deadline muted" data-testid="keno-deadline">
      <FormattedMessage id={id} values={{ time: <FormattedTime value={at} hour="2-digit" minute="2-digit" second="2-digit" timeZoneName="short" /> }} />
    </p>
  );
}

/**
 * The current draw period and the non-draw period, each with its countdown (spec §2): counted
 * locally every second on the server's time. Only the sentence naming the phase and issue is a
 * live region; the ticking number is a timer, which screen readers do not announce each second.
 */
export function ClockPanel({ clock }: { clock: GameClock }) {
  const now = useServerNow(clock.offsetMs);
  if (!clock.snapshot) {
    return (
      <section className="card clock" aria-labelledby="keno-clock-title" data-testid="keno-clock" data-phase="loading">
        <h2 id="keno-clock-title" className="clock__title">
          <FormattedMessage id="keno.clock.title" />
        </h2>
        {clock.error ? (
          <div className="notice notice--error" role="alert">
            <AlertIcon size={18} />
            <p>
              <FormattedMessage id="keno.clock.error" />
            </p>
            <button type="button" className="button button--ghost button--small" onClick={clock.refresh}>
              <FormattedMessage id="app.retry" />
            </button>
          </div>
        ) : (
          <p className="muted">
            <FormattedMessage id="keno.clock.waiting" />
          </p>
        )}
      </section>
    );
  }

  const view = clockView(clock.snapshot, now);
  const issue = view.issue ?? '—';
  const status =
    view.kind === 'open' ? 'keno.clock.openStatus' : view.kind === 'closed' ? 'keno.clock.closedStatus' : view.issue ? 'keno.clock.idleStatus' : 'keno.clock.idleUnknown';
  const timerLabel = view.kind === 'open' ? 'keno.clock.closesIn' : view.kind === 'closed' ? 'keno.clock.resultIn' : 'keno.clock.opensIn';
  const seconds = view.seconds;

  return (
    <section className={`card clock clock--${view.kind}`} aria-labelledby="keno-clock-title" data-testid="keno-clock" data-phase={view.kind}>
      <h2 id="keno-clock-title" className="clock__title">
        <FormattedMessage id="keno.clock.title" />
      </h2>
      <p className="clock__status" aria-live="polite" data-testid="keno-clock-status">
        <FormattedMessage id={status} values={{ issue }} />
      </p>
      {seconds !== null && (
        <div className="clock__timer">
          <span className="clock__timer-label">
            <FormattedMessage id={timerLabel} />
          </span>
          <span
            className={`clock__seconds${view.kind === 'open' && seconds <= URGENT_SECONDS ? ' clock__seconds--urgent' : ''}`}
            role="timer"
            data-testid="keno-countdown"
            data-seconds={seconds}
          >
            {view.kind === 'closed' && seconds === 0 ? <FormattedMessage id="keno.clock.drawing" /> : formatClock(seconds)}
          </span>
        </div>
      )}
      <Deadline view={view} />
    </section>
  );
}
