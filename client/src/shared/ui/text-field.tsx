import { useId, type InputHTMLAttributes } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';
import { fieldMessageId } from './field-errors.ts';
import { AlertIcon } from './icons.tsx';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  name: string;
  label: MessageId;
  hint?: MessageId;
  /** A field or error code; its translation shows under the input. */
  error?: string;
}

/** A labelled input whose hint and error are tied to it for assistive technology. */
export function TextField({ name, label, hint, error, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        <FormattedMessage id={label} />
      </label>
      <input
        id={id}
        name={name}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          <FormattedMessage id={hint} />
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" data-testid={`field-error-${name}`}>
          <AlertIcon size={14} />
          <FormattedMessage id={fieldMessageId(error)} />
        </p>
      )}
    </div>
  );
}
