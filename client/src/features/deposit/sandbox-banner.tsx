import { FormattedMessage } from 'react-intl';
import { AlertIcon } from '../../shared/ui/icons.tsx';

/** Shown whenever a payment goes to a local provider sandbox (PAYMENTS=sandbox): no real money moves. */
export function SandboxBanner() {
  return (
    <div className="notice deposit-sandbox" role="note" data-testid="test-payments-banner">
      <AlertIcon size={18} />
      <p>
        <FormattedMessage id="deposit.sandbox.banner" />
      </p>
    </div>
  );
}
