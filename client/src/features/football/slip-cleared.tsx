import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CheckIcon, CloseIcon } from '../../shared/ui/icons.tsx';

/** After an order: the slip was cleared, and its picks can be kept for another order. */
export function SlipCleared({ onKeep, onClose }: { onKeep: () => void; onClose: () => void }) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="notice notice--success slip-cleared" role="status" data-testid="slip-cleared">
      <CheckIcon size={18} />
      <div>
        <p>
          <FormattedMessage id="success.order_successful" /> <FormattedMessage id="football.slip.cleared" />
        </p>
        <div className="button-row">
          <button type="button" className="button button--ghost button--small" onClick={onKeep} data-testid="keep-picks">
            <FormattedMessage id="football.slip.keep" />
          </button>
        </div>
      </div>
      <button type="button" className="icon-button slip-cleared__close" onClick={onClose} aria-label={intl.formatMessage({ id: 'toast.close' })}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
