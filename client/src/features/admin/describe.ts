import { useIntl } from 'react-intl';
import { describeError } from '../../shared/i18n/describe-error.ts';

/** A failure as one translated sentence (the catalogue's `error.<code>`). */
export function useDescribeError() {
  const intl = useIntl();
  return (error: unknown) => {
    const ref = describeError(error);
    return 'id' in ref ? intl.formatMessage({ id: ref.id }, ref.values) : ref.text;
  };
}
