import { useId, type ComponentType } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';

export interface IconSelectOption {
  value: string;
  label: string;
  lang?: string;
}

/** A compact select with a leading icon and a visually hidden label (the header's language and theme pickers). */
export function IconSelect(props: {
  icon: ComponentType;
  label: MessageId;
  testId: string;
  value: string;
  options: IconSelectOption[];
  onChange: (value: string) => void;
  /** Only the icon shows (the header on a wide screen); the options still read in full. */
  compact?: boolean;
}) {
  const id = useId();
  const Icon = props.icon;
  return (
    <div className={`select-control${props.compact ? ' select-control--compact' : ''}`}>
      <label htmlFor={id} className="select-control__label">
        <Icon />
        <span className="visually-hidden">
          <FormattedMessage id={props.label} />
        </span>
      </label>
      <select id={id} data-testid={props.testId} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
