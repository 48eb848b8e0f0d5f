import '../../shared/claims/claims.css';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Points } from '../../shared/money/points.tsx';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { Moment } from '../../shared/time/moment.tsx';
import { LoadError, Loading } from '../../shared/ui/load-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useClaims } from './claims-api.ts';
import { useProductName } from './product-name.ts';

/** `/claims`: the member's big-win claims (issue 33 item 4), newest first, each opening its page. */
export function ClaimsPage() {
  usePageTitle('claims.pageTitle');
  const claims = useClaims();
  const productName = useProductName();
  const items = claims.data?.items;
  return (
    <div className="container page page--narrow">
      <PageHeader title="claims.title" lead="claims.lead" />
      {claims.isError && !items && <LoadError message="claims.loadError" onRetry={() => void claims.refetch()} />}
      {!items && claims.isPending && <Loading />}
      {items?.length === 0 && (
        <p className="empty-state" data-testid="claims-none">
          <FormattedMessage id="claims.none" />
        </p>
      )}
      {items && items.length > 0 && (
        <ul className="claims-list" data-testid="claims-list">
          {items.map((claim) => (
            <li key={claim.id} className="card claims-list__item" data-testid="claims-item" data-step={claim.step}>
              <Link to={`/claims/${claim.id}`} className="claims-list__link">
                <strong>
                  <FormattedMessage id="claims.itemTitle" values={{ product: productName(claim.productCode), order: claim.orderId }} />
                </strong>
              </Link>
              <span>
                <Points value={claim.points} /> · <FormattedMessage id={`claims.stepTitle.${claim.step}`} />
              </span>
              <span className="muted">
                <FormattedMessage id="claims.claimByShort" values={{ date: <Moment value={claim.claimBy} length="short" /> }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
