import '../../shared/styles/pick-board.css';
import { useIntl } from 'react-intl';
import type { PickerZone } from './picker.ts';

export const pad = (n: number) => String(n).padStart(2, '0');

interface ZoneBoardProps {
  zone: PickerZone;
  /** The zone's name as the lottery says it ("Main numbers", "Powerball"). */
  label: string;
  legs: readonly number[];
  bankers: readonly number[];
  onToggle: (n: number) => void;
  /** The zone holds all it may: unchosen balls look unavailable, yet stay focusable and say why when pressed. */
  full: boolean;
  testId: string;
}

/**
 * One zone's balls as toggle buttons (aria-pressed). Bankers are marked "膽"/"B" and read as
 * "banker" to screen readers, so a banker entry is never ambiguous.
 */
export function ZoneBoard({ zone, label, legs, bankers, onToggle, full, testId }: ZoneBoardProps) {
  const intl = useIntl();
  const count = zone.to - zone.from + 1;
  // Ten to a row for big zones, fewer for small ones so a 1-of-8 zone is not a row of specks.
  const cols = count <= 12 ? Math.min(count, 6) : count % 7 === 0 && count <= 49 ? 7 : 10;
  const bankerWord = intl.formatMessage({ id: 'draw.picker.bankerShort' });
  return (
    <div className="draw-zone" role="group" aria-label={label} data-testid={testId}>
      <p className="pick-board__label" aria-hidden="true">
        {label}
      </p>
      <div className="pick-board__grid" style={{ ['--cols' as string]: cols }}>
        {Array.from({ length: count }, (_, i) => {
          const n = zone.from + i;
          const banker = bankers.includes(n);
          const on = banker || legs.includes(n);
          return (
            <button
              key={n}
              type="button"
              className={`draw-ball${on ? ' draw-ball--on' : full ? ' draw-ball--muted' : ''}${banker ? ' draw-ball--banker' : ''}`}
              aria-pressed={on}
              aria-label={banker ? intl.formatMessage({ id: 'draw.picker.bankerBall' }, { number: pad(n) }) : pad(n)}
              onClick={() => onToggle(n)}
              data-number={n}
            >
              {pad(n)}
              {banker && (
                <span className="draw-ball__tag" aria-hidden="true">
                  {bankerWord}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
