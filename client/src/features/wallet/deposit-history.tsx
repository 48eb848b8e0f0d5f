import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useDeposits, useSettleDebt, useWalletDebt } from '../../shared/deposits/deposits-api.ts';
import { METHOD_LABEL, STATE_LABEL } from '../../shared/deposits/labels.ts';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { Points } from '../../shared/money/points.tsx';
import type { Column } from '../../shared/ui/column-heads.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { Moment } from '../../shared/time/moment.tsx';

const PAGE_SIZE = 5;

const COLUMNS: readonly Column[] = [
  { label: 'deposit.field.time' },
  { label: 'deposit.field.method' },
  { label: 'deposit.field.amount', numeric: true },
  { label: 'deposit.field.points', numeric: true },
  { label: 'deposit.field.result' },
];

/** Issue 14: every deposit attempt with its amount, points, method and state; each opens its result page. */
export function DepositHistory() {
  const [page, setPage] = useState(1);
  const deposits = useDeposits(page, PAGE_SIZE);
  const intl = useIntl();
  return (
    <PagedTable columns={COLUMNS} list={deposits} pageSize={PAGE_SIZE} emptyMessage="wallet.deposits.empty" testId="deposits" label="wallet.deposits.title" page={page} onPage={setPage}>
      {(deposits.data?.items ?? []).map((d) => (
        <tr key={d.id} data-testid="deposit-row" data-state={d.state}>
          <td>
            <Link to={`/deposit-result?id=${d.id}`}>
              <Moment value={d.paidAt ?? d.createdAt} />
            </Link>
          </td>
          <td><FormattedMessage id={METHOD_LABEL[d.method]} /></td>
          <td className="numeric">{formatLocalMoney(d.amount, d.currency, intl.locale)}</td>
          <td className="numeric"><Points value={d.points} /></td>
          <td><FormattedMessage id={STATE_LABEL[d.state]} /></td>
        </tr>
      ))}
    </PagedTable>
  );
}

/** Points a refunded deposit left owing (spent before the refund): ordering waits until they are settled. */
export function WalletDebtNotice() {
  const debt = useWalletDebt();
  const settle = useSettleDebt();
  const translate = useTranslateRef();
  if (!debt.data || debt.data.outstanding <= 0) return null;
  return (
    <div className="notice notice--error" role="alert" data-testid="wallet-debt">
      <p>
        <FormattedMessage id="wallet.debt.body" values={{ points: <Points value={debt.data.outstanding} /> }} />
      </p>
      <button type="button" className="button button--primary button--small" onClick={() => settle.mutate()} disabled={settle.isPending}>
        <FormattedMessage id="wallet.debt.settle" />
      </button>
      <Link to="/deposit" className="button button--ghost button--small">
        <FormattedMessage id="wallet.debt.deposit" />
      </Link>
      {settle.isError && <p>{translate(describeError(settle.error))}</p>}
    </div>
  );
}
