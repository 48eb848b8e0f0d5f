import { FormattedMessage } from 'react-intl';

/** A failed load with a retry, as the results and rules pages show it. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>
        <FormattedMessage id="dashboards.error" />
      </p>
      <button type="button" className="button button--ghost button--small" onClick={onRetry}>
        <FormattedMessage id="app.retry" />
      </button>
    </div>
  );
}
