import { formatPoints } from '@gp/common/money';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../shared/api/api-error.ts';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { AlertIcon, CheckIcon } from '../../shared/ui/icons.tsx';

export type RedeemOutcome =
  | { kind: 'credited'; points: number; balance: number }
  | { kind: 'failed'; error: unknown; retryAfterSeconds: number | null };

export function PinOutcome({ outcome }: { outcome: RedeemOutcome }) {
  const translate = useTranslateRef();
  const intl = useIntl();
  if (outcome.kind === 'credited') {
    return (
      <div className="notice notice--success" role="status" data-testid="pin-result" data-outcome="points_credited">
        <CheckIcon size={18} />
        <p>
          <FormattedMessage id="success.points_credited" values={{ points: formatPoints(outcome.points, intl.locale) }} />{' '}
          <FormattedMessage id="pins.newBalance" values={{ amount: formatPoints(outcome.balance, intl.locale) }} />
        </p>
      </div>
    );
  }
  const code = outcome.error instanceof ApiError ? outcome.error.code : 'unknown';
  return (
    <div className="notice notice--error" role="alert" data-testid="pin-result" data-outcome={code}>
      <AlertIcon size={18} />
      <p>
        {translate(describeError(outcome.error))}
        {outcome.retryAfterSeconds !== null && (
          <>
            {' '}
            <FormattedMessage id="pins.retryAfter" values={{ seconds: outcome.retryAfterSeconds }} />
          </>
        )}
      </p>
    </div>
  );
}

