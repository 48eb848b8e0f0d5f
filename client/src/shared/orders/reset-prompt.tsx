import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { CheckIcon } from '../ui/icons.tsx';

/** Spec §4: after a successful order the member is asked whether to reset the order information. */
export function ResetPrompt({ onAnswer }: { onAnswer: (reset: boolean) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="notice notice--success reset-prompt" role="group" aria-labelledby="keno-reset-question" data-testid="reset-prompt">
      <CheckIcon size={18} />
      <div>
        <p id="keno-reset-question">
          <FormattedMessage id="success.order_successful" /> <FormattedMessage id="keno.resetPrompt.question" />
        </p>
        <div className="button-row">
          <button type="button" className="button button--primary button--small" onClick={() => onAnswer(true)} data-testid="reset-yes">
            <FormattedMessage id="keno.resetPrompt.yes" />
          </button>
          <button type="button" className="button button--ghost button--small" onClick={() => onAnswer(false)} data-testid="reset-no">
            <FormattedMessage id="keno.resetPrompt.no" />
          </button>
        </div>
      </div>
    </div>
  );
}
