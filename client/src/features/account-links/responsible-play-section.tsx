import {
  formatPoints,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  parsePoints,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitsAnswer,
  type LimitsBody,
  type LimitsView,
  type PlayStateView,
} from '@gp/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LIMITS_KEY, PLAY_STATE_KEY, usePlayState } from '../../shared/account/play-state.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { Points } from '../../shared/money/points.tsx';
import { Moment } from '../../shared/time/moment.tsx';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { RealityCheckSetting } from './reality-check-setting.tsx';

/**
 * The account's "Responsible play" (issue 32, docs/responsible-play.md): limits typed freely in GP
 * (lower ones apply at once, raises wait 24 hours and a confirmation here), a break, self-exclusion
 * with its tick box, the return after it, and the date of birth when none was given.
 */
export function ResponsiblePlaySection() {
  const state = usePlayState();
  return (
    <section className="card account-card" aria-labelledby="account-play" id="responsible-play" data-testid="responsible-play">
      <h2 id="account-play">
        <FormattedMessage id="play.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="play.lead" /> <Link to="/responsible-play"><FormattedMessage id="play.more" /></Link>
      </p>
      {state.data && <PlayStatus state={state.data} />}
      {state.data?.ageCheck === 'missing' && <BirthDateForm />}
      {state.data?.ageCheck === 'declared' && state.data.ageUnverifiedDeposits && (
        <p className="notice" data-testid="age-unverified">
          <FormattedMessage
            id="play.age.unverified"
            values={{ used: <Points value={state.data.ageUnverifiedDeposits.used} />, limit: <Points value={state.data.ageUnverifiedDeposits.limit} /> }}
          />{' '}
          <Link to="/withdrawals">
            <FormattedMessage id="play.age.verify" />
          </Link>
        </p>
      )}
      {state.data?.ageCheck === 'verified' && (
        <p className="muted" data-testid="age-verified">
          <FormattedMessage id="play.age.verified" />
        </p>
      )}
      <LimitsForm />
      <RealityCheckSetting />
      {state.data?.state === 'active' && <TakeBreak />}
      {state.data && (state.data.state === 'active' || state.data.state === 'timed_out') && <SelfExclude />}
    </section>
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: PLAY_STATE_KEY });
    await queryClient.invalidateQueries({ queryKey: LIMITS_KEY });
  };
}

/** The break or exclusion in force and its end, and the way back after an exclusion. */
function PlayStatus({ state }: { state: PlayStateView }) {
  const http = useHttp();
  const notify = useNotify();
  const refresh = useRefresh();
  const ask = useMutation({ mutationFn: () => http.post<PlayStateView>('/api/me/self-exclusion/return'), onSuccess: refresh, onError: (e) => notify.error(e) });
  const confirm = useMutation({ mutationFn: () => http.post<PlayStateView>('/api/me/self-exclusion/return/confirm'), onSuccess: refresh, onError: (e) => notify.error(e) });
  if (state.state === 'active') return null;
  return (
    <div className="notice notice--warning" data-testid="play-status" role="status">
      <p>
        <FormattedMessage id={`play.state.${state.state}`} values={{ until: <Moment value={state.until!} /> }} />
      </p>
      {state.state === 'exclusion_ended' && !state.returnRequestedAt && (
        <button type="button" className="button" onClick={() => ask.mutate()} disabled={ask.isPending}>
          <FormattedMessage id="play.return.ask" />
        </button>
      )}
      {state.state === 'exclusion_ended' && state.returnConfirmableAt && (
        <>
          <p>
            <FormattedMessage id="play.return.wait" values={{ at: <Moment value={state.returnConfirmableAt} /> }} />
          </p>
          <button type="button" className="button" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            <FormattedMessage id="play.return.confirm" />
          </button>
        </>
      )}
    </div>
  );
}

const fieldName = (kind: LimitKind, period: LimitPeriod) => `${kind}.${period}`;

/** Nine free-text boxes (kind × period), GP with up to two decimals; empty means no limit. */
function LimitsForm() {
  const http = useHttp();
  const intl = useIntl();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [invalid, setInvalid] = useState<string[]>([]);
  const limits = useQuery({ queryKey: LIMITS_KEY, queryFn: () => http.get<{ limits: LimitsView }>('/api/me/limits') });
  const save = useMutation({
    mutationFn: (body: LimitsBody) => http.request<LimitsAnswer>('PUT', '/api/me/limits', { body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(LIMITS_KEY, { limits: answer.limits });
      await queryClient.invalidateQueries({ queryKey: PLAY_STATE_KEY });
      const pending = answer.changes?.some((c) => c.applied === 'pending');
      notify.success({ id: pending ? 'play.savedPending' : 'play.saved' });
    },
    onError: (error) => notify.error(error),
  });
  const confirm = useMutation({
    mutationFn: () => http.post<LimitsAnswer>('/api/me/limits/confirm'),
    onSuccess: (answer) => {
      queryClient.setQueryData(LIMITS_KEY, { limits: answer.limits });
      notify.success({ id: 'play.confirmed' });
    },
    onError: (error) => notify.error(error),
  });
  const view = limits.data?.limits;
  if (!view) return <p className="muted"><FormattedMessage id="app.loading" /></p>;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: LimitsBody = {};
    const wrong: string[] = [];
    for (const kind of LIMIT_KINDS) {
      for (const period of LIMIT_PERIODS) {
        const text = String(data.get(fieldName(kind, period)) ?? '').trim();
        if (text === '') continue;
        const amount = parsePoints(text);
        if (amount === null || amount <= 0) wrong.push(fieldName(kind, period));
        else body[kind] = { ...body[kind], [period]: amount };
      }
    }
    setInvalid(wrong);
    if (wrong.length === 0) save.mutate(body);
  };
  const anyPending = LIMIT_KINDS.some((kind) => LIMIT_PERIODS.some((period) => view[kind][period].pending));

  return (
    <form className="form play-limits" noValidate onSubmit={submit} data-testid="limits-form">
      <p className="form__note">
        <FormattedMessage id="play.periodsNote" />
      </p>
      {LIMIT_KINDS.map((kind) => (
        <fieldset key={kind} className="play-limits__kind">
          <legend>
            <FormattedMessage id={`play.kind.${kind}`} />
          </legend>
          {LIMIT_PERIODS.map((period) => {
            const limit = view[kind][period];
            const name = fieldName(kind, period);
            const id = `limit-${kind}-${period}`;
            return (
              <div key={period} className="field">
                <label htmlFor={id}>
                  <FormattedMessage id={`play.period.${period}`} /> (GP)
                </label>
                <input
                  id={id}
                  name={name}
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={limit.amount === null ? '' : formatPoints(limit.amount, 'en').replaceAll(',', '')}
                  placeholder={intl.formatMessage({ id: 'play.none' })}
                  aria-invalid={invalid.includes(name) || undefined}
                  aria-describedby={`${id}-used`}
                  data-testid={`limit-${kind}-${period}`}
                />
                <small id={`${id}-used`} className="muted">
                  <FormattedMessage id="play.used" values={{ used: <Points value={limit.used} /> }} />
                  {limit.amount !== null && limit.resetsAt && (
                    <>
                      {' '}
                      <FormattedMessage id="play.resets" values={{ at: <Moment value={limit.resetsAt} /> }} />
                    </>
                  )}
                </small>
                {invalid.includes(name) && (
                  <small className="field__error" role="alert">
                    <FormattedMessage id="field.invalid" />
                  </small>
                )}
                {limit.pending && (
                  <small className="play-limits__pending" data-testid={`pending-${kind}-${period}`}>
                    {limit.pending.amount === null ? (
                      <FormattedMessage id="play.pendingRemoval" values={{ at: <Moment value={limit.pending.effectiveAt} /> }} />
                    ) : (
                      <FormattedMessage id="play.pending" values={{ amount: <Points value={limit.pending.amount} />, at: <Moment value={limit.pending.effectiveAt} /> }} />
                    )}
                  </small>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
      <button type="submit" className="button button--primary" disabled={save.isPending} data-testid="limits-save">
        <FormattedMessage id="play.save" />
      </button>
      {anyPending && (
        <button type="button" className="button" onClick={() => confirm.mutate()} disabled={confirm.isPending} data-testid="limits-confirm">
          <FormattedMessage id="play.confirm" />
        </button>
      )}
    </form>
  );
}

/** A break: the period, then a confirm step (it cannot be cancelled). */
function TakeBreak() {
  const http = useHttp();
  const notify = useNotify();
  const refresh = useRefresh();
  const intl = useIntl();
  const [period, setPeriod] = useState<(typeof TIME_OUT_PERIODS)[number]>('24h');
  const [asking, setAsking] = useState(false);
  const take = useMutation({
    mutationFn: () => http.post<PlayStateView>('/api/me/time-out', { period }),
    onSuccess: async () => {
      setAsking(false);
      await refresh();
    },
    onError: (error) => notify.error(error),
  });
  return (
    <div className="play-break" data-testid="take-break">
      <h3>
        <FormattedMessage id="play.break.title" />
      </h3>
      <p className="muted">
        <FormattedMessage id="play.break.lead" />
      </p>
      <PeriodSelect id="break-period" periods={TIME_OUT_PERIODS} label={(p) => intl.formatMessage({ id: `play.break.${p}` })} value={period} onChange={setPeriod} />
      {!asking ? (
        <button type="button" className="button" onClick={() => setAsking(true)} data-testid="break-take">
          <FormattedMessage id="play.break.take" />
        </button>
      ) : (
        <div role="alertdialog" aria-labelledby="break-confirm-text" className="notice">
          <p id="break-confirm-text">
            <FormattedMessage id="play.break.confirmText" values={{ period: intl.formatMessage({ id: `play.break.${period}` }) }} />
          </p>
          <button type="button" className="button button--primary" onClick={() => take.mutate()} disabled={take.isPending} data-testid="break-confirm">
            <FormattedMessage id="play.break.confirm" />
          </button>
          <button type="button" className="button" onClick={() => setAsking(false)}>
            <FormattedMessage id="account.cancel" />
          </button>
        </div>
      )}
    </div>
  );
}

/** Self-exclusion: the period, the tick box that is the positive action, then the button. */
function SelfExclude() {
  const http = useHttp();
  const notify = useNotify();
  const refresh = useRefresh();
  const intl = useIntl();
  const [period, setPeriod] = useState<(typeof SELF_EXCLUSION_PERIODS)[number]>('6m');
  const [ticked, setTicked] = useState(false);
  const exclude = useMutation({ mutationFn: () => http.post<PlayStateView>('/api/me/self-exclusion', { period, confirm: true }), onSuccess: refresh, onError: (e) => notify.error(e) });
  return (
    <div className="play-exclude" data-testid="self-exclude">
      <h3>
        <FormattedMessage id="play.exclude.title" />
      </h3>
      <p className="muted">
        <FormattedMessage id="play.exclude.lead" />
      </p>
      <PeriodSelect id="exclude-period" periods={SELF_EXCLUSION_PERIODS} label={(p) => intl.formatMessage({ id: `play.exclude.${p}` })} value={period} onChange={setPeriod} />
      <label className="checkbox">
        <input type="checkbox" checked={ticked} onChange={(e) => setTicked(e.target.checked)} />
        <span>
          <FormattedMessage id="play.exclude.tick" />
        </span>
      </label>
      <button type="button" className="button button--danger" disabled={!ticked || exclude.isPending} onClick={() => exclude.mutate()}>
        <FormattedMessage id="play.exclude.start" />
      </button>
    </div>
  );
}

/** A member signed up through a messaging app gives their date of birth once, before they can play. */
function BirthDateForm() {
  const http = useHttp();
  const notify = useNotify();
  const refresh = useRefresh();
  const give = useMutation({ mutationFn: (birthDate: string) => http.request<PlayStateView>('PUT', '/api/me/birth-date', { body: { birthDate } }), onSuccess: refresh, onError: (e) => notify.error(e) });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    give.mutate(String(new FormData(event.currentTarget).get('birthDate') ?? ''));
  };
  return (
    <form className="form notice" onSubmit={submit} data-testid="birth-date-form">
      <label htmlFor="play-birth-date">
        <FormattedMessage id="play.birth.lead" />
      </label>
      <input id="play-birth-date" name="birthDate" type="date" autoComplete="bday" required />
      <button type="submit" className="button button--primary" disabled={give.isPending}>
        <FormattedMessage id="play.birth.save" />
      </button>
    </form>
  );
}

/** A labelled choice of a break's or an exclusion's length (`data-testid` is its id). */
function PeriodSelect<P extends string>({ id, periods, label, value, onChange }: { id: string; periods: readonly P[]; label: (period: P) => string; value: P; onChange: (period: P) => void }) {
  return (
    <>
      <label htmlFor={id}>
        <FormattedMessage id="play.break.period" />
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as P)} data-testid={id}>
        {periods.map((p) => (
          <option key={p} value={p}>
            {label(p)}
          </option>
        ))}
      </select>
    </>
  );
}
