import '../../shared/claims/claims.css';
import { CLAIM_STAFF_STEPS, CLAIM_STEPS, type AdminClaim, type ClaimStep } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ClaimDocumentList, ClaimTimeline } from '../../shared/claims/claim-parts.tsx';
import { Points } from '../../shared/money/points.tsx';
import { Moment } from '../../shared/time/moment.tsx';
import { ACTIONS_COLUMN, AdminListPanel, AdminTable, ID_COLUMN } from './admin-table.tsx';
import { ConsoleNoticeLine, useConsoleAction } from './console-action.tsx';
import { useConsole } from './staff-session.ts';

const CLAIMS_KEY = ['admin', 'claims'] as const;
const COLUMNS = [
  ID_COLUMN,
  { label: 'admin.claims.member' },
  { label: 'admin.claims.product' },
  { label: 'admin.claims.prize', numeric: true },
  { label: 'admin.claims.ticket' },
  { label: 'admin.claims.opened' },
  { label: 'admin.claims.claimBy' },
  { label: 'admin.claims.documents', numeric: true },
  { label: 'admin.claims.step' },
  ACTIONS_COLUMN,
] as const;

/** The step staff record next, or undefined when the next is the large-win release (or the claim is done). */
const nextStaffStep = (step: ClaimStep) => CLAIM_STAFF_STEPS.find((s) => CLAIM_STEPS.indexOf(s) === CLAIM_STEPS.indexOf(step) + 1);

function useAdminClaims(step: ClaimStep | '') {
  const { http } = useConsole();
  return useQuery({ queryKey: [...CLAIMS_KEY, step], queryFn: () => http.get<{ items: AdminClaim[] }>(`/api/admin/claims${step ? `?step=${step}` : ''}`) });
}

/**
 * Big-win claims for staff (issue 33 item 4; docs/back-office.md "Big-win claims"): each open claim
 * with its member, ticket, deadline and documents; a claim's details show its timeline and files and
 * record its next step with a note the member reads. The last step, the credit, is the large-win
 * release in the order queue, not here.
 */
export function ClaimsPage() {
  const intl = useIntl();
  const { http } = useConsole();
  const [step, setStep] = useState<ClaimStep | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const list = useAdminClaims(step);
  const { notice, act } = useConsoleAction(CLAIMS_KEY);
  const items = list.data?.items ?? [];
  const shown = items.find((claim) => claim.id === open);
  const stepName = (s: ClaimStep) => intl.formatMessage({ id: `claims.stepTitle.${s}` });

  function record(event: FormEvent<HTMLFormElement>, claim: AdminClaim, next: ClaimStep) {
    event.preventDefault();
    const form = event.currentTarget;
    const note = String(new FormData(form).get('note') ?? '').trim();
    void act(
      () => http.post<AdminClaim>(`/api/admin/claims/${claim.id}/step`, { step: next, ...(note ? { note } : {}) }),
      () => intl.formatMessage({ id: 'admin.claims.recorded' }, { id: claim.id, step: stepName(next) }),
    ).then((ok) => ok && form.reset());
  }

  return (
    <section aria-labelledby="admin-claims-title">
      <h1 id="admin-claims-title">
        <FormattedMessage id="admin.claims.title" />
      </h1>
      <p className="muted">
        <FormattedMessage id="admin.claims.lead" />
      </p>
      <p className="notice notice--info" data-testid="claims-credit-note">
        <FormattedMessage id="admin.claims.creditNote" /> <Link to="/admin">{intl.formatMessage({ id: 'admin.claims.queueLink' })}</Link>
      </p>
      <div className="admin-actions">
        <label className="field">
          <span className="field__label">
            <FormattedMessage id="admin.claims.filter" />
          </span>
          <select className="field__input" value={step} onChange={(e) => setStep(e.target.value as ClaimStep | '')} data-testid="claims-step-filter">
            <option value="">{intl.formatMessage({ id: 'admin.claims.allOpen' })}</option>
            {CLAIM_STEPS.map((s) => (
              <option key={s} value={s}>
                {stepName(s)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <AdminListPanel
        title="admin.claims.listTitle"
        count={items.length}
        empty="admin.claims.none"
        isEmpty={list.isSuccess && items.length === 0}
        notice={<ConsoleNoticeLine notice={notice} testId="claims-notice" />}
      >
        <AdminTable columns={COLUMNS} testId="admin-claims" variant="admin-table--claims">
          {items.map((claim) => {
            const expanded = open === claim.id;
            return (
              <tr key={claim.id} data-testid="admin-claim" data-id={claim.id} data-step={claim.step} aria-selected={expanded}>
                <td>{claim.id}</td>
                <td className="admin-claim__email">{claim.memberEmail}</td>
                <td>
                  {claim.productCode} · <Link to={`/admin/orders/${claim.orderId}`}>#{claim.orderId}</Link>
                </td>
                <td className="numeric">
                  <Points value={claim.points} />
                </td>
                <td>{claim.ticketRef ?? '—'}</td>
                <td>
                  <Moment value={claim.openedAt} length="short" />
                </td>
                <td>
                  <Moment value={claim.claimBy} length="short" />
                </td>
                <td className="numeric" data-testid="admin-claim-documents">
                  {claim.documents.length}
                </td>
                <td data-testid="admin-claim-step">{stepName(claim.step)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-expanded={expanded}
                    aria-controls={`claim-detail-${claim.id}`}
                    onClick={() => setOpen(expanded ? null : claim.id)}
                    data-testid="admin-claim-toggle"
                  >
                    <FormattedMessage id={expanded ? 'admin.claims.hide' : 'admin.claims.details'} />
                  </button>
                </td>
              </tr>
            );
          })}
        </AdminTable>
        {shown && <ClaimDetail claim={shown} onRecord={record} />}
      </AdminListPanel>
    </section>
  );
}

/**
 * One claim's details, below the list (a table row would stretch the table): the timeline, the
 * member's documents, and the next step with a note the member reads. Focus moves here when it opens.
 */
function ClaimDetail({ claim, onRecord }: { claim: AdminClaim; onRecord: (event: FormEvent<HTMLFormElement>, claim: AdminClaim, next: ClaimStep) => void }) {
  const intl = useIntl();
  const { http } = useConsole();
  const heading = useRef<HTMLHeadingElement>(null);
  const next = nextStaffStep(claim.step);
  useEffect(() => heading.current?.focus(), [claim.id]);
  return (
    <section
      id={`claim-detail-${claim.id}`}
      className="admin-panel admin-claim-detail"
      aria-labelledby={`claim-detail-title-${claim.id}`}
      data-testid="admin-claim-detail"
    >
      <h3 id={`claim-detail-title-${claim.id}`} ref={heading} tabIndex={-1}>
        <FormattedMessage id="admin.claims.detailTitle" values={{ id: claim.id, email: claim.memberEmail }} />
      </h3>
      <div className="admin-claim-detail__grid">
        <div>
          <h4>
            <FormattedMessage id="claims.timeline" />
          </h4>
          <ClaimTimeline claim={claim} reader="staff" />
        </div>
        <div>
          <h4>
            <FormattedMessage id="claims.documents" />
          </h4>
          <ClaimDocumentList documents={claim.documents} http={http} />
          <h4>
            <FormattedMessage id="admin.claims.nextTitle" />
          </h4>
          {next ? (
            <form className="admin-form" onSubmit={(event) => onRecord(event, claim, next)} data-testid="admin-claim-next">
              <label className="field">
                <span className="field__label">
                  <FormattedMessage id="admin.claims.note" />
                </span>
                <input className="field__input" name="note" maxLength={500} autoComplete="off" data-testid="admin-claim-note" />
              </label>
              <button type="submit" className="button button--primary button--small" data-testid="admin-claim-record">
                <FormattedMessage id="admin.claims.record" values={{ step: intl.formatMessage({ id: `claims.stepTitle.${next}` }) }} />
              </button>
            </form>
          ) : (
            <p className="muted" data-testid="admin-claim-release">
              <FormattedMessage id={claim.step === 'credited' ? 'admin.claims.done' : 'admin.claims.awaitingRelease'} />
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
