import type { WithdrawalBatch } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Points } from '../../shared/money/points.tsx';
import { Money, when } from './admin-format.tsx';
import { ConsoleNoticeLine, useConsoleAction } from './console-action.tsx';
import { saveFile } from '../../shared/ui/save-file.ts';
import { useConsole } from './staff-session.ts';
import { WITHDRAWALS_KEY } from './withdrawals-api.ts';

/**
 * The recorded bank-transfer batches (docs/withdrawals.md "Batches"): each downloads again as the
 * very file first exported, and is marked paid once with the bank's reference.
 */
export function WithdrawalBatches() {
  const intl = useIntl();
  const { http } = useConsole();
  const list = useQuery({ queryKey: [...WITHDRAWALS_KEY, 'batches'], queryFn: () => http.get<{ items: WithdrawalBatch[] }>('/api/admin/withdrawals/batches') });
  const { notice, act } = useConsoleAction(WITHDRAWALS_KEY);
  const [paying, setPaying] = useState<string | null>(null);
  const items = list.data?.items ?? [];

  const again = (b: WithdrawalBatch) =>
    act(async () => saveFile(`withdrawals-batch-${b.id}.csv`, await http.blob(`/api/admin/withdrawals/batch?format=csv&batchId=${b.id}`)), () => intl.formatMessage({ id: 'admin.withdrawals.batchSaved' }));

  function pay(event: FormEvent<HTMLFormElement>, b: WithdrawalBatch) {
    event.preventDefault();
    const reference = String(new FormData(event.currentTarget).get('reference') ?? '').trim();
    void act(() => http.post(`/api/admin/withdrawals/batches/${b.id}/paid`, { reference }), () => intl.formatMessage({ id: 'admin.withdrawals.batchPaid' }, { id: b.id })).then((ok) => ok && setPaying(null));
  }

  return (
    <div className="admin-panel" data-testid="withdrawal-batches">
      <h2>
        <FormattedMessage id="admin.withdrawals.batches" />
      </h2>
      <ConsoleNoticeLine notice={notice} testId="withdrawal-batch-notice" />
      {list.isSuccess && items.length === 0 && (
        <p className="muted">
          <FormattedMessage id="admin.withdrawals.batchesNone" />
        </p>
      )}
      <ul className="admin-cards">
        {items.map((b) => (
          <li key={b.id} data-testid="withdrawal-batch-row" data-id={b.id}>
            <FormattedMessage
              id="admin.withdrawals.batchLine"
              values={{ id: b.id, count: b.count, points: <Points value={b.totalPoints} />, payout: <Money amount={b.totalPayout} currency={b.currency} />, name: b.createdByName, at: when(b.createdAt) }}
            />
            {b.paidReference ? (
              <span className="mono">
                {' · '}
                <FormattedMessage id="admin.withdrawals.batchPaidRef" values={{ reference: b.paidReference }} />
              </span>
            ) : null}
            <div className="admin-actions">
              <button type="button" className="button button--ghost button--small" onClick={() => void again(b)}>
                <FormattedMessage id="admin.withdrawals.batchDownload" />
              </button>
              {!b.paidReference && (
                <button type="button" className="button button--primary button--small" onClick={() => setPaying(b.id)} data-testid="withdrawal-batch-pay">
                  <FormattedMessage id="admin.withdrawals.batchPay" />
                </button>
              )}
            </div>
            {paying === b.id && (
              <form className="admin-form admin-form--row" onSubmit={(event) => pay(event, b)} onKeyDown={(e) => e.key === 'Escape' && setPaying(null)}>
                <label className="field">
                  <span className="field__label">
                    <FormattedMessage id="admin.withdrawals.reference" />
                  </span>
                  <input className="field__input" name="reference" required maxLength={100} autoFocus autoComplete="off" data-testid="withdrawal-batch-reference" />
                </label>
                <button type="submit" className="button button--primary button--small" data-testid="withdrawal-batch-submit">
                  <FormattedMessage id="admin.withdrawals.batchPay" />
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
