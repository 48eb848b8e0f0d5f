import './claims.css';
import { CLAIM_STEPS, type Claim, type ClaimDocument } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { HttpClient } from '../api/http-client.ts';
import { Moment } from '../time/moment.tsx';
import { useObjectUrl } from '../ui/use-object-url.ts';

/**
 * A claim's steps, all of CLAIM_STEPS in order: the ones done with their date (and zone) and
 * staff's note, the current one marked, the ones still to come plainly so. Read by the member's
 * claim page and the console's claims screen alike (`reader="staff"`: the credit is the member's account, not "yours").
 */
export function ClaimTimeline({ claim, reader = 'member' }: { claim: Pick<Claim, 'step' | 'timeline'>; reader?: 'member' | 'staff' }) {
  const current = CLAIM_STEPS.indexOf(claim.step);
  return (
    <ol className="claim-timeline" data-testid="claim-timeline">
      {CLAIM_STEPS.map((step, index) => {
        const done = claim.timeline.find((entry) => entry.step === step);
        const state = done ? (index === current ? 'current' : 'done') : 'to-come';
        return (
          <li
            key={step}
            className={`claim-timeline__step claim-timeline__step--${state}`}
            data-testid="claim-step"
            data-step={step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="claim-timeline__mark" aria-hidden="true">
              {done ? '✓' : index + 1}
            </span>
            <div className="claim-timeline__body">
              <strong>
                <FormattedMessage id={reader === 'staff' && step === 'credited' ? 'claims.stepTitle.creditedStaff' : `claims.stepTitle.${step}`} />
              </strong>
              <span className="muted">{done ? <Moment value={done.at} /> : <FormattedMessage id="claims.toCome" />}</span>
              {done?.note && (
                <p className="claim-timeline__note" data-testid="claim-step-note">
                  <FormattedMessage id="claims.note" values={{ note: done.note }} />
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

const KINDS: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' };

/** One document: fetched with the reader's own session (a plain link carries no token), then opened from memory in a new tab. */
function DocumentLink({ document, http }: { document: ClaimDocument; http: HttpClient }) {
  const [asked, setAsked] = useState(false);
  const file = useQuery({
    queryKey: ['claim-document', document.url],
    queryFn: () => http.blob(document.url!),
    enabled: asked && document.url !== null,
    staleTime: Infinity,
  });
  const objectUrl = useObjectUrl(file.data);
  if (!document.url) {
    return (
      <span className="muted">
        <FormattedMessage id="claims.documentDeleted" />
      </span>
    );
  }
  if (objectUrl) {
    return (
      <a href={objectUrl} target="_blank" rel="noreferrer" download={document.name} data-testid="claim-document-open">
        <FormattedMessage id="claims.documentSave" />
      </a>
    );
  }
  return (
    <button type="button" className="button button--ghost button--small" onClick={() => setAsked(true)} disabled={asked} data-testid="claim-document-fetch">
      <FormattedMessage id={file.isError ? 'claims.documentFailed' : 'claims.documentOpen'} />
    </button>
  );
}

/** The documents sent for a claim: name, kind, size and when, each to open. */
export function ClaimDocumentList({ documents, http }: { documents: readonly ClaimDocument[]; http: HttpClient }) {
  const intl = useIntl();
  if (documents.length === 0) {
    return (
      <p className="muted" data-testid="claim-documents-none">
        <FormattedMessage id="claims.documentsNone" />
      </p>
    );
  }
  return (
    <ul className="claim-documents" data-testid="claim-documents">
      {documents.map((document) => (
        <li key={document.id} className="claim-documents__item" data-testid="claim-document">
          <div className="claim-documents__text">
            <strong className="claim-documents__name">{document.name}</strong>
            <span className="muted">
              {KINDS[document.contentType] ?? document.contentType} ·{' '}
              {intl.formatNumber(Math.max(1, Math.round(document.size / 1024)), { style: 'unit', unit: 'kilobyte' })} ·{' '}
              <Moment value={document.uploadedAt} length="short" />
            </span>
          </div>
          <DocumentLink document={document} http={http} />
        </li>
      ))}
    </ul>
  );
}
