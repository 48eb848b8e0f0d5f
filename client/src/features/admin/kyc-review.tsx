import type { KycReviewItem } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useObjectUrl } from '../../shared/ui/use-object-url.ts';
import { when } from './admin-format.tsx';
import { AdminListPanel } from './admin-table.tsx';
import { ConsoleNoticeLine, useConsoleAction } from './console-action.tsx';
import { useConsole } from './staff-session.ts';
import { useKycQueue, WITHDRAWALS_KEY } from './withdrawals-api.ts';

/** A submission's file, fetched with the staff session (a plain link would carry no token), opened in a new tab. */
function KycFile({ url, label }: { url: string; label: 'admin.kyc.document' | 'admin.kyc.selfie' }) {
  const { http } = useConsole();
  const [asked, setAsked] = useState(false);
  const file = useQuery({ queryKey: ['admin', 'kyc', 'file', url], queryFn: () => http.blob(url), enabled: asked, staleTime: Infinity });
  const objectUrl = useObjectUrl(file.data);
  if (objectUrl) {
    return (
      <a href={objectUrl} target="_blank" rel="noreferrer" data-testid="kyc-file">
        <FormattedMessage id={label} />
      </a>
    );
  }
  return (
    <button type="button" className="button button--ghost button--small" onClick={() => setAsked(true)} disabled={asked}>
      <FormattedMessage id={label} />
    </button>
  );
}

/** Identity checks waiting for staff (issue 33 item 1): approve, reject with a reason, or ask for another document. */
export function KycReview() {
  const intl = useIntl();
  const { http } = useConsole();
  const queue = useKycQueue();
  const { notice, act } = useConsoleAction(WITHDRAWALS_KEY);
  const [asking, setAsking] = useState<{ id: string; decision: 'reject' | 'more_needed' } | null>(null);
  const items = queue.data?.items ?? [];

  const decide = (item: KycReviewItem, decision: 'approve' | 'reject' | 'more_needed', reason?: string) =>
    act(() => http.post(`/api/admin/kyc/${item.id}/decision`, { decision, reason }), () => intl.formatMessage({ id: `admin.kyc.done.${decision}` }, { email: item.memberEmail }));

  function withReason(event: FormEvent<HTMLFormElement>, item: KycReviewItem) {
    event.preventDefault();
    if (!asking) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    void decide(item, asking.decision, reason).then((ok) => ok && setAsking(null));
  }

  return (
    <AdminListPanel title="admin.kyc.title" count={items.length} empty="admin.kyc.none" isEmpty={queue.isSuccess && items.length === 0} notice={<ConsoleNoticeLine notice={notice} testId="kyc-notice" />}>
      <ul className="admin-cards" data-testid="kyc-queue">
        {items.map((item) => (
          <li key={item.id} className="admin-panel" data-testid="kyc-item" data-email={item.memberEmail}>
            <p>
              <strong>{item.memberEmail}</strong> <span className="muted">#{item.userId} · {when(item.submittedAt)}</span>
            </p>
            <p>
              <FormattedMessage id="admin.kyc.account" values={{ name: item.accountName, bank: item.bankCode, number: item.accountNumber }} />
            </p>
            <p data-testid="kyc-birth-date">
              {item.birthDate ? (
                <FormattedMessage id="admin.kyc.birthDate" values={{ date: item.birthDate }} />
              ) : (
                <FormattedMessage id="admin.kyc.birthDateMissing" />
              )}
            </p>
            <div className="admin-actions">
              <KycFile url={item.documentUrl} label="admin.kyc.document" />
              <KycFile url={item.selfieUrl} label="admin.kyc.selfie" />
            </div>
            <div className="admin-actions">
              <button type="button" className="button button--primary button--small" onClick={() => void decide(item, 'approve')} data-testid="kyc-approve">
                <FormattedMessage id="admin.kyc.approve" />
              </button>
              <button type="button" className="button button--ghost button--small" onClick={() => setAsking({ id: item.id, decision: 'reject' })}>
                <FormattedMessage id="admin.kyc.reject" />
              </button>
              <button type="button" className="button button--ghost button--small" onClick={() => setAsking({ id: item.id, decision: 'more_needed' })}>
                <FormattedMessage id="admin.kyc.moreNeeded" />
              </button>
            </div>
            {asking?.id === item.id && (
              <form className="admin-form admin-form--row" onSubmit={(event) => withReason(event, item)} onKeyDown={(e) => e.key === 'Escape' && setAsking(null)}>
                <label className="field">
                  <span className="field__label">
                    <FormattedMessage id={asking.decision === 'reject' ? 'admin.kyc.rejectReason' : 'admin.kyc.moreNeededReason'} />
                  </span>
                  <input className="field__input" name="reason" required maxLength={500} autoFocus autoComplete="off" />
                </label>
                <button type="submit" className="button button--primary button--small">
                  <FormattedMessage id={asking.decision === 'reject' ? 'admin.kyc.reject' : 'admin.kyc.moreNeeded'} />
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </AdminListPanel>
  );
}
