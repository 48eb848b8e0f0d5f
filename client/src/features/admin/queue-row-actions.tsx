import type { QueueItem } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

/** Where a manual purchase's draw or event sheet lives in the console (`detail.sheet`, set by the queue). */
export function sheetPath(item: QueueItem): string | null {
  const sheet = item.detail.sheet as { per: 'draw' | 'event'; id: string; productCode: string | null } | null | undefined;
  if (!sheet) return null;
  return sheet.per === 'draw' ? `/admin/draws/${sheet.id}/sheet?productCode=${encodeURIComponent(sheet.productCode ?? '')}` : `/admin/events/${sheet.id}/sheet`;
}

/**
 * A queue row's visible actions (issue 31 item 3): claim or release, confirm, mark failed, and the
 * purchase sheet of its draw, or opening a large win or a held deposit — the keys c, Enter and f,
 * for a mouse or a finger. Each
 * is a real button (at least 44 px high on a touch screen) that does not also move the cursor.
 */
export function QueueRowActions({ item, purchase, onClaim, onConfirm, onFail, onOpen }: { item: QueueItem; purchase: boolean; onClaim: () => void; onConfirm: () => void; onFail: () => void; onOpen?: (() => void) | undefined }) {
  const takenByOther = Boolean(item.claim && !item.claim.mine);
  const sheet = item.kind === 'manual_purchase' ? sheetPath(item) : null;
  const stop = (run: () => void) => (event: React.MouseEvent) => {
    event.stopPropagation();
    run();
  };
  return (
    <div className="admin-actions admin-queue__actions">
      <button type="button" className="button button--ghost button--small" disabled={takenByOther} onClick={stop(onClaim)} data-testid="row-claim">
        <FormattedMessage id={item.claim?.mine ? 'admin.queue.releaseClaim' : 'admin.queue.claim'} />
      </button>
      {purchase && (
        <>
          <button type="button" className="button button--primary button--small" disabled={takenByOther} onClick={stop(onConfirm)} data-testid="row-confirm">
            <FormattedMessage id="admin.queue.confirm" />
          </button>
          <button type="button" className="button button--ghost button--small" disabled={takenByOther} onClick={stop(onFail)} data-testid="row-fail">
            <FormattedMessage id="admin.queue.fail" />
          </button>
        </>
      )}
      {onOpen && (
        <button type="button" className="button button--ghost button--small" onClick={stop(onOpen)} data-testid="row-open">
          <FormattedMessage id="admin.queue.open" />
        </button>
      )}
      {sheet && (
        <Link className="button button--ghost button--small" to={sheet} onClick={(event) => event.stopPropagation()} data-testid="row-sheet">
          <FormattedMessage id="admin.queue.sheet" />
        </Link>
      )}
    </div>
  );
}
