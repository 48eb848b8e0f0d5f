import { MATCH_STATUSES, type PendingResult } from '@gp/common';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** "3 13 23, 33 39" → [3, 13, 23, 33, 39]; anything that is not a whole number is kept as NaN so the server names the field. */
const numbersOf = (text: string) => text.split(/[\s,，、]+/).filter(Boolean).map(Number);

/**
 * One staff member's entry of a result, typed from the official sheet: keno's numbers in draw
 * order (the last is the super number), a draw lottery's zones / extra / multiplier, or a match's
 * facts (or its void status). The first field takes the focus: Enter submits.
 */
export function ResultEntryForm({ item, onSubmit, busy }: { item: PendingResult; onSubmit: (result: Record<string, unknown>) => void; busy: boolean }) {
  const intl = useIntl();
  const [status, setStatus] = useState<string>('played');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    if (item.targetType === 'keno_draw') return onSubmit({ numbers: numbersOf(text('numbers')) });
    if (item.targetType === 'lottery_draw') {
      const zones = (item.shape?.zones ?? [{ pick: 0, max: 0 }]).map((_, i) => numbersOf(text(`zone${i}`)));
      const extra = item.shape?.extra ? numbersOf(text('extra')) : [];
      return onSubmit({ zones, extra, ...(item.shape?.multiplier ? { multiplier: Number(text('multiplier')) } : {}) });
    }
    if (status !== 'played') return onSubmit({ status });
    const goals = (name: string) => ({ home: Number(text(`${name}Home`)), away: Number(text(`${name}Away`)) });
    const first = text('firstTeamToScore');
    return onSubmit({
      status,
      halfTime: goals('half'),
      fullTime: goals('full'),
      corners: Number(text('corners')),
      firstTeamToScore: first === '' ? null : first,
      ...(text('firstScorer') ? { firstScorer: text('firstScorer') } : { firstScorer: null }),
    });
  }

  const numberField = (name: string, label: string, hint?: string) => (
    <label className="field" key={name}>
      <span className="field__label">{label}</span>
      <input className="field__input mono" name={name} required autoComplete="off" inputMode="numeric" aria-describedby={hint ? `${name}-hint` : undefined} autoFocus={name === 'numbers' || name === 'zone0'} />
      {hint && <span className="field__hint" id={`${name}-hint`}>{hint}</span>}
    </label>
  );
  const goal = (name: string, label: string) => (
    <label className="field admin-results__goal">
      <span className="field__label">{label}</span>
      <input className="field__input" name={name} type="number" min={0} max={99} required />
    </label>
  );

  return (
    <form className="admin-form" onSubmit={submit} data-testid="result-entry-form">
      {item.targetType === 'keno_draw' && numberField('numbers', intl.formatMessage({ id: 'admin.results.numbers' }), intl.formatMessage({ id: 'admin.results.kenoHint' }))}
      {item.targetType === 'lottery_draw' && (
        <>
          {(item.shape?.zones ?? []).map((zone, i) =>
            numberField(`zone${i}`, intl.formatMessage({ id: 'admin.results.zone' }, { n: i + 1 }), intl.formatMessage({ id: 'admin.results.zoneHint' }, { pick: zone.pick, max: zone.max })),
          )}
          {item.shape && item.shape.extra > 0 && numberField('extra', intl.formatMessage({ id: 'admin.results.extra' }))}
          {item.shape?.multiplier && numberField('multiplier', intl.formatMessage({ id: 'admin.results.multiplier' }))}
        </>
      )}
      {item.targetType === 'football_event' && (
        <>
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.results.matchStatus" /></span>
            <select className="field__input" name="status" value={status} onChange={(e) => setStatus(e.target.value)} autoFocus>
              {MATCH_STATUSES.map((s) => (
                <option key={s} value={s}>{intl.formatMessage({ id: `admin.results.status.${s}` })}</option>
              ))}
            </select>
          </label>
          {status === 'played' && (
            <div className="admin-form--row">
              {goal('halfHome', intl.formatMessage({ id: 'admin.results.halfHome' }))}
              {goal('halfAway', intl.formatMessage({ id: 'admin.results.halfAway' }))}
              {goal('fullHome', intl.formatMessage({ id: 'admin.results.fullHome' }))}
              {goal('fullAway', intl.formatMessage({ id: 'admin.results.fullAway' }))}
              {goal('corners', intl.formatMessage({ id: 'admin.results.corners' }))}
              <label className="field">
                <span className="field__label"><FormattedMessage id="admin.results.firstTeam" /></span>
                <select className="field__input" name="firstTeamToScore" defaultValue="">
                  <option value="">{intl.formatMessage({ id: 'admin.results.noGoal' })}</option>
                  <option value="H">{intl.formatMessage({ id: 'admin.results.home' })}</option>
                  <option value="A">{intl.formatMessage({ id: 'admin.results.away' })}</option>
                </select>
              </label>
              <label className="field">
                <span className="field__label"><FormattedMessage id="admin.results.firstScorer" /></span>
                <input className="field__input mono" name="firstScorer" autoComplete="off" />
              </label>
            </div>
          )}
        </>
      )}
      <button type="submit" className="button button--primary" disabled={busy}><FormattedMessage id="admin.results.submit" /></button>
    </form>
  );
}
