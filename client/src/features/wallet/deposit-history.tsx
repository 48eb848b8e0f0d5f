import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useDeposits, useSettleDebt, useWalletDebt } from '../../shared/deposits/deposits-api.ts';
import { METHOD_LABEL, STATE_LABEL } from '../../shared/deposits/labels.ts';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { Points } from '../../shared/money/points.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';

const PAGE_SIZE = 5;

/** Issue 14: every deposit attempt with its amount, points, method and state; each opens its result page. */
export function DepositHistory() {
  const [page, setPage] = useState(1);
  const deposits = useDeposits(page, PAGE_SIZE);
  const intl = useIntl();
  const pageCount = deposits.data ? Math.max(1, Math.ceil(deposits.data.total / PAGE_SIZE)) : 1;
  if (deposits.data?.items.length === 0 && page === 1) {
    return (
      <p className="empty-state" data-testid="deposits-empty">
        <FormattedMessage id="wallet.deposits.empty" />
      </p>
    );
  }
  return (
    <>
      <div className="table-wrap" aria-busy={deposits.isFetching}>
        <table className="table" data-testid="deposits-table">
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="deposit.field.time" /></th>
              <th scope="col"><FormattedMessage id="deposit.field.method" /></th>
              <th scope="col" className="numeric"><FormattedMessage id="deposit.field.amount" /></th>
              <th scope="col" className="numeric"><FormattedMessage id="deposit.field.points" /></th>
              <th scope="col"><FormattedMessage id="deposit.field.result" /></th>
            </tr>
          </thead>
          <tbody>
            {(deposits.data?.items ?? []).map((d) => (
              <tr key={d.id} data-testid="deposit-row" data-state={d.state}>
                <td>
                  <Link to={`/deposit-result?id=${d.id}`}>
                    <FormattedDate value={d.paidAt ?? d.createdAt} dateStyle="medium" timeStyle="short" />
                  </Link>
                </td>
                <td><FormattedMessage id={METHOD_LABEL[d.method]} /></td>
                <td className="numeric">{formatLocalMoney(d.amount, d.currency, intl.locale)}</td>
                <td className="numeric"><Points value={d.points} /></td>
                <td><FormattedMessage id={STATE_LABEL[d.state]} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageCount={pageCount} onChange={setPage} />
    </>
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
