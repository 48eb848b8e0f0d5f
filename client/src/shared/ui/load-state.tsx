import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';
import { AlertIcon } from './icons.tsx';

interface LoadErrorProps {
  message: MessageId;
  /** Offers Retry (asks again) when given. */
  onRetry?: () => void;
  /** A leading alert icon: on the screens whose whole body is the error (the product did not load). */
  icon?: boolean;
  testId?: string;
}

/** What a screen shows when what it reads did not load (or does not exist): the message, and Retry where asking again can help. */
export function LoadError({ message, onRetry, icon = false, testId }: LoadErrorProps) {
  return (
    <div className="notice notice--error" role="alert" data-testid={testId}>
      {icon && <AlertIcon size={18} />}
      <p>
        <FormattedMessage id={message} />
      </p>
      {onRetry && (
        <button type="button" className="button button--ghost button--small" onClick={onRetry}>
          <FormattedMessage id="app.retry" />
        </button>
      )}
    </div>
  );
}

/** The screen's body while it loads. */
export function Loading() {
  return (
    <p className="muted" role="status">
      <FormattedMessage id="app.loading" />
    </p>
  );
}
