import { formatPoints } from '@gp/common/money';
import { FormattedMessage, useIntl } from 'react-intl';

/** A GPoints amount (integer hundredths) as "1,234.56 GP"; `signed` adds + to credits. */
export function Points({ value, signed = false }: { value: number; signed?: boolean }) {
  const intl = useIntl();
  const text = formatPoints(value, intl.locale);
  return <FormattedMessage id="app.gp" values={{ amount: signed && value > 0 ? `+${text}` : text }} />;
}
