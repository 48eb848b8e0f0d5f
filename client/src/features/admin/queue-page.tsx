import { QUEUE_KINDS, type QueueItem, type QueueKind, type QueueQuery } from '@gp/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { confirmOrder, useQueue, useQueueFeed } from './queue-api.ts';
import { useDescribeError } from './describe.ts';
import { QueueFigures } from './queue-figures.tsx';
import { QueueRowActions } from './queue-row-actions.tsx';
import { isSupervisor, useConsole } from './staff-session.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

type Panel = { kind: 'confirm' | 'fail' | 'release'; item: QueueItem } | { kind: 'bulk'; items: QueueItem[] } | null;

/** Items that are a purchase to make or check: confirmed with a ticket, or marked failed. */
const PURCHASE_KINDS: readonly QueueKind[] = ['manual_purchase', 'purchase_in_doubt', 'bought_after_refund'];
const isPurchase = (item: QueueItem | undefined): item is QueueItem => !!item?.orderId && PURCHASE_KINDS.includes(item.kind);

const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Whole seconds left until `deadline` on a clock that ticks each second (display only: the data comes by push). */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function TimeLeft({ deadline, now }: { deadline: string | null; now: number }) {
  if (!deadline) return <span className="muted"><FormattedMessage id="admin.queue.pastCutoff" /></span>;
  const seconds = Math.floor((new Date(deadline).getTime() - now) / 1000);
  if (seconds <= 0) return <span className="admin-urgent"><FormattedMessage id="admin.queue.closed" /></span>;
  const text = seconds >= 3600 ? `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m` : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return <span className={seconds < 120 ? 'admin-urgent mono' : 'mono'}>{text}</span>;
}

/**
 * The order queue: what needs a person, most urgent first, live. Keyboard: j/k (or ↓/↑) move,
 * c claims or releases, Enter confirms (ticket reference, then Enter), f marks failed, x marks for
 * a bulk confirmation, b opens it, Esc closes a panel. On a large win Enter opens its release (a
 * supervisor's call); on a held deposit it opens the held-deposits screen.
 */
export function QueuePage() {
  const intl = useIntl();
  const { http, session } = useConsole();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  useQueueFeed();
  const [filters, setFilters] = useState<Partial<QueueQuery>>({ claim: 'any' });
  const queue = useQueue(filters);
  const items = useMemo(() => queue.data?.items ?? [], [queue.data]);
  const [cursor, setCursor] = useState(0);
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const [panel, setPanel] = useState<Panel>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const now = useNow();
  const navigate = useNavigate();
  const supervisor = isSupervisor(session);
  const views = useQuery({ queryKey: ['admin', 'views'], queryFn: () => http.get<{ items: Array<{ id: string; name: string; filters: Partial<QueueQuery> }> }>('/api/admin/queue/views') });
  const tableRef = useRef<HTMLTableSectionElement>(null);

  const current = items[Math.min(cursor, Math.max(0, items.length - 1))];
  useEffect(() => {
    if (cursor >= items.length && items.length > 0) setCursor(items.length - 1);
  }, [cursor, items.length]);
  useEffect(() => {
    tableRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['admin', 'queue'] }), [queryClient]);
  const act = useCallback(
    async (work: () => Promise<unknown>, success: string) => {
      try {
        await work();
        setMessage({ tone: 'success', text: success });
      } catch (error) {
        setMessage({ tone: 'error', text: describe(error) });
      } finally {
        await refresh();
      }
    },
    [describe, refresh],
  );

  const toggleClaim = useCallback(
    (item: QueueItem) =>
      item.claim?.mine
        ? act(() => http.post('/api/admin/queue/release', { key: item.key }), intl.formatMessage({ id: 'admin.queue.released' }))
        : act(() => http.post('/api/admin/queue/claim', { key: item.key }), intl.formatMessage({ id: 'admin.queue.claimed' })),
    [act, http, intl],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return setPanel(null);
      if (panel || typing(event.target) || event.metaKey || event.ctrlKey || event.altKey) return;
      const item = current;
      if (event.key === 'j' || event.key === 'ArrowDown') setCursor((c) => Math.min(c + 1, Math.max(0, items.length - 1)));
      else if (event.key === 'k' || event.key === 'ArrowUp') setCursor((c) => Math.max(0, c - 1));
      else if (event.key === 'c' && item) void toggleClaim(item);
      else if (event.key === 'Enter' && isPurchase(item)) setPanel({ kind: 'confirm', item });
      else if (event.key === 'Enter' && item?.kind === 'large_win') setPanel({ kind: 'release', item });
      else if (event.key === 'Enter' && item?.kind === 'held_deposit') void navigate('/admin/deposits');
      else if (event.key === 'Enter' && item?.kind === 'aml_flag') void navigate('/admin/withdrawals');
      else if (event.key === 'Enter' && item?.kind === 'reconciliation_mismatch') void navigate(`/admin/reports?date=${String(item.detail.date ?? '')}`);
      else if (event.key === 'f' && isPurchase(item)) setPanel({ kind: 'fail', item });
      else if (event.key === 'x' && isPurchase(item))
        setMarked((set) => {
          const next = new Set(set);
          if (!next.delete(item.key)) next.add(item.key);
          return next;
        });
      else if (event.key === 'b' && marked.size > 0) setPanel({ kind: 'bulk', items: items.filter((i) => marked.has(i.key)) });
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, items, marked, navigate, panel, toggleClaim]);

  async function submitConfirm(event: FormEvent<HTMLFormElement>, item: QueueItem) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const scan = form.get('scan');
    const ticketRef = String(form.get('ticketRef') ?? '').trim();
    if (!ticketRef) return;
    setPanel(null);
    await act(() => confirmOrder(item.orderId!, ticketRef, scan instanceof File && scan.size > 0 ? scan : null), intl.formatMessage({ id: 'admin.queue.confirmed' }, { id: item.orderId }));
  }

  async function submitFail(event: FormEvent<HTMLFormElement>, item: QueueItem) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (!reason) return;
    setPanel(null);
    await act(() => http.post(`/api/admin/queue/orders/${item.orderId}/fail`, { reason }), intl.formatMessage({ id: 'admin.queue.failed' }, { id: item.orderId }));
  }

  async function submitRelease(event: FormEvent<HTMLFormElement>, item: QueueItem) {
    event.preventDefault();
    setPanel(null);
    await act(() => http.post(`/api/admin/large-wins/${item.orderId}/release`, {}), intl.formatMessage({ id: 'admin.queue.releasedWin' }, { id: item.orderId }));
  }

  async function submitBulk(event: FormEvent<HTMLFormElement>, stack: QueueItem[]) {
    event.preventDefault();
    const refs = String(new FormData(event.currentTarget).get('refs') ?? '').split('\n').map((r) => r.trim()).filter(Boolean);
    if (refs.length !== stack.length) return setMessage({ tone: 'error', text: intl.formatMessage({ id: 'admin.queue.bulkCount' }, { count: stack.length }) });
    setPanel(null);
    setMarked(new Set());
    await act(async () => {
      const { results } = await http.post<{ results: Array<{ ok: boolean }> }>('/api/admin/queue/bulk-confirm', { items: stack.map((item, i) => ({ orderId: item.orderId, ticketRef: refs[i] })) });
      const failed = results.filter((r) => !r.ok).length;
      if (failed) throw new Error(intl.formatMessage({ id: 'admin.queue.bulkPartial' }, { failed }));
    }, intl.formatMessage({ id: 'admin.queue.bulkDone' }, { count: stack.length }));
  }

  async function saveView() {
    const name = window.prompt(intl.formatMessage({ id: 'admin.queue.viewName' }));
    if (!name) return;
    await act(() => http.post('/api/admin/queue/views', { name, filters: { claim: 'any', ...filters } }), intl.formatMessage({ id: 'admin.queue.viewSaved' }));
    await queryClient.invalidateQueries({ queryKey: ['admin', 'views'] });
  }

  return (
    <section className="admin-queue" aria-labelledby="admin-queue-title">
      <h1 id="admin-queue-title"><FormattedMessage id="admin.queue.title" /></h1>
      {queue.data && <QueueFigures figures={queue.data.figures} />}
      <div className="admin-filters">
        <label className="field field--inline">
          <span className="field__label"><FormattedMessage id="admin.queue.filterKind" /></span>
          <select className="field__input" value={filters.kind ?? ''} onChange={(e) => setFilters((f) => ({ ...f, kind: (e.target.value || undefined) as QueueKind | undefined }))}>
            <option value=""><FormattedMessage id="admin.queue.all" /></option>
            {QUEUE_KINDS.map((kind) => (
              <option key={kind} value={kind}>{intl.formatMessage({ id: `admin.kind.${kind}` })}</option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label"><FormattedMessage id="admin.queue.filterProduct" /></span>
          <input className="field__input" value={filters.productCode ?? ''} maxLength={10} onChange={(e) => setFilters((f) => ({ ...f, productCode: e.target.value.toUpperCase() || undefined }))} />
        </label>
        <label className="field field--inline">
          <span className="field__label"><FormattedMessage id="admin.queue.filterClaim" /></span>
          <select className="field__input" value={filters.claim ?? 'any'} onChange={(e) => setFilters((f) => ({ ...f, claim: e.target.value as QueueQuery['claim'] }))}>
            <option value="any">{intl.formatMessage({ id: 'admin.queue.claimAny' })}</option>
            <option value="free">{intl.formatMessage({ id: 'admin.queue.claimFree' })}</option>
            <option value="mine">{intl.formatMessage({ id: 'admin.queue.claimMine' })}</option>
          </select>
        </label>
        <label className="field field--inline">
          <span className="field__label"><FormattedMessage id="admin.queue.views" /></span>
          <select className="field__input" value="" onChange={(e) => { const view = views.data?.items.find((v) => v.id === e.target.value); if (view) setFilters(view.filters); }}>
            <option value="">—</option>
            {views.data?.items.map((v) => <option key={v.id} value={v.id}>{v.name}</option>)}
          </select>
        </label>
        <button type="button" className="button button--ghost button--small" onClick={() => void saveView()}><FormattedMessage id="admin.queue.saveView" /></button>
      </div>
      <p className="muted admin-keys"><FormattedMessage id="admin.queue.keys" /></p>
      {message && <p className={`notice notice--${message.tone}`} role="status" data-testid="queue-message">{message.text}</p>}
      {panel?.kind === 'confirm' && (
        <form className="admin-panel" onSubmit={(e) => void submitConfirm(e, panel.item)} aria-label={intl.formatMessage({ id: 'admin.queue.confirmTitle' }, { id: panel.item.orderId })}>
          <h2><FormattedMessage id="admin.queue.confirmTitle" values={{ id: panel.item.orderId }} /></h2>
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.queue.ticketRef" /></span>
            <input className="field__input mono" name="ticketRef" required maxLength={200} autoFocus autoComplete="off" />
          </label>
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.queue.scan" /></span>
            <input className="field__input" name="scan" type="file" accept="image/jpeg,image/png,image/webp,application/pdf" capture="environment" />
          </label>
          <button type="submit" className="button button--primary"><FormattedMessage id="admin.queue.confirm" /></button>{' '}
          <button type="button" className="button button--ghost" onClick={() => setPanel(null)}><FormattedMessage id="admin.cancel" /></button>
        </form>
      )}
      {panel?.kind === 'fail' && (
        <form className="admin-panel" onSubmit={(e) => void submitFail(e, panel.item)}>
          <h2><FormattedMessage id="admin.queue.failTitle" values={{ id: panel.item.orderId }} /></h2>
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.queue.failReason" /></span>
            <input className="field__input" name="reason" required maxLength={300} autoFocus autoComplete="off" />
          </label>
          <button type="submit" className="button button--primary"><FormattedMessage id="admin.queue.markFailed" /></button>{' '}
          <button type="button" className="button button--ghost" onClick={() => setPanel(null)}><FormattedMessage id="admin.cancel" /></button>
        </form>
      )}
      {panel?.kind === 'release' && (
        <form className="admin-panel" onSubmit={(e) => void submitRelease(e, panel.item)} data-testid="release-panel">
          <h2><FormattedMessage id="admin.queue.releaseTitle" values={{ id: panel.item.orderId }} /></h2>
          <p>
            <FormattedMessage id="admin.queue.releaseText" values={{ amount: <strong><FormattedNumber value={panel.item.amount / 100} minimumFractionDigits={2} maximumFractionDigits={2} /> GP</strong> }} />
          </p>
          {supervisor ? (
            <button type="submit" className="button button--primary" autoFocus><FormattedMessage id="admin.queue.release" /></button>
          ) : (
            <p className="muted" data-testid="release-supervisor-only"><FormattedMessage id="admin.queue.releaseSupervisorOnly" /></p>
          )}{' '}
          <button type="button" className="button button--ghost" onClick={() => setPanel(null)}><FormattedMessage id="admin.cancel" /></button>
        </form>
      )}
      {panel?.kind === 'bulk' && (
        <form className="admin-panel" onSubmit={(e) => void submitBulk(e, panel.items)} onKeyDown={(e) => { if (e.key === 'Enter' && e.ctrlKey) e.currentTarget.requestSubmit(); }}>
          <h2><FormattedMessage id="admin.queue.bulkTitle" values={{ count: panel.items.length }} /></h2>
          <p className="muted">{panel.items.map((i) => `#${i.orderId}`).join(', ')}</p>
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.queue.bulkRefs" /></span>
            <textarea className="field__input mono" name="refs" rows={Math.min(10, panel.items.length + 1)} required autoFocus />
          </label>
          <button type="submit" className="button button--primary"><FormattedMessage id="admin.queue.confirm" /></button>{' '}
          <button type="button" className="button button--ghost" onClick={() => setPanel(null)}><FormattedMessage id="admin.cancel" /></button>
        </form>
      )}
      <TableWrap>
        <table className="table admin-table" data-testid="queue-table">
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="admin.queue.colTimeLeft" /></th>
              <th scope="col"><FormattedMessage id="admin.queue.colKind" /></th>
              <th scope="col"><FormattedMessage id="admin.queue.colOrder" /></th>
              <th scope="col"><FormattedMessage id="admin.queue.colDraw" /></th>
              <th scope="col"><FormattedMessage id="admin.queue.colMember" /></th>
              <th scope="col" className="numeric"><FormattedMessage id="admin.queue.colLines" /></th>
              <th scope="col" className="numeric"><FormattedMessage id="admin.queue.colAmount" /></th>
              <th scope="col"><FormattedMessage id="admin.queue.colClaim" /></th>
              <th scope="col"><FormattedMessage id="admin.queue.colActions" /></th>
            </tr>
          </thead>
          <tbody ref={tableRef}>
            {items.map((item, index) => (
              <tr
                key={item.key}
                aria-selected={current?.key === item.key}
                className={[current?.key === item.key ? 'admin-row--current' : '', marked.has(item.key) ? 'admin-row--marked' : '', item.claim && !item.claim.mine ? 'admin-row--taken' : ''].join(' ')}
                onClick={() => setCursor(index)}
                data-testid="queue-row"
                data-order={item.orderId ?? ''}
              >
                <td><TimeLeft deadline={item.deadline} now={now} /></td>
                <td>{intl.formatMessage({ id: `admin.kind.${item.kind}` })}</td>
                <td className="mono">{item.orderId ? `#${item.orderId}` : item.key}</td>
                <td>{item.productCode} {item.issue}</td>
                <td>{item.member ? <><span>{item.member.name}</span><br /><span className="muted">{item.member.email}</span></> : '—'}</td>
                <td className="numeric">{item.lines ?? '—'}</td>
                <td className="numeric"><FormattedNumber value={item.amount / 100} minimumFractionDigits={2} maximumFractionDigits={2} /> GP</td>
                <td>
                  {item.claim ? (
                    item.claim.mine ? <strong><FormattedMessage id="admin.queue.claimedByMe" /></strong> : <span><FormattedMessage id="admin.queue.claimedBy" values={{ name: item.claim.byName }} /></span>
                  ) : (
                    <span className="muted"><FormattedMessage id="admin.queue.free" /></span>
                  )}
                </td>
                <td>
                  <QueueRowActions
                    item={item}
                    purchase={isPurchase(item)}
                    onClaim={() => { setCursor(index); void toggleClaim(item); }}
                    onConfirm={() => { setCursor(index); setPanel({ kind: 'confirm', item }); }}
                    onFail={() => { setCursor(index); setPanel({ kind: 'fail', item }); }}
                    onOpen={item.kind === 'large_win' ? () => setPanel({ kind: 'release', item }) : item.kind === 'held_deposit' ? () => void navigate('/admin/deposits') : item.kind === 'aml_flag' ? () => void navigate('/admin/withdrawals') : undefined}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {queue.data && items.length === 0 && <p className="muted" data-testid="queue-empty"><FormattedMessage id="admin.queue.empty" /></p>}
      </TableWrap>
    </section>
  );
}
