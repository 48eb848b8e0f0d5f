import type { ReportDay } from '@gp/common';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Points } from '../../shared/money/points.tsx';
import { Money } from './admin-format.tsx';
import { useDescribeError } from './describe.ts';
import { useDailyReport, useReconciliation } from './reports-api.ts';

/** Today in the browser's calendar, `YYYY-MM-DD`. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const shiftDay = (day: string, by: number) => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

/** The figures a chart is drawn for, each a GP amount per day. */
const FIGURES = [
  ['charged', (d: ReportDay) => d.totals.charged],
  ['refunds', (d: ReportDay) => d.totals.refunds],
  ['prizes', (d: ReportDay) => d.totals.prizes],
  ['deposits', (d: ReportDay) => d.deposits.reduce((s, x) => s + x.points, 0)],
  ['pins', (d: ReportDay) => d.pins.points],
  ['adjustments', (d: ReportDay) => d.adjustments.credits - d.adjustments.debits],
] as const;

/** One figure per day as bars, inline SVG; the numbers are in the table below it, so the chart is an image with a summary. */
function DayChart({ days, value, label }: { days: readonly ReportDay[]; value: (day: ReportDay) => number; label: string }) {
  const values = days.map(value);
  const top = Math.max(1, ...values.map(Math.abs));
  const width = Math.max(120, days.length * 14);
  return (
    <figure className="admin-chart">
      <figcaption>{label}</figcaption>
      <svg viewBox={`0 0 ${width} 60`} role="img" aria-label={label} preserveAspectRatio="none">
        {values.map((v, i) => {
          const h = Math.round((Math.abs(v) / top) * 56);
          return <rect key={days[i]!.date} x={i * (width / days.length) + 1} y={60 - h} width={Math.max(2, width / days.length - 2)} height={h} className={v < 0 ? 'admin-chart__bar admin-chart__bar--negative' : 'admin-chart__bar'}><title>{`${days[i]!.date}: ${(v / 100).toFixed(2)} GP`}</title></rect>;
        })}
      </svg>
    </figure>
  );
}

/**
 * Reports (issue 31 item 5): the daily report of a range (per day and product; deposits, PINs,
 * adjustments; a chart per figure) and the reconciliation of one day with every mismatch, both
 * downloadable as CSV. The range and the day are in the address (`?from=&to=&date=`).
 */
export function ReportsPage() {
  const intl = useIntl();
  const describe = useDescribeError();
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? shiftDay(localToday(), -1);
  const from = params.get('from') ?? shiftDay(to, -6);
  const date = params.get('date') ?? to;
  const report = useDailyReport(from, to);
  const reconciliation = useReconciliation(date);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setParams({ from: String(form.get('from')), to: String(form.get('to')), date: String(form.get('date')) });
  }

  const days = report.data?.days ?? [];
  return (
    <section aria-labelledby="admin-reports-title">
      <h1 id="admin-reports-title"><FormattedMessage id="admin.reports.title" /></h1>
      <form className="admin-panel admin-filters" onSubmit={submit} key={`${from}${to}${date}`}>
        <label className="field field--inline"><span className="field__label"><FormattedMessage id="admin.orders.from" /></span><input className="field__input" type="date" name="from" defaultValue={from} required /></label>
        <label className="field field--inline"><span className="field__label"><FormattedMessage id="admin.orders.to" /></span><input className="field__input" type="date" name="to" defaultValue={to} required /></label>
        <label className="field field--inline"><span className="field__label"><FormattedMessage id="admin.reports.day" /></span><input className="field__input" type="date" name="date" defaultValue={date} required /></label>
        <button type="submit" className="button button--primary"><FormattedMessage id="admin.reports.show" /></button>
      </form>
      {report.data && <p className="muted"><FormattedMessage id="admin.reports.zone" values={{ zone: report.data.timeZone }} /></p>}

      <h2><FormattedMessage id="admin.reports.reconciliation" values={{ date }} /></h2>
      {reconciliation.isError && <p className="notice notice--error" role="alert">{describe(reconciliation.error)}</p>}
      {reconciliation.data && (
        <div className="admin-panel" data-testid="reconciliation">
          <p className={reconciliation.data.ok ? '' : 'admin-urgent'} role="status">
            <FormattedMessage id={reconciliation.data.ok ? 'admin.reports.agrees' : 'admin.reports.mismatches'} values={{ count: reconciliation.data.mismatches.length }} />
          </p>
          <table className="table admin-table">
            <thead><tr><th scope="col"><FormattedMessage id="admin.reports.check" /></th><th scope="col"><FormattedMessage id="admin.reports.books" /></th><th scope="col"><FormattedMessage id="admin.reports.ledger" /></th><th scope="col" /></tr></thead>
            <tbody>
              {reconciliation.data.figures.map((f) => (
                <tr key={f.check}><th scope="row"><FormattedMessage id={`admin.reports.check.${f.check}`} /></th><td><Points value={f.expected} /></td><td><Points value={f.actual} /></td><td>{f.ok ? '✓' : <span className="admin-urgent">✗</span>}</td></tr>
              ))}
            </tbody>
          </table>
          {reconciliation.data.mismatches.length > 0 && (
            <ul data-testid="mismatches">
              {reconciliation.data.mismatches.map((m) => (
                <li key={`${m.check}-${m.cause}-${m.refType}-${m.refId}`}>
                  <FormattedMessage id={`admin.reports.check.${m.check}`} />: <span className="mono">{m.cause}</span> — {m.refType === 'order' ? <Link to={`/admin/orders/${m.refId}`}>{m.refType} {m.refId}</Link> : `${m.refType} ${m.refId}`}
                  {m.actual !== null && <> (<Points value={m.actual} />)</>}
                </li>
              ))}
            </ul>
          )}
          <a href={`/api/admin/reports/reconciliation?date=${date}&format=csv`} download><FormattedMessage id="admin.reports.csv" /></a>
        </div>
      )}

      <h2><FormattedMessage id="admin.reports.daily" /></h2>
      {report.isError && <p className="notice notice--error" role="alert">{describe(report.error)}</p>}
      {days.length > 0 && (
        <>
          <div className="admin-charts">
            {FIGURES.map(([name, value]) => <DayChart key={name} days={days} value={value} label={intl.formatMessage({ id: `admin.reports.figure.${name}` })} />)}
          </div>
          <a href={`/api/admin/reports/daily?from=${from}&to=${to}&format=csv`} download><FormattedMessage id="admin.reports.csv" /></a>
          <div className="table-wrap">
            <table className="table admin-table" data-testid="daily-report">
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage id="admin.reports.day" /></th>
                  <th scope="col"><FormattedMessage id="admin.orders.product" /></th>
                  <th scope="col"><FormattedMessage id="admin.reports.orders" /></th>
                  <th scope="col"><FormattedMessage id="admin.reports.stake" /></th>
                  <th scope="col"><FormattedMessage id="admin.reports.fees" /></th>
                  <th scope="col"><FormattedMessage id="admin.reports.figure.charged" /></th>
                  <th scope="col"><FormattedMessage id="admin.reports.figure.refunds" /></th>
                  <th scope="col"><FormattedMessage id="admin.reports.figure.prizes" /></th>
                </tr>
              </thead>
              <tbody>
                {days.flatMap((d) => [
                  ...d.products.map((p) => (
                    <tr key={`${d.date}-${p.productCode}`}>
                      <td>{d.date}</td><td>{p.productCode}</td><td>{p.orders}</td>
                      <td><Money amount={p.stake.amount} currency={p.stake.currency} /></td><td><Money amount={p.fees.amount} currency={p.fees.currency} /></td>
                      <td><Points value={p.charged} /></td><td><Points value={p.refunds} /></td><td><Points value={p.prizes} /></td>
                    </tr>
                  )),
                  <tr key={`${d.date}-money`} className="admin-report__day">
                    <td>{d.date}</td>
                    <td colSpan={7}>
                      <FormattedMessage id="admin.reports.moneyLine" values={{ pins: d.pins.count, pinPoints: <Points value={d.pins.points} />, adjustments: d.adjustments.count, credits: <Points value={d.adjustments.credits} />, debits: <Points value={d.adjustments.debits} /> }} />
                      {d.deposits.map((x) => (
                        <span key={`${x.method}-${x.currency}`}> · <FormattedMessage id="admin.reports.depositLine" values={{ method: x.method, count: x.count, money: <Money amount={x.amount} currency={x.currency} />, points: <Points value={x.points} /> }} /></span>
                      ))}
                      <br />
                      <FormattedMessage
                        id="admin.reports.withdrawalLine"
                        values={{
                          requested: d.withdrawals.requested.count,
                          requestedPoints: <Points value={d.withdrawals.requested.points} />,
                          paid: d.withdrawals.paid.count,
                          paidPoints: <Points value={d.withdrawals.paid.points} />,
                          returned: d.withdrawals.returned.count,
                          returnedPoints: <Points value={d.withdrawals.returned.points} />,
                        }}
                      />
                    </td>
                  </tr>,
                ])}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
