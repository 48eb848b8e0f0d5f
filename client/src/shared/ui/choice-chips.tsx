import './choice-chips.css';
import type { ReactNode } from 'react';

interface ChoiceChipsProps<T extends string | number> {
  legend: ReactNode;
  name: string;
  options: readonly { value: T; label: ReactNode; disabled?: boolean }[];
  /** The chosen value, or null while nothing is chosen yet. */
  value: T | null;
  onChange: (value: T) => void;
  /** Smaller chips, for screens with many rows of them (the draw lotteries' options). */
  compact?: boolean;
  testId?: string;
}

/** A one-of-several choice as radio inputs drawn as chips (keno's stars; a draw lottery's entry mode, draws, play). */
export function ChoiceChips<T extends string | number>({ legend, name, options, value, onChange, compact = false, testId }: ChoiceChipsProps<T>) {
  return (
    <fieldset className={`choice-chips${compact ? ' choice-chips--compact' : ''}`} data-testid={testId}>
      <legend className="choice-chips__legend">{legend}</legend>
      <div className="choice-chips__options">
        {options.map((option) => (
          <label key={String(option.value)} className={`choice-chip${option.disabled ? ' choice-chip--disabled' : ''}`}>
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              data-testid={testId ? `${testId}-${String(option.value)}` : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
