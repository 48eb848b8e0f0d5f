import { useIntl } from 'react-intl';
import { useMoveMark } from './price-moves.ts';

interface OddsButtonProps {
  /** `pickKey` of the selection: its identity in the slip and for the move marks. */
  pickId: string;
  /** The selection's name ("Home", "1:0", a player). */
  label: string;
  /** Where the label is shown above the price (the event rows' H/D/A name it in their column). */
  showLabel?: boolean;
  odds: string;
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
}

/**
 * One price: clicking puts the selection in the slip (or takes it out). A price that just moved
 * carries a green ▲ or a red ▼ for a few seconds; a suspended or closed market disables it.
 */
export function OddsButton({ pickId, label, showLabel = true, odds, selected, disabled, onToggle }: OddsButtonProps) {
  const intl = useIntl();
  const mark = useMoveMark(pickId);
  const moved = mark ? intl.formatMessage({ id: mark.direction === 'up' ? 'football.odds.up' : 'football.odds.down' }, { from: mark.from }) : '';
  return (
    <button
      type="button"
      className={`odds-button${selected ? ' odds-button--selected' : ''}${mark ? ` odds-button--${mark.direction}` : ''}`}
      aria-pressed={selected}
      disabled={disabled}
      aria-label={`${label} ${odds}${moved ? `, ${moved}` : ''}`}
      title={label}
      onClick={onToggle}
      data-testid="odds-button"
      data-pick={pickId}
      data-move={mark?.direction}
    >
      {showLabel && <span className="odds-button__label">{label}</span>}
      <span className="odds-button__price">
        {odds}
        {mark && (
          <span className="odds-button__mark" aria-hidden="true">
            {mark.direction === 'up' ? '▲' : '▼'}
          </span>
        )}
      </span>
    </button>
  );
}
