import type { LedgerEntry } from '@gp/common';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import type { Column } from '../../shared/ui/column-heads.tsx';
import { LoadError } from '../../shared/ui/load-state.tsx';
import { PagedTable } from '../../shared/ui/paged-table.tsx';
import { LEDGER_PAGE_SIZE, useLedger } from './ledger-query.ts';
import { Points } from '../../shared/money/points.tsx';
import { Moment } from '../../shared/time/moment.tsx';

/**
 * What an entry was, as a sentence: "PIN redeemed", "Order 123 — BINGO BINGO", "Prize of order
 * 123 — BINGO BINGO", "Refund of order 123 — BINGO BINGO · not bought by our staff", "Trial points
 * on sign-up"; the cause's own reference is its tooltip.
 */
function EntryText({ entry }: { entry: LedgerEntry }) {
  const intl = useIntl();
  const product = entry.productCode ? intl.formatMessage({ id: productNameId(entry.productCode) }) : null;
  const order = { id: entry.refId, product: product ?? '' };
  switch (entry.kind) {
    case 'pin':
      return <FormattedMessage id="wallet.line.pin" />;
    case 'order':
    case 'refund':
    case 'prize':
      return entry.refType === 'order' ? (
        <>
          <FormattedMessage id={product ? `wallet.line.${entry.kind}` : `wallet.line.${entry.kind}NoProduct`} values={order} />
          {entry.refundCause && (
            <span className="ledger-line__cause" data-testid="ledger-refund-cause" data-cause={entry.refundCause}>
              {' · '}
              <FormattedMessage id={`wallet.refundCause.${entry.refundCause}`} />
            </span>
          )}
        </>
      ) : (
        <FormattedMessage id={`wallet.kind.${entry.kind}`} />
      );
    case 'adjustment':
      return (
        <FormattedMessage
          id={entry.refType === 'signup-trial' ? 'wallet.line.signupTrial' : entry.refType === 'demo-seed' ? 'wallet.line.demo' : 'wallet.line.adjustment'}
        />
      );
    case 'deposit':
      return <FormattedMessage id="wallet.line.deposit" />;
    case 'withdrawal':
      return <FormattedMessage id={entry.refType === 'withdrawal-return' ? 'wallet.line.withdrawalReturn' : 'wallet.line.withdrawal'} values={{ id: entry.refId }} />;
  }
}

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  return (
    <tr>
      <td>
        <Moment value={entry.createdAt} />
      </td>
      <td title={`${entry.refType} ${entry.refId}`} data-testid="ledger-line">
        <EntryText entry={entry} />
      </td>
      <td>
        <FormattedMessage id={`wallet.account.${entry.account}`} />
      </td>
      <td className={`numeric ${entry.amount < 0 ? 'amount--debit' : 'amount--credit'}`} data-testid="ledger-amount">
        <Points value={entry.amount} signed />
      </td>
      <td className="numeric">
        <Points value={entry.balanceAfter} />
      </td>
    </tr>
  );
}

const COLUMNS: readonly Column[] = [
  { label: 'wallet.ledger.date' },
  { label: 'wallet.ledger.what' },
  { label: 'wallet.ledger.account' },
  { label: 'wallet.ledger.amount', numeric: true },
  { label: 'wallet.ledger.balanceAfter', numeric: true },
];

/** The points history with its pages; each row names its cause (architecture invariant 1). */
export function LedgerTable() {
  const [page, setPage] = useState(1);
  const ledger = useLedger(page);

  if (ledger.isError && !ledger.data) return <LoadError message="wallet.ledger.error" onRetry={() => void ledger.refetch()} />;
  return (
    <PagedTable columns={COLUMNS} list={ledger} pageSize={LEDGER_PAGE_SIZE} emptyMessage="wallet.ledger.empty" testId="ledger" label="wallet.ledger.title" page={page} onPage={setPage}>
      {ledger.data
        ? ledger.data.items.map((entry) => <LedgerRow key={entry.id} entry={entry} />)
        : Array.from({ length: 3 }, (_, i) => (
            <tr key={i} aria-hidden="true">
              <td colSpan={5}><span className="skeleton skeleton--row" /></td>
            </tr>
          ))}
    </PagedTable>
  );
}
