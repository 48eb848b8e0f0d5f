import { ORDER_STATUS_LABELS, type OrderStatusCode } from '@gp/common';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber } from 'react-intl';
import { Link, useParams } from 'react-router';
import { METHOD_LABEL, STATE_LABEL } from '../../shared/deposits/labels.ts';
import { Points } from '../../shared/money/points.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { useDescribeError } from './describe.ts';
import { MemberActions } from './members-actions.tsx';
import { useMember, type MemberDetail } from './members-api.ts';

const when = (at: string | null) => (at ? <FormattedDate value={at} dateStyle="short" timeStyle="short" /> : '—');

/** A local amount in its currency's minor units (USD 1050 → 10.50 USD). */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  return <><FormattedNumber value={amount / 100} minimumFractionDigits={2} maximumFractionDigits={2} /> {currency}</>;
}

/**
 * One member, everything a worker needs on one page: who they are and whether they are locked,
 * balances, what they owe (a refunded deposit whose points were spent), the actions, the ledger
 * (paged, newest first), their latest orders and deposits.
 */
export function MemberDetailPage() {
  const { id = '' } = useParams();
  const describe = useDescribeError();
  const [ledgerPage, setLedgerPage] = useState(1);
  const query = useMember(id, ledgerPage);

  if (query.isError) return <p className="notice notice--error" role="alert">{describe(query.error)}</p>;
  if (!query.data) return <p className="muted" role="status"><FormattedMessage id="app.loading" /></p>;
  const { member, balance, trialBalance, debt } = query.data;
  return (
    <section aria-labelledby="admin-member-title" className="admin-member">
      <p><Link to="/admin/members"><FormattedMessage id="admin.member.back" /></Link></p>
      <h1 id="admin-member-title">
        {member.name} <span className="muted mono">#{member.id}</span>
        {member.lockedAt && <span className="admin-badge admin-badge--alert"><FormattedMessage id="admin.members.locked" /></span>}
      </h1>
      <dl className="admin-figures" data-testid="member-figures">
        <div><dt><FormattedMessage id="admin.members.email" /></dt><dd className="admin-member__small">{member.email}</dd></div>
        <div><dt><FormattedMessage id="admin.members.joined" /></dt><dd className="admin-member__small">{when(member.createdAt)}</dd></div>
        <div><dt><FormattedMessage id="wallet.account.real" /></dt><dd data-testid="member-balance"><Points value={balance} /></dd></div>
        <div><dt><FormattedMessage id="wallet.account.trial" /></dt><dd><Points value={trialBalance} /></dd></div>
        <div className={debt.outstanding > 0 ? 'admin-figures--alert' : undefined}>
          <dt><FormattedMessage id="admin.member.debt" /></dt>
          <dd data-testid="member-debt"><Points value={debt.outstanding} /></dd>
        </div>
      </dl>
      {member.lockedAt && <p className="notice notice--error"><FormattedMessage id="admin.member.lockedSince" values={{ at: when(member.lockedAt) }} /></p>}
      {debt.outstanding > 0 && (
        <ul className="admin-member__debts" data-testid="member-debts">
          {debt.debts.map((d) => (
            <li key={d.id}>
              <FormattedMessage id="admin.member.debtLine" values={{ remaining: <Points value={d.remaining} />, amount: <Points value={d.amount} />, deposit: d.refId, at: when(d.createdAt) }} />
            </li>
          ))}
        </ul>
      )}
      <MemberActions member={member} />
      <MemberLedger ledger={query.data.ledger} onPage={setLedgerPage} />
      <MemberOrders orders={query.data.orders} />
      <MemberDeposits deposits={query.data.deposits} />
    </section>
  );
}

function MemberLedger({ ledger, onPage }: { ledger: MemberDetail['ledger']; onPage: (page: number) => void }) {
  return (
    <div className="admin-panel">
      <h2><FormattedMessage id="wallet.ledger.title" /> <span className="muted">({ledger.total})</span></h2>
      {ledger.items.length === 0 ? (
        <p className="muted"><FormattedMessage id="wallet.ledger.empty" /></p>
      ) : (
        <div className="table-wrap">
          <table className="table admin-table" data-testid="member-ledger">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="wallet.ledger.date" /></th>
                <th scope="col"><FormattedMessage id="wallet.ledger.what" /></th>
                <th scope="col" className="numeric"><FormattedMessage id="wallet.ledger.amount" /></th>
                <th scope="col" className="numeric"><FormattedMessage id="wallet.ledger.balanceAfter" /></th>
                <th scope="col"><FormattedMessage id="admin.member.cause" /></th>
                <th scope="col"><FormattedMessage id="wallet.ledger.account" /></th>
              </tr>
            </thead>
            <tbody>
              {ledger.items.map((e) => (
                <tr key={e.id} data-testid="ledger-row">
                  <td>{when(e.createdAt)}</td>
                  <td><FormattedMessage id={`wallet.kind.${e.kind}`} /></td>
                  <td className="numeric"><Points value={e.amount} signed /></td>
                  <td className="numeric"><Points value={e.balanceAfter} /></td>
                  <td className="mono admin-change">{e.refType}:{e.refId}</td>
                  <td><FormattedMessage id={`wallet.account.${e.account}`} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={ledger.page} pageCount={Math.ceil(ledger.total / ledger.pageSize)} onChange={onPage} />
    </div>
  );
}

function MemberOrders({ orders }: { orders: MemberDetail['orders'] }) {
  return (
    <div className="admin-panel">
      <h2><FormattedMessage id="admin.member.orders" /> <span className="muted">({orders.total})</span></h2>
      {orders.items.length === 0 ? (
        <p className="muted"><FormattedMessage id="admin.member.noOrders" /></p>
      ) : (
        <div className="table-wrap">
          <table className="table admin-table" data-testid="member-orders">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col"><FormattedMessage id="admin.member.product" /></th>
                <th scope="col"><FormattedMessage id="admin.adjust.colStatus" /></th>
                <th scope="col" className="numeric"><FormattedMessage id="wallet.ledger.amount" /></th>
                <th scope="col"><FormattedMessage id="wallet.ledger.date" /></th>
              </tr>
            </thead>
            <tbody>
              {orders.items.map((o) => (
                <tr key={o.id}>
                  <td className="mono">{o.id}</td>
                  <td className="mono">{o.productCode}</td>
                  <td><FormattedMessage id={`keno.status.${ORDER_STATUS_LABELS[o.status as OrderStatusCode] ?? 'pending_confirmation'}`} /></td>
                  <td className="numeric"><Points value={o.pointsSpent} /></td>
                  <td>{when(o.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function MemberDeposits({ deposits }: { deposits: MemberDetail['deposits'] }) {
  return (
    <div className="admin-panel">
      <h2><FormattedMessage id="wallet.deposits.title" /> <span className="muted">({deposits.total})</span></h2>
      {deposits.items.length === 0 ? (
        <p className="muted"><FormattedMessage id="wallet.deposits.empty" /></p>
      ) : (
        <div className="table-wrap">
          <table className="table admin-table" data-testid="member-deposits">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col"><FormattedMessage id="wallet.ledger.date" /></th>
                <th scope="col" className="numeric"><FormattedMessage id="admin.deposits.amount" /></th>
                <th scope="col"><FormattedMessage id="admin.adjust.colStatus" /></th>
                <th scope="col"><FormattedMessage id="admin.deposits.method" /></th>
                <th scope="col" className="numeric"><FormattedMessage id="admin.deposits.points" /></th>
              </tr>
            </thead>
            <tbody>
              {deposits.items.map((d) => (
                <tr key={d.id}>
                  <td className="mono">{d.id}</td>
                  <td>{when(d.createdAt)}</td>
                  <td className="numeric"><Money amount={d.amount} currency={d.currency} /></td>
                  <td className={d.state === 'held' ? 'admin-urgent' : undefined}><FormattedMessage id={STATE_LABEL[d.state]} /></td>
                  <td><FormattedMessage id={METHOD_LABEL[d.method]} /></td>
                  <td className="numeric"><Points value={d.points} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
