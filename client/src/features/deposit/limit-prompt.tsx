import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { usePlayState } from '../../shared/account/play-state.ts';

/**
 * RTS 12C on the deposit page (issue 32): a member without limits is offered a deposit limit
 * before they deposit, and every member has a link to their limits. It never stops the deposit.
 */
export function LimitPrompt() {
  const { data } = usePlayState();
  if (!data) return null;
  if (data.hasLimits) {
    return (
      <p className="deposit-limits" data-testid="deposit-limits-link">
        <Link to="/account#responsible-play">
          <FormattedMessage id="deposit.limits.yours" />
        </Link>
      </p>
    );
  }
  return (
    <div className="notice deposit-limits" role="note" data-testid="deposit-limit-prompt">
      <p>
        <FormattedMessage id="deposit.limits.prompt" />{' '}
        <Link to="/account#responsible-play">
          <FormattedMessage id="deposit.limits.set" />
        </Link>
      </p>
    </div>
  );
}
