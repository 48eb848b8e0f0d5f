import type { ReactNode } from 'react';

interface ChoiceChipsProps<T extends string | number> {
  legend: ReactNode;
  name: string;
  options: readonly { value: T; label: ReactNode; disabled?: boolean }[];
  value: T;
  onChange: (value: T) => void;
  testId?: string;
}

/** A one-of-several choice as radio inputs drawn as chips (entry mode, draws, play). */
export function ChoiceChips<T extends string | number>({ legend, name, options, value, onChange, testId }: ChoiceChipsProps<T>) {
  return (
    <fieldset className="draw-chips" data-testid={testId}>
      <legend className="draw-chips__legend">{legend}</legend>
      <div className="draw-chips__options">
        {options.map((option) => (
          <label key={String(option.value)} className={`draw-chip${option.disabled ? ' draw-chip--disabled' : ''}`}>
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
