import '../../shared/styles/pick-board.css';
import { useIntl } from 'react-intl';

export const pad = (n: number) => String(n).padStart(2, '0');

interface NumberBoardProps {
  /** Inclusive ranges, one group of balls each (01–40 and 41–80). */
  areas: [from: number, to: number][];
  selected: readonly number[];
  onToggle: (n: number) => void;
  /** Unselected balls look unavailable (the count is reached), yet stay focusable and say why when pressed. */
  full?: boolean;
  size?: 'normal' | 'small';
  testId?: string;
}

/** Number balls as toggle buttons (aria-pressed), in labelled areas. */
export function NumberBoard({ areas, selected, onToggle, full = false, size = 'normal', testId }: NumberBoardProps) {
  const intl = useIntl();
  return (
    <div className={`number-board number-board--${size}`} data-testid={testId}>
      {areas.map(([from, to]) => {
        const label = intl.formatMessage({ id: 'keno.board.area' }, { from: pad(from), to: pad(to) });
        const count = to - from + 1;
        return (
          <div key={from} className="number-board__area" role="group" aria-label={label}>
            <p className="pick-board__label" aria-hidden="true">
              {label}
            </p>
            <div className="pick-board__grid" style={{ ['--cols' as string]: count % 10 === 0 ? 10 : 7, ['--cols-sm' as string]: count % 10 === 0 ? 8 : 7 }}>
              {Array.from({ length: count }, (_, i) => {
                const n = from + i;
                const on = selected.includes(n);
                return (
                  <button
                    key={n}
                    type="button"
                    className={`ball${on ? ' ball--on' : full ? ' ball--muted' : ''}`}
                    aria-pressed={on}
                    onClick={() => onToggle(n)}
                  >
                    {pad(n)}
                  </button>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
