import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

/** Where a member goes from a deposit that cannot go on: a new deposit, or the wallet's history. */
export function DepositWaysOn({ small = false }: { small?: boolean }) {
  const size = small ? ' button--small' : '';
  return (
    <div className="deposit-actions">
      <Link to="/deposit" className={`button button--primary${size}`}>
        <FormattedMessage id="depositResult.another" />
      </Link>
      <Link to="/wallet" className={`button button--ghost${size}`}>
        <FormattedMessage id="depositResult.toWallet" />
      </Link>
    </div>
  );
}
