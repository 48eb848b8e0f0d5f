import '../../shared/claims/claims.css';
import { CLAIM_DOCUMENT_STEPS, type Claim } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useHttp } from '../../shared/api/services.tsx';
import { ClaimDocumentList, ClaimTimeline } from '../../shared/claims/claim-parts.tsx';
import { Points } from '../../shared/money/points.tsx';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { Moment } from '../../shared/time/moment.tsx';
import { LoadError, Loading } from '../../shared/ui/load-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { SectionCard } from '../../shared/ui/section-card.tsx';
import { useClaim } from './claims-api.ts';
import { ClaimUpload } from './claim-upload.tsx';
import { useProductName } from './product-name.ts';

/**
 * `/claims/:id` (linked from each step's inbox message): the win, the ticket we hold, the operator's
 * terms and deadline, every step done and to come, and the documents (sent here while asked for).
 */
export function ClaimPage() {
  usePageTitle('claims.pageTitle');
  const { id = '' } = useParams();
  const claim = useClaim(id);
  return (
    <div className="container page page--narrow">
      <p>
        <Link to="/claims">
          <FormattedMessage id="claims.back" />
        </Link>
      </p>
      <PageHeader title="claims.claimTitle" lead="claims.claimLead" />
      {claim.isError && !claim.data && <LoadError message="claims.loadError" onRetry={() => void claim.refetch()} testId="claim-error" />}
      {!claim.data && claim.isPending && <Loading />}
      {claim.data && <ClaimDetail claim={claim.data} />}
    </div>
  );
}

function ClaimDetail({ claim }: { claim: Claim }) {
  const http = useHttp();
  const productName = useProductName();
  const terms = claim.operatorTerms;
  const asked = claim.step === 'documents_requested';
  return (
    <div className="claim-page" data-testid="claim" data-step={claim.step}>
      <SectionCard titleId="claim-win-title" title="claims.win" testId="claim-win">
        <dl className="claim-facts">
          <dt>
            <FormattedMessage id="claims.prize" />
          </dt>
          <dd data-testid="claim-points">
            <Points value={claim.points} />
          </dd>
          <dt>
            <FormattedMessage id="claims.product" />
          </dt>
          <dd>{productName(claim.productCode)}</dd>
          <dt>
            <FormattedMessage id="claims.order" />
          </dt>
          <dd>
            <Link to={`/orders?productCode=${encodeURIComponent(claim.productCode)}`}>
              <FormattedMessage id="claims.orderLink" values={{ order: claim.orderId }} />
            </Link>
          </dd>
          <dt>
            <FormattedMessage id="claims.ticket" />
          </dt>
          <dd data-testid="claim-ticket">{claim.ticketRef ?? <FormattedMessage id="claims.ticketPending" />}</dd>
        </dl>
        <p className="muted">
          <FormattedMessage id="claims.ticketHint" />
        </p>
      </SectionCard>

      <SectionCard titleId="claim-operator-title" title="claims.operatorTitle" testId="claim-operator">
        <p>
          {terms.operator === null ? (
            <FormattedMessage id="claims.operatorOfSale" />
          ) : (
            <FormattedMessage id="claims.operator" values={{ operator: terms.operator }} />
          )}
        </p>
        <ul className="claim-operator-steps">
          {terms.steps.map((step) => (
            <li key={step}>
              <FormattedMessage id={`claims.requirement.${step}`} />
            </li>
          ))}
        </ul>
        <p data-testid="claim-deadline">
          <FormattedMessage id="claims.claimBy" values={{ date: <Moment value={claim.claimBy} />, days: terms.deadlineDays }} />
        </p>
        {!terms.confirmed && (
          <p className="notice notice--info" data-testid="claim-terms-unconfirmed">
            <FormattedMessage id="claims.unconfirmed" />
          </p>
        )}
      </SectionCard>

      <SectionCard titleId="claim-steps-title" title="claims.timeline" testId="claim-steps">
        <ClaimTimeline claim={claim} />
      </SectionCard>

      <SectionCard titleId="claim-documents-title" title="claims.documents" anchor="documents" testId="claim-documents-card">
        {asked && (
          <p className="notice notice--info" data-testid="claim-documents-asked">
            <FormattedMessage id="claims.documentsAsked" />
          </p>
        )}
        <ClaimDocumentList documents={claim.documents} http={http} />
        {claim.documentsOpen ? (
          <ClaimUpload claim={claim} />
        ) : (
          <p className="muted" data-testid="claim-documents-closed">
            <FormattedMessage id={CLAIM_DOCUMENT_STEPS.includes(claim.step) ? 'claims.documentsFull' : 'claims.documentsClosed'} />
          </p>
        )}
      </SectionCard>
    </div>
  );
}
