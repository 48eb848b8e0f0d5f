import { FormattedMessage } from 'react-intl';
import { WalletIcon } from '../../shared/ui/icons.tsx';
import { useMe } from '../../shared/account/me-query.ts';
import { Points } from '../../shared/money/points.tsx';

function Amount({ value, testId, failed }: { value: number | undefined; testId: string; failed: boolean }) {
  return (
    <p className="balance-card__amount" data-testid={testId} aria-live="polite">
      {value !== undefined ? <Points value={value} /> : failed ? '—' : <span className="skeleton" />}
    </p>
  );
}

export function BalanceCards() {
  const me = useMe();
  return (
    <div className="balance-cards">
      <section className="card balance-card balance-card--main">
        <h2 className="balance-card__label">
          <WalletIcon size={18} />
          <FormattedMessage id="wallet.balance" />
        </h2>
        <Amount value={me.data?.balance} testId="wallet-balance" failed={me.isError} />
        <p className="muted">
          <FormattedMessage id={me.isError ? 'wallet.unavailable' : 'wallet.balanceHint'} />
        </p>
      </section>
      <section className="card balance-card">
        <h2 className="balance-card__label">
          <FormattedMessage id="wallet.trialBalance" />
        </h2>
        <Amount value={me.data?.trialBalance} testId="wallet-trial-balance" failed={me.isError} />
        <p className="muted">
          <FormattedMessage id="wallet.trialHint" />
        </p>
      </section>
    </div>
  );
}
