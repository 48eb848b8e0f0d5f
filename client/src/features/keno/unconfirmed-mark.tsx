import { useIntl } from 'react-intl';
import { InfoIcon } from '../../shared/ui/icons.tsx';

/**
 * A value our sources do not confirm, on a purchase screen: a small info mark whose tooltip (and
 * accessible name) says so and where the value comes from. The rules pages label it in full.
 */
export function UnconfirmedMark({ source }: { source?: string }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'keno.unconfirmedMark' });
  return (
    <span className="info-mark" role="img" aria-label={label} title={source ? `${label} ${source}` : label} data-testid="unconfirmed-mark">
      <InfoIcon size={14} />
    </span>
  );
}
