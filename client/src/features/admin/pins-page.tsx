import type { PinBatch } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { Column } from '../../shared/ui/column-heads.tsx';
import { ACTIONS_COLUMN, AdminTable } from './admin-table.tsx';
import { ConsoleNoticeLine, useConsoleAction } from './console-action.tsx';
import { saveFile } from '../../shared/ui/save-file.ts';
import { exportPinBatch } from './pins-api.ts';
import { isSupervisor, useConsole } from './staff-session.ts';
import { Moment } from '../../shared/time/moment.tsx';

const KEY = ['admin', 'pin-batches'];

/**
 * PIN batches: issue one (count, points, expiry, note) → the list (issued, redeemed, voided,
 * expiry, who) → download its codes as CSV, once (the codes are never shown on screen, and a second
 * export is refused) → a supervisor voids the codes nobody redeemed. A batch past its issuer's
 * daily bound waits for another supervisor's approval before it can be downloaded (docs/money-controls.md).
 */
export function PinsPage() {
  const intl = useIntl();
  const { http, session } = useConsole();
  const { notice, act } = useConsoleAction(KEY);
  const [confirmVoid, setConfirmVoid] = useState<string | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: () => http.get<{ items: PinBatch[] }>('/api/admin/pin-batches') });

  async function issue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const expires = String(form.get('expiresAt') ?? '');
    const note = String(form.get('note') ?? '').trim();
    const issued = await act(
      () =>
        http.post<PinBatch>('/api/admin/pin-batches', {
          count: Number(form.get('count')),
          points: Math.round(Number(form.get('points')) * 100),
          ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
          ...(note ? { note } : {}),
        }),
      (batch) =>
        intl.formatMessage({ id: batch.approval === 'pending' ? 'admin.pins.issuedPending' : 'admin.pins.issued' }, { id: batch.id, count: batch.count }),
    );
    if (issued) formElement.reset();
  }

  async function download(batch: PinBatch) {
    await act(
      async () => {
        const file = await exportPinBatch(batch.id);
        saveFile(file.filename, file.blob);
      },
      () => intl.formatMessage({ id: 'admin.pins.exported' }, { id: batch.id }),
    );
  }

  async function approve(batch: PinBatch) {
    await act(
      () => http.post<PinBatch>(`/api/admin/pin-batches/${batch.id}/approve`),
      () => intl.formatMessage({ id: 'admin.pins.approvedNow' }, { id: batch.id }),
    );
  }

  async function voidBatch(batch: PinBatch) {
    setConfirmVoid(null);
    await act(
      () => http.post<PinBatch>(`/api/admin/pin-batches/${batch.id}/void`),
      (after) => intl.formatMessage({ id: 'admin.pins.voidedNow' }, { id: batch.id, voided: after.voided, redeemed: after.redeemed }),
    );
  }

  return (
    <section aria-labelledby="admin-pins-title">
      <h1 id="admin-pins-title">
        <FormattedMessage id="admin.pins.title" />
      </h1>
      <ConsoleNoticeLine notice={notice} testId="pins-message" />
      <form className="admin-panel admin-pins__form" onSubmit={(e) => void issue(e)} aria-label={intl.formatMessage({ id: 'admin.pins.issueTitle' })}>
        <label className="field">
          <span className="field__label">
            <FormattedMessage id="admin.pins.count" />
          </span>
          <input className="field__input" name="count" type="number" min={1} max={10000} step={1} required />
        </label>
        <label className="field">
          <span className="field__label">
            <FormattedMessage id="admin.pins.points" />
          </span>
          <input className="field__input" name="points" type="number" min={0.01} step={0.01} required />
        </label>
        <label className="field">
          <span className="field__label">
            <FormattedMessage id="admin.pins.expires" />
          </span>
          <input className="field__input" name="expiresAt" type="date" />
        </label>
        <label className="field admin-pins__note">
          <span className="field__label">
            <FormattedMessage id="admin.pins.note" />
          </span>
          <input className="field__input" name="note" maxLength={200} />
        </label>
        <button type="submit" className="button button--primary">
          <FormattedMessage id="admin.pins.issue" />
        </button>
      </form>
      <p className="muted">
        <FormattedMessage id="admin.pins.once" />
      </p>
      <AdminTable columns={BATCH_COLUMNS} testId="pin-batches-table" variant="admin-table--cards admin-table--pins">
        {list.data?.items.map((batch) => (
          <tr key={batch.id} data-testid="pin-batch-row" data-id={batch.id}>
            <td>
              <strong>#{batch.id}</strong> {batch.note && <span className="admin-pins__text">{batch.note}</span>}
              {batch.voidedAt && (
                <>
                  {' '}
                  <span className="admin-badge admin-badge--alert">
                    <FormattedMessage id="admin.pins.voided" />
                  </span>
                </>
              )}
              {batch.approval === 'pending' && !batch.voidedAt && (
                <>
                  {' '}
                  <span className="admin-badge" data-testid="pin-batch-pending">
                    <FormattedMessage id="admin.pins.awaitingApproval" />
                  </span>
                </>
              )}
              {batch.approval === 'approved' && (
                <span className="muted admin-pins__text">
                  <FormattedMessage id="admin.pins.approvedBy" values={{ name: batch.approvedByName ?? '—' }} />
                </span>
              )}
            </td>
            <td className="numeric" data-testid="pin-batch-counts">
              <FormattedMessage id="admin.pins.counts" values={{ count: batch.count, redeemed: batch.redeemed, voided: batch.voided }} />
            </td>
            <td className="numeric">
              <FormattedNumber value={batch.points / 100} minimumFractionDigits={2} /> GP
            </td>
            <td>{batch.expiresAt ? <FormattedDate value={batch.expiresAt} dateStyle="medium" /> : '—'}</td>
            <td>
              {batch.createdByName ?? '—'}{' '}
              <span className="muted">
                <Moment value={batch.createdAt} length="short" />
              </span>
            </td>
            <td>
              <div className="admin-actions">
                {batch.approval === 'pending' ? (
                  // Another supervisor approves; nobody downloads it before.
                  isSupervisor(session) &&
                  batch.createdBy !== session.user.id &&
                  !batch.voidedAt && (
                    <button type="button" className="button button--primary button--small" onClick={() => void approve(batch)}>
                      <FormattedMessage id="admin.pins.approve" />
                    </button>
                  )
                ) : batch.exportedAt ? (
                  <span className="muted">
                    <FormattedMessage
                      id="admin.pins.exportedAt"
                      values={{ at: intl.formatDate(batch.exportedAt, { dateStyle: 'short', timeStyle: 'short' }) }}
                    />
                  </span>
                ) : (
                  <button type="button" className="button button--primary button--small" onClick={() => void download(batch)}>
                    <FormattedMessage id="admin.pins.export" />
                  </button>
                )}
                {isSupervisor(session) &&
                  !batch.voidedAt &&
                  batch.redeemed < batch.count &&
                  (confirmVoid === batch.id ? (
                    <>
                      <button type="button" className="button admin-button--danger button--small" onClick={() => void voidBatch(batch)} autoFocus>
                        <FormattedMessage id="admin.pins.voidConfirm" values={{ n: batch.count - batch.redeemed }} />
                      </button>
                      <button type="button" className="button button--ghost button--small" onClick={() => setConfirmVoid(null)}>
                        <FormattedMessage id="admin.pins.cancel" />
                      </button>
                    </>
                  ) : (
                    <button type="button" className="button button--ghost button--small" onClick={() => setConfirmVoid(batch.id)}>
                      <FormattedMessage id="admin.pins.void" />
                    </button>
                  ))}
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

const BATCH_COLUMNS: readonly Column[] = [
  { label: 'admin.pins.colBatch' },
  { label: 'admin.pins.colCounts', numeric: true },
  { label: 'admin.pins.points', numeric: true },
  { label: 'admin.pins.expires' },
  { label: 'admin.pins.colWho' },
  ACTIONS_COLUMN,
];
