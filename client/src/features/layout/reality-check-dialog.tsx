import type { RealityCheckView } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { PLAY_STATE_KEY, usePlayState } from '../../shared/account/play-state.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { Points } from '../../shared/money/points.tsx';
import { useLogout } from '../../shared/session/use-logout.ts';
import { Moment } from '../../shared/time/moment.tsx';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import './reality-check-dialog.css';

/** "1 hour 5 minutes", "15 minutes": the time since sign-in in the reader's language. */
function elapsed(intl: IntlShape, since: string): string {
  const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(since)) / 60_000));
  const unit = (value: number, unit: 'hour' | 'minute') => intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'long' });
  return minutes >= 60 ? `${unit(Math.floor(minutes / 60), 'hour')} ${unit(minutes % 60, 'minute')}` : unit(minutes, 'minute');
}

/**
 * Re-reads the play state when the session's next reality check falls due (the server says when:
 * `realityCheck.nextCheckAt`), so the notice opens on time on whatever page is open. The server is
 * asked again rather than trusted to this clock: a check not due by its reckoning is waited for anew.
 */
function useDueTimer(check: RealityCheckView | undefined) {
  const queryClient = useQueryClient();
  const next = check && !check.due ? check.nextCheckAt : null;
  useEffect(() => {
    if (!next) return;
    const wait = Math.min(Math.max(Date.parse(next) - Date.now(), 0) + 250, 2 ** 31 - 1);
    const timer = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: PLAY_STATE_KEY }), wait);
    return () => window.clearTimeout(timer);
  }, [next, queryClient]);
}

/**
 * The reality check (issue 32 item 3, RTS 13): at the interval the member chose, a modal notice
 * with the time since sign-in and the session's stakes, prizes and net result, with the order
 * history and log out. It is a native modal <dialog>: the page behind is inert and the focus stays
 * inside it; Escape does not close it, only an answer does (continue, or log out). The server
 * refuses orders and deposits meanwhile (`reality_check_due`), so no other tab gets round it.
 * "Order history" shows the history with the check kept open above it, not answered.
 */
export function RealityCheckDialog() {
  const { data } = usePlayState();
  const check = data?.realityCheck;
  useDueTimer(check);
  const { pathname } = useLocation();
  const [reviewing, setReviewing] = useState(false);
  // The order history and the account's tools are read with the check kept open above them, unanswered.
  const inHistory = reviewing && (pathname === '/orders' || pathname === '/account');
  const ref = useRef<HTMLDialogElement>(null);
  const open = Boolean(check?.due);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const modal = open && !inHistory;
    if (modal && !dialog.open) dialog.showModal();
    if (!modal && dialog.open) dialog.close();
  }, [open, inHistory]);

  if (!check || !open) return null;
  return (
    <>
      <dialog ref={ref} className="reality-check" aria-labelledby="reality-check-title" data-testid="reality-check" onCancel={(event) => event.preventDefault()}>
        <RealityCheckBody check={check} onHistory={() => setReviewing(true)} />
      </dialog>
      {inHistory && (
        <section className="notice notice--warning reality-check reality-check--inline" aria-labelledby="reality-check-title" data-testid="reality-check-inline">
          <RealityCheckBody check={check} />
        </section>
      )}
    </>
  );
}

function RealityCheckBody({ check, onHistory }: { check: RealityCheckView; onHistory?: () => void }) {
  const intl = useIntl();
  const http = useHttp();
  const notify = useNotify();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: () => http.post<{ realityCheck: RealityCheckView }>('/api/me/reality-check/ack'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAY_STATE_KEY }),
    onError: (error) => notify.error(error),
  });
  return (
    <div className="reality-check__body">
      <h2 id="reality-check-title">
        <FormattedMessage id="realityCheck.title" />
      </h2>
      <p data-testid="reality-check-elapsed">
        <FormattedMessage id="realityCheck.elapsed" values={{ elapsed: elapsed(intl, check.sessionStartedAt), at: <Moment value={check.sessionStartedAt} /> }} />
      </p>
      <dl className="reality-check__figures" data-testid="reality-check-figures">
        <dt>
          <FormattedMessage id="realityCheck.stakes" />
        </dt>
        <dd>
          <Points value={check.stakes} />
        </dd>
        <dt>
          <FormattedMessage id="realityCheck.prizes" />
        </dt>
        <dd>
          <Points value={check.prizes} />
        </dd>
        <dt>
          <FormattedMessage id="realityCheck.net" />
        </dt>
        <dd data-testid="reality-check-net">
          <FormattedMessage id={check.net > 0 ? 'realityCheck.netDown' : check.net < 0 ? 'realityCheck.netUp' : 'realityCheck.netEven'} values={{ amount: <Points value={Math.abs(check.net)} /> }} />
        </dd>
      </dl>
      <p className="muted">
        <FormattedMessage id="realityCheck.lead" />
      </p>
      <div className="reality-check__actions">
        <button type="button" className="button button--primary" onClick={() => answer.mutate()} disabled={answer.isPending} data-testid="reality-check-continue" autoFocus>
          <FormattedMessage id="realityCheck.continue" />
        </button>
        <button type="button" className="button" onClick={() => void logout()} data-testid="reality-check-logout">
          <FormattedMessage id="realityCheck.logout" />
        </button>
        {onHistory && (
          <Link to="/orders" className="button" onClick={onHistory} data-testid="reality-check-history">
            <FormattedMessage id="realityCheck.history" />
          </Link>
        )}
        {onHistory && (
          <Link to="/account#responsible-play" className="button button--link" onClick={onHistory}>
            <FormattedMessage id="realityCheck.tools" />
          </Link>
        )}
      </div>
    </div>
  );
}
