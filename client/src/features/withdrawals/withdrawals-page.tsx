import './withdrawals.css';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { LoadError, Loading } from '../../shared/ui/load-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { SectionCard } from '../../shared/ui/section-card.tsx';
import { KycSection } from './kyc-section.tsx';
import { WithdrawalList } from './withdrawal-list.tsx';
import { WithdrawForm } from './withdraw-form.tsx';
import { useWithdrawals } from './withdrawals-api.ts';

/** Winnings out (issue 33): the identity check, then a withdrawal with its terms stated first, then the member's withdrawals. */
export function WithdrawalsPage() {
  usePageTitle('withdrawals.pageTitle');
  const withdrawals = useWithdrawals();
  const data = withdrawals.data;
  return (
    <div className="container page">
      <PageHeader title="withdrawals.title" lead="withdrawals.subtitle" />
      <p>
        <Link to="/claims" data-testid="claims-link">
          <FormattedMessage id="claims.link" />
        </Link>
      </p>
      <SectionCard anchor="identity" titleId="kyc-title" title="withdrawals.kyc.title">
        <KycSection />
      </SectionCard>
      {withdrawals.isError && !data && <LoadError message="withdrawals.loadError" onRetry={() => void withdrawals.refetch()} />}
      {!data && withdrawals.isPending && <Loading />}
      {data?.terms.kyc === 'approved' && (
        <SectionCard anchor="withdraw" titleId="withdraw-title" title="withdrawals.request">
          <WithdrawForm terms={data.terms} />
        </SectionCard>
      )}
      {data && (
        <SectionCard anchor="withdrawals" titleId="withdrawals-title" title="withdrawals.history">
          <WithdrawalList items={data.items} />
        </SectionCard>
      )}
    </div>
  );
}
