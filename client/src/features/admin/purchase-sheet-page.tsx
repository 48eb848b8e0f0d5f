import { plainPoints, type PurchaseSheet, type SheetConfirmResult } from '@gp/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConsoleNoticeLine, type ConsoleNotice } from './console-action.tsx';
import { useDescribeError } from './describe.ts';
import { postMultipart } from './queue-api.ts';
import { useConsole } from './staff-session.ts';

/**
 * A draw's (or a football event's) purchase sheet (issue 31 item 3; docs/back-office.md): every
 * ticket still to buy, grouped as the terminal keys them, printable (print CSS keeps the lines and
 * an empty reference box per ticket) and as CSV. Back from the terminal, the courier types each
 * ticket's reference, adds its photo, and confirms them together: each ticket once, a retry
 * answering "already confirmed", one refused ticket leaving the others confirmed.
 */
export function PurchaseSheetPage({ per }: { per: 'draw' | 'event' }) {
  const intl = useIntl();
  const describe = useDescribeError();
  const { http } = useConsole();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const productCode = params.get('productCode') ?? '';
  const api = per === 'draw' ? `/api/admin/draws/${encodeURIComponent(id)}/purchase-sheet?productCode=${encodeURIComponent(productCode)}` : `/api/admin/football/events/${encodeURIComponent(id)}/purchase-sheet?`;
  const sheet = useQuery({ queryKey: ['admin', 'sheet', per, id, productCode], queryFn: ({ signal }) => http.get<PurchaseSheet>(api, { signal }) });
  const [results, setResults] = useState<Map<string, SheetConfirmResult['results'][number]>>(new Map());
  const [notice, setNotice] = useState<ConsoleNotice>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const form = new FormData();
    const items: Array<{ orderId: string; ticketRef: string }> = [];
    for (const ticket of sheet.data?.groups.flatMap((g) => g.tickets) ?? []) {
      const ticketRef = String(data.get(`ref.${ticket.orderId}`) ?? '').trim();
      if (!ticketRef) continue;
      items.push({ orderId: ticket.orderId, ticketRef });
      const scan = data.get(`scan.${ticket.orderId}`);
      if (scan instanceof File && scan.size > 0) form.set(`scan.${ticket.orderId}`, scan);
    }
    if (items.length === 0) return setNotice({ tone: 'error', text: intl.formatMessage({ id: 'admin.sheet.nothingEntered' }) });
    form.set('items', JSON.stringify(items));
    setBusy(true);
    try {
      const answer = await postMultipart<SheetConfirmResult>('/api/admin/purchase-sheet/confirm', form);
      setResults(new Map(answer.results.map((r) => [r.orderId, r])));
      const refused = answer.results.filter((r) => r.outcome === 'refused').length;
      const done = answer.results.length - refused;
      setNotice(refused ? { tone: 'error', text: intl.formatMessage({ id: 'admin.sheet.partly' }, { done, refused }) } : { tone: 'success', text: intl.formatMessage({ id: 'admin.sheet.done' }, { done }) });
    } catch (error) {
      setNotice({ tone: 'error', text: describe(error) });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    }
  }

  const data = sheet.data;
  return (
    <section className="admin-sheet" aria-labelledby="admin-sheet-title">
      <h1 id="admin-sheet-title">
        {per === 'draw' ? <FormattedMessage id="admin.sheet.titleDraw" values={{ product: productCode, id }} /> : <FormattedMessage id="admin.sheet.titleEvent" values={{ id }} />}
      </h1>
      {sheet.error && <p className="notice notice--error" role="alert">{describe(sheet.error)}</p>}
      <div className="admin-sheet__controls admin-actions">
        <Link className="button button--ghost button--small" to="/admin"><FormattedMessage id="admin.sheet.back" /></Link>
        <button type="button" className="button button--ghost button--small" onClick={() => window.print()} data-testid="sheet-print"><FormattedMessage id="admin.sheet.print" /></button>
        <a className="button button--ghost button--small" href={`${api}&format=csv`} download data-testid="sheet-csv"><FormattedMessage id="admin.sheet.csv" /></a>
      </div>
      {data && (
        <dl className="admin-sheet__totals" data-testid="sheet-totals">
          <div><dt><FormattedMessage id="admin.sheet.tickets" /></dt><dd>{data.totals.tickets}</dd></div>
          <div><dt><FormattedMessage id="admin.sheet.units" /></dt><dd>{data.totals.units}</dd></div>
          <div><dt><FormattedMessage id="admin.sheet.amount" /></dt><dd>{plainPoints(data.totals.amount)} GP</dd></div>
          <div><dt><FormattedMessage id="admin.sheet.generated" /></dt><dd>{intl.formatDate(data.generatedAt, { dateStyle: 'medium', timeStyle: 'short', timeZoneName: 'short' })}</dd></div>
        </dl>
      )}
      <ConsoleNoticeLine notice={notice} testId="sheet-message" />
      {data && data.totals.tickets === 0 && <p className="muted" data-testid="sheet-empty"><FormattedMessage id="admin.sheet.empty" /></p>}
      {data && data.totals.tickets > 0 && (
        <form onSubmit={(e) => void confirm(e)} className="admin-form">
          {data.groups.map((group) => (
            <div className="admin-sheet__group" key={`${group.productCode}|${group.play}|${group.multiplier}`} data-testid="sheet-group">
              <h2><FormattedMessage id="admin.sheet.group" values={{ product: group.productCode, play: group.play, multiplier: group.multiplier, count: group.tickets.length }} /></h2>
              <div className="table-wrap">
                <table className="table admin-table">
                  <thead>
                    <tr>
                      <th scope="col"><FormattedMessage id="admin.queue.colOrder" /></th>
                      <th scope="col"><FormattedMessage id="admin.sheet.lines" /></th>
                      <th scope="col"><FormattedMessage id="admin.queue.colMember" /></th>
                      <th scope="col" className="numeric"><FormattedMessage id="admin.queue.colAmount" /></th>
                      <th scope="col"><FormattedMessage id="admin.queue.ticketRef" /></th>
                      <th scope="col"><FormattedMessage id="admin.queue.scan" /></th>
                    </tr>
                  </thead>
                  <tbody>
                    {group.tickets.map((ticket) => {
                      const result = results.get(ticket.orderId);
                      return (
                        <tr key={ticket.orderId} data-testid="sheet-ticket" data-order={ticket.orderId}>
                          <td className="mono">#{ticket.orderId}<br /><span className="muted">{ticket.issue}</span></td>
                          <td><ol className="admin-sheet__lines">{ticket.lines.map((line, i) => <li key={i}>{line}</li>)}</ol></td>
                          <td>{ticket.member.name}</td>
                          <td className="numeric"><FormattedNumber value={ticket.amount / 100} minimumFractionDigits={2} maximumFractionDigits={2} /> GP</td>
                          <td>
                            <input className="field__input mono admin-sheet__ref" name={`ref.${ticket.orderId}`} maxLength={200} autoComplete="off" aria-label={intl.formatMessage({ id: 'admin.sheet.refFor' }, { id: ticket.orderId })} />
                            {result && (
                              <span className={`admin-sheet__result--${result.outcome}`} data-testid="sheet-result">
                                {' '}<FormattedMessage id={`admin.sheet.outcome.${result.outcome}`} values={{ error: result.error ?? '' }} />
                              </span>
                            )}
                          </td>
                          <td>
                            <input className="field__input" name={`scan.${ticket.orderId}`} type="file" accept="image/jpeg,image/png,image/webp,application/pdf" capture="environment" aria-label={intl.formatMessage({ id: 'admin.sheet.scanFor' }, { id: ticket.orderId })} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </div>
          ))}
          <div className="admin-sheet__controls">
            <button type="submit" className="button button--primary" disabled={busy} data-testid="sheet-confirm"><FormattedMessage id="admin.sheet.confirm" /></button>
          </div>
        </form>
      )}
    </section>
  );
}
