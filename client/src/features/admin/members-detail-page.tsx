import { ORDER_STATUS_LABELS, type OrderStatusCode } from '@gp/common';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { METHOD_LABEL, STATE_LABEL } from '../../shared/deposits/labels.ts';
import { Points } from '../../shared/money/points.tsx';
import type { Column } from '../../shared/ui/column-heads.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Money, when } from './admin-format.tsx';
import { AdminListPanel, AdminTable, ID_COLUMN } from './admin-table.tsx';
import { useDescribeError } from './describe.ts';
import { MemberActions } from './members-actions.tsx';
import { MemberResponsiblePlay } from './members-play.tsx';
import { useMember, type MemberDetail } from './members-api.ts';

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

  if (query.isError)
    return (
      <p className="notice notice--error" role="alert">
        {describe(query.error)}
      </p>
    );
  if (!query.data)
    return (
      <p className="muted" role="status">
        <FormattedMessage id="app.loading" />
      </p>
    );
  const { member, balance, trialBalance, debt, responsiblePlay } = query.data;
  return (
    <section aria-labelledby="admin-member-title" className="admin-member">
      <p>
        <Link to="/admin/members">
          <FormattedMessage id="admin.member.back" />
        </Link>
      </p>
      <h1 id="admin-member-title">
        {member.name} <span className="muted mono">#{member.id}</span>
        {member.lockedAt && (
          <span className="admin-badge admin-badge--alert">
            <FormattedMessage id="admin.members.locked" />
          </span>
        )}
      </h1>
      <dl className="admin-figures" data-testid="member-figures">
        <div>
          <dt>
            <FormattedMessage id="admin.members.email" />
          </dt>
          <dd className="admin-member__small">{member.email}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="admin.members.joined" />
          </dt>
          <dd className="admin-member__small">{when(member.createdAt)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="wallet.account.real" />
          </dt>
          <dd data-testid="member-balance">
            <Points value={balance} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="wallet.account.trial" />
          </dt>
          <dd>
            <Points value={trialBalance} />
          </dd>
        </div>
        <div data-testid="member-age-check">
          <dt>
            <FormattedMessage id="admin.member.ageCheck" />
          </dt>
          <dd className="admin-member__small">
            <FormattedMessage id={`admin.member.ageCheck.${responsiblePlay.state.ageCheck}`} />
            {responsiblePlay.state.birthDate && ` · ${responsiblePlay.state.birthDate}`}
          </dd>
        </div>
        <div data-testid="member-play-state">
          <dt>
            <FormattedMessage id="admin.member.playState" />
          </dt>
          <dd className="admin-member__small">
            <FormattedMessage id={`play.state.${responsiblePlay.state.state}`} values={{ until: responsiblePlay.state.until ? when(responsiblePlay.state.until) : '—' }} />
          </dd>
        </div>
        <div className={debt.outstanding > 0 ? 'admin-figures--alert' : undefined}>
          <dt>
            <FormattedMessage id="admin.member.debt" />
          </dt>
          <dd data-testid="member-debt">
            <Points value={debt.outstanding} />
          </dd>
        </div>
      </dl>
      {member.lockedAt && (
        <p className="notice notice--error">
          <FormattedMessage id="admin.member.lockedSince" values={{ at: when(member.lockedAt) }} />
        </p>
      )}
      {debt.outstanding > 0 && (
        <ul className="admin-member__debts" data-testid="member-debts">
          {debt.debts.map((d) => (
            <li key={d.id}>
              <FormattedMessage
                id="admin.member.debtLine"
                values={{ remaining: <Points value={d.remaining} />, amount: <Points value={d.amount} />, deposit: d.refId, at: when(d.createdAt) }}
              />
            </li>
          ))}
        </ul>
      )}
      <MemberActions member={member} />
      <MemberResponsiblePlay memberId={member.id} play={responsiblePlay} />
      <MemberLedger ledger={query.data.ledger} onPage={setLedgerPage} />
      <MemberOrders orders={query.data.orders} />
      <MemberDeposits deposits={query.data.deposits} />
    </section>
  );
}

function MemberLedger({ ledger, onPage }: { ledger: MemberDetail['ledger']; onPage: (page: number) => void }) {
  return (
    <AdminListPanel title="wallet.ledger.title" count={ledger.total} empty="wallet.ledger.empty" isEmpty={ledger.items.length === 0}>
      <AdminTable columns={LEDGER_COLUMNS} testId="member-ledger">
        {ledger.items.map((e) => (
          <tr key={e.id} data-testid="ledger-row">
            <td>{when(e.createdAt)}</td>
            <td>
              <FormattedMessage id={`wallet.kind.${e.kind}`} />
            </td>
            <td className="numeric">
              <Points value={e.amount} signed />
            </td>
            <td className="numeric">
              <Points value={e.balanceAfter} />
            </td>
            <td className="mono admin-change">
              {e.refType}:{e.refId}
            </td>
            <td>
              <FormattedMessage id={`wallet.account.${e.account}`} />
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={ledger.page} pageCount={Math.ceil(ledger.total / ledger.pageSize)} onChange={onPage} />
    </AdminListPanel>
  );
}

const LEDGER_COLUMNS: readonly Column[] = [
  { label: 'wallet.ledger.date' },
  { label: 'wallet.ledger.what' },
  { label: 'wallet.ledger.amount', numeric: true },
  { label: 'wallet.ledger.balanceAfter', numeric: true },
  { label: 'admin.member.cause' },
  { label: 'wallet.ledger.account' },
];

function MemberOrders({ orders }: { orders: MemberDetail['orders'] }) {
  return (
    <AdminListPanel title="admin.member.orders" count={orders.total} empty="admin.member.noOrders" isEmpty={orders.items.length === 0}>
      <AdminTable columns={ORDER_COLUMNS} testId="member-orders">
        {orders.items.map((o) => (
          <tr key={o.id}>
            <td className="mono">{o.id}</td>
            <td className="mono">{o.productCode}</td>
            <td>
              <FormattedMessage id={`keno.status.${ORDER_STATUS_LABELS[o.status as OrderStatusCode] ?? 'pending_confirmation'}`} />
            </td>
            <td className="numeric">
              <Points value={o.pointsSpent} />
            </td>
            <td>{when(o.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </AdminListPanel>
  );
}

const ORDER_COLUMNS: readonly Column[] = [
  ID_COLUMN,
  { label: 'admin.member.product' },
  { label: 'admin.adjust.colStatus' },
  { label: 'wallet.ledger.amount', numeric: true },
  { label: 'wallet.ledger.date' },
];

function MemberDeposits({ deposits }: { deposits: MemberDetail['deposits'] }) {
  return (
    <AdminListPanel title="wallet.deposits.title" count={deposits.total} empty="wallet.deposits.empty" isEmpty={deposits.items.length === 0}>
      <AdminTable columns={DEPOSIT_COLUMNS} testId="member-deposits">
        {deposits.items.map((d) => (
          <tr key={d.id}>
            <td className="mono">{d.id}</td>
            <td>{when(d.createdAt)}</td>
            <td className="numeric">
              <Money amount={d.amount} currency={d.currency} />
            </td>
            <td className={d.state === 'held' ? 'admin-urgent' : undefined}>
              <FormattedMessage id={STATE_LABEL[d.state]} />
            </td>
            <td>
              <FormattedMessage id={METHOD_LABEL[d.method]} />
            </td>
            <td className="numeric">
              <Points value={d.points} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminListPanel>
  );
}

const DEPOSIT_COLUMNS: readonly Column[] = [
  ID_COLUMN,
  { label: 'wallet.ledger.date' },
  { label: 'admin.deposits.amount', numeric: true },
  { label: 'admin.adjust.colStatus' },
  { label: 'admin.deposits.method' },
  { label: 'admin.deposits.points', numeric: true },
];
