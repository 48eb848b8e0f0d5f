import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/api-error.ts';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { AlertIcon } from '../../shared/ui/icons.tsx';

const detail = (error: ApiError, key: string) => {
  const value = error.details[key];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
};

function Message({ error, issue }: { error: unknown; issue: string | null }) {
  const translate = useTranslateRef();
  if (!(error instanceof ApiError)) return <>{translate(describeError(error))}</>;
  switch (error.code) {
    case 'below_minimum_purchase': {
      const minimum = detail(error, 'minimum');
      if (minimum === null) break;
      return <FormattedMessage id="keno.problem.belowMinimum" values={{ minimum, units: detail(error, 'units') ?? '—' }} />;
    }
    case 'sales_closed': {
      const next = detail(error, 'nextIssue');
      return next !== null ? (
        <FormattedMessage id="keno.problem.salesClosed" values={{ issue: issue ?? '—', next }} />
      ) : (
        <FormattedMessage id="keno.problem.salesClosedNoNext" values={{ issue: issue ?? '—' }} />
      );
    }
    case 'insufficient_points':
      return (
        <>
          <FormattedMessage id="error.insufficient_points" />{' '}
          <Link to="/deposit" data-testid="deposit-link">
            <FormattedMessage id="keno.problem.deposit" />
          </Link>
        </>
      );
  }
  return <>{translate(describeError(error))}</>;
}

/** A refused quote or order, translated and inline (never a crash), with the way forward where there is one. */
export function OrderProblem({ error, issue, context }: { error: unknown; issue: string | null; context: 'quote' | 'order' }) {
  const code = error instanceof ApiError ? error.code : 'unknown';
  return (
    <div className="notice notice--error keno-problem" role="alert" data-testid={`${context}-error`} data-code={code}>
      <AlertIcon size={18} />
      <p>
        <Message error={error} issue={issue} />
      </p>
    </div>
  );
}
