import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/api-error.ts';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { AlertIcon } from '../../shared/ui/icons.tsx';

const amountOf = (value: unknown) => {
  const amount = value as { amount?: unknown; currency?: unknown } | null;
  return amount && typeof amount.amount === 'number' && typeof amount.currency === 'string' ? { amount: amount.amount, currency: amount.currency } : null;
};

function Message({ error }: { error: unknown }) {
  const intl = useIntl();
  const translate = useTranslateRef();
  if (!(error instanceof ApiError)) return <>{translate(describeError(error))}</>;
  switch (error.code) {
    case 'below_minimum_purchase': {
      const minimum = amountOf(error.details.minimum);
      if (!minimum) break;
      return <FormattedMessage id="football.problem.belowMinimum" values={{ minimum: formatLocalMoney(minimum.amount, minimum.currency, intl.locale) }} />;
    }
    case 'exceeds_max_prize':
      return <FormattedMessage id="error.exceeds_max_prize" />;
    case 'odds_changed':
      return <FormattedMessage id="football.problem.oddsChanged" />;
    case 'sales_closed':
      return <FormattedMessage id="football.problem.salesClosed" />;
    case 'insufficient_points':
      return (
        <>
          <FormattedMessage id="error.insufficient_points" />{' '}
          <Link to="/deposit" data-testid="deposit-link">
            <FormattedMessage id="football.problem.deposit" />
          </Link>
        </>
      );
  }
  return <>{translate(describeError(error))}</>;
}

/** A refused quote or order, translated and inline, with the way forward where there is one. */
export function FootballProblem({ error, context }: { error: unknown; context: 'quote' | 'order' }) {
  const code = error instanceof ApiError ? error.code : 'unknown';
  return (
    <div className="notice notice--error football-problem" role="alert" data-testid={`${context}-error`} data-code={code}>
      <AlertIcon size={18} />
      <p>
        <Message error={error} />
      </p>
    </div>
  );
}
