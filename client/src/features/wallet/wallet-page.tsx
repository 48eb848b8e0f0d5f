import './wallet.css';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PointsSources } from '../../shared/account/points-sources.tsx';
import { BalanceCards } from './balance-cards.tsx';
import { DepositHistory, WalletDebtNotice } from './deposit-history.tsx';
import { LedgerTable } from './ledger-table.tsx';
import { PinForm } from './pin-form.tsx';
import { PurchaseSettings } from './purchase-settings.tsx';
import { SectionCard } from '../../shared/ui/section-card.tsx';

export function WalletPage() {
  usePageTitle('wallet.pageTitle');
  return (
    <div className="container page">
      <PageHeader title="wallet.title" lead="wallet.subtitle" />
      <PointsSources />
      <WalletDebtNotice />
      <BalanceCards />
      <p>
        <Link to="/withdrawals" data-testid="withdrawals-link">
          <FormattedMessage id="wallet.withdrawLink" />
        </Link>
      </p>
      <SectionCard anchor="redeem" titleId="redeem-title" title="pins.title">
        <p className="muted">
          <FormattedMessage id="pins.intro" />
        </p>
        <PinForm />
      </SectionCard>
      <SectionCard anchor="history" titleId="history-title" title="wallet.ledger.title">
        <LedgerTable />
      </SectionCard>
      <SectionCard anchor="deposits" titleId="deposits-title" title="wallet.deposits.title">
        <DepositHistory />
      </SectionCard>
      <PurchaseSettings />
    </div>
  );
}
