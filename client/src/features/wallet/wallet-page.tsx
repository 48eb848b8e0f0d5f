import './wallet.css';
import { FormattedMessage } from 'react-intl';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PointsSources } from '../../shared/account/points-sources.tsx';
import { BalanceCards } from './balance-cards.tsx';
import { DepositHistory, WalletDebtNotice } from './deposit-history.tsx';
import { LedgerTable } from './ledger-table.tsx';
import { PinForm } from './pin-form.tsx';
import { PurchaseSettings } from './purchase-settings.tsx';

export function WalletPage() {
  usePageTitle('wallet.pageTitle');
  return (
    <div className="container page">
      <PageHeader title="wallet.title" lead="wallet.subtitle" />
      <PointsSources />
      <WalletDebtNotice />
      <BalanceCards />
      <section className="card section-card" id="redeem" aria-labelledby="redeem-title">
        <h2 id="redeem-title">
          <FormattedMessage id="pins.title" />
        </h2>
        <p className="muted">
          <FormattedMessage id="pins.intro" />
        </p>
        <PinForm />
      </section>
      <section className="card section-card" id="history" aria-labelledby="history-title">
        <h2 id="history-title">
          <FormattedMessage id="wallet.ledger.title" />
        </h2>
        <LedgerTable />
      </section>
      <section className="card section-card" id="deposits" aria-labelledby="deposits-title">
        <h2 id="deposits-title">
          <FormattedMessage id="wallet.deposits.title" />
        </h2>
        <DepositHistory />
      </section>
      <PurchaseSettings />
    </div>
  );
}
