import { FormattedMessage } from 'react-intl';

/** Marks a rule our sources do not confirm (the product's provenance); the source is the tooltip. */
export function UnconfirmedBadge({ source }: { source?: string }) {
  return (
    <span className="keno-badge" title={source}>
      <FormattedMessage id="keno.unconfirmed" />
    </span>
  );
}
