import { useIntl } from 'react-intl';
import { InfoIcon } from '../../shared/ui/icons.tsx';

/**
 * A value our sources do not confirm, on a purchase screen: a small info mark whose tooltip (and
 * accessible name) says so in the member's words; the rules pages label it in full. The fact's
 * source, an English note for operators, is not shown to members.
 */
export function UnconfirmedMark() {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'keno.unconfirmedMark' });
  return (
    <span className="info-mark" role="img" aria-label={label} title={label} data-testid="unconfirmed-mark">
      <InfoIcon size={14} />
    </span>
  );
}
