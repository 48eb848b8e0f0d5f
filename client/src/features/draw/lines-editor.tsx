import { FormattedMessage } from 'react-intl';
import { LineCard } from './line-card.tsx';
import { emptyLine, isBlank, quickPickLine, type EntryMode, type PickerLine, type PickerZone } from './picker.ts';

interface LinesEditorProps {
  zones: readonly PickerZone[];
  zoneLabels: readonly string[];
  mode: EntryMode;
  lines: readonly PickerLine[];
  onChange: (lines: PickerLine[]) => void;
  /** The most lines the ticket may list (the product's `maxEntries`). */
  maxLines: number;
  linePrice: string | null;
}

/**
 * Every line of the ticket: standard tickets hold several lines (add, remove, quick pick each or
 * all); a system or banker entry is one line. There is always at least one line on screen.
 */
export function LinesEditor({ zones, zoneLabels, mode, lines, onChange, maxLines, linePrice }: LinesEditorProps) {
  const shown = lines.length > 0 ? lines : [emptyLine(zones)];
  const several = mode === 'standard';
  const set = (index: number, line: PickerLine) => onChange(shown.map((l, i) => (i === index ? line : l)));
  const canAdd = several && shown.length < maxLines;

  return (
    <div className="draw__lines">
      {shown.map((line, index) => (
        <LineCard
          key={index}
          index={index}
          zones={zones}
          zoneLabels={zoneLabels}
          mode={mode}
          line={line}
          linePrice={linePrice}
          onChange={(next) => set(index, next)}
          onRemove={several && shown.length > 1 ? () => onChange(shown.filter((_, i) => i !== index)) : undefined}
        />
      ))}
      <div className="draw-lines__more">
        {canAdd && (
          <button type="button" className="button button--ghost" onClick={() => onChange([...shown, emptyLine(zones)])} data-testid="add-line">
            <FormattedMessage id="draw.picker.addLine" />
          </button>
        )}
        {several && (
          <button
            type="button"
            className="button button--ghost"
            // Fills every line; a ticket of one blank line becomes one quick-picked line.
            onClick={() => onChange(shown.map((line) => quickPickLine(line, zones, mode)))}
            data-testid="quick-pick-all"
          >
            <FormattedMessage id="draw.picker.quickPickAll" />
          </button>
        )}
        {canAdd && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onChange([...shown.filter((line) => !isBlank(line)), ...Array.from({ length: Math.min(5, maxLines - shown.filter((l) => !isBlank(l)).length) }, () => quickPickLine(emptyLine(zones), zones, mode))])}
            data-testid="quick-pick-five"
          >
            <FormattedMessage id="draw.picker.addFiveQuick" />
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={() => onChange([emptyLine(zones)])} data-testid="clear-ticket">
          <FormattedMessage id="draw.picker.clearAll" />
        </button>
      </div>
    </div>
  );
}
