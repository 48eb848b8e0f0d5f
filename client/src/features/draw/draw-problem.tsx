import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/api-error.ts';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { AlertIcon } from '../../shared/ui/icons.tsx';

function Message({ error }: { error: unknown }) {
  const translate = useTranslateRef();
  if (error instanceof ApiError) {
    if (error.code === 'sales_closed') {
      const next = error.details.nextIssue;
      return typeof next === 'string' ? <FormattedMessage id="draw.problem.salesClosed" values={{ next }} /> : <FormattedMessage id="error.sales_closed" />;
    }
    if (error.code === 'insufficient_points') {
      return (
        <>
          <FormattedMessage id="error.insufficient_points" />{' '}
          <Link to="/deposit" data-testid="deposit-link">
            <FormattedMessage id="order.short.topUp" />
          </Link>
        </>
      );
    }
    if (error.code === 'validation_failed') {
      const field = Object.entries(error.fields).find(([key]) => key.startsWith('lines'));
      if (field) return <FormattedMessage id={`field.${field[1]}`} />;
    }
  }
  return <>{translate(describeError(error))}</>;
}

/** A refused quote or purchase, translated and inline, with the way forward where there is one. */
export function DrawProblem({ error, context }: { error: unknown; context: 'quote' | 'order' }) {
  const code = error instanceof ApiError ? error.code : 'unknown';
  return (
    <div className="notice notice--error" role="alert" data-testid={`${context}-error`} data-code={code}>
      <AlertIcon size={18} />
      <p>
        <Message error={error} />
      </p>
    </div>
  );
}
