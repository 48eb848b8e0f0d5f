import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageRef } from '../../shared/i18n/message-ids.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { ChoiceChips } from '../../shared/ui/choice-chips.tsx';
import { chosenCount, lineShortfall, quickPickLine, toggleNumber, zoneCapacity, type EntryMode, type PickerLine, type PickerZone, type ToggleTarget } from './picker.ts';
import { ZoneBoard } from './zone-board.tsx';

const NOTICE_MS = 6_000;

interface LineCardProps {
  index: number;
  zones: readonly PickerZone[];
  /** Each zone's name, in the zones' order. */
  zoneLabels: readonly string[];
  mode: EntryMode;
  line: PickerLine;
  onChange: (line: PickerLine) => void;
  /** Absent when the line cannot be removed (the only line, or a system/banker entry). */
  onRemove?: () => void;
  /** What one complete line costs, already formatted ("HK$10 ≈ 1.23 GP"); null when not known yet. */
  linePrice: string | null;
}

/** One line (or the system/banker entry): every zone's balls, quick pick, clear and remove, and what is still missing. */
export function LineCard({ index, zones, zoneLabels, mode, line, onChange, onRemove, linePrice }: LineCardProps) {
  const intl = useIntl();
  const translate = useTranslateRef();
  const [notice, setNotice] = useState<MessageRef | null>(null);
  const [target, setTarget] = useState<ToggleTarget>('bankers');

  // A refusal is news, not a state: it gives way to the progress line after a few seconds.
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const toggle = (zone: number, n: number) => {
    const outcome = toggleNumber(line, zones, zone, n, mode, mode === 'banker' ? target : 'numbers');
    if (!outcome.ok) {
      const z = zones[zone]!;
      setNotice(
        outcome.reason === 'bankers_full'
          ? { id: 'draw.picker.bankersFull', values: { max: Math.min(z.bankerMax, z.pick - 1) } }
          : outcome.reason === 'no_bankers'
            ? { id: 'draw.picker.noBankers' }
            : { id: 'draw.picker.zoneFull', values: { max: zoneCapacity(z, mode) } },
      );
      return;
    }
    setNotice(null);
    onChange(outcome.line);
  };

  const shortfall = lineShortfall(line, zones, mode);
  const status: MessageRef = notice ?? (shortfall ? { id: 'draw.picker.missing', values: { count: shortfall.missing, zone: zoneLabels[shortfall.zone] ?? '' } } : { id: 'draw.picker.complete' });
  const title = mode === 'standard' ? intl.formatMessage({ id: 'draw.picker.line' }, { number: index + 1 }) : intl.formatMessage({ id: mode === 'system' ? 'draw.picker.systemEntry' : 'draw.picker.bankerEntry' });

  return (
    <section className="card draw-line" aria-label={title} data-testid={`draw-line-${index}`}>
      <header className="draw-line__header">
        <h3 className="draw-line__title">{title}</h3>
        {linePrice && mode === 'standard' && <span className="draw-line__price muted">{linePrice}</span>}
        <div className="draw-line__actions">
          <button type="button" className="button button--ghost button--small" onClick={() => onChange(quickPickLine(line, zones, mode))} data-testid={`quick-pick-${index}`}>
            <FormattedMessage id="draw.picker.quickPick" />
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onChange({ numbers: zones.map(() => []), bankers: zones.map(() => []) })}
            data-testid={`clear-line-${index}`}
          >
            <FormattedMessage id="draw.picker.clear" />
          </button>
          {onRemove && (
            <button type="button" className="button button--ghost button--small" onClick={onRemove} aria-label={intl.formatMessage({ id: 'draw.picker.removeLine' }, { number: index + 1 })} data-testid={`remove-line-${index}`}>
              ✕
            </button>
          )}
        </div>
      </header>
      {mode === 'banker' && (
        <ChoiceChips
          compact
          legend={<FormattedMessage id="draw.picker.tapAdds" />}
          name={`target-${index}`}
          options={[
            { value: 'bankers' as const, label: <FormattedMessage id="draw.picker.targetBankers" /> },
            { value: 'numbers' as const, label: <FormattedMessage id="draw.picker.targetLegs" /> },
          ]}
          value={target}
          onChange={setTarget}
          testId="tap-target"
        />
      )}
      {zones.map((zone, z) => (
        <ZoneBoard
          key={z}
          zone={zone}
          label={intl.formatMessage({ id: 'draw.picker.zoneLabel' }, { name: zoneLabels[z] ?? '', chosen: chosenCount(line, z), pick: mode === 'standard' ? zone.pick : zoneCapacity(zone, mode) })}
          legs={line.numbers[z] ?? []}
          bankers={line.bankers[z] ?? []}
          full={chosenCount(line, z) >= zoneCapacity(zone, mode)}
          onToggle={(n) => toggle(z, n)}
          testId={`zone-${index}-${z}`}
        />
      ))}
      <p className={`draw-line__status${notice ? ' draw-line__status--warning' : ''}`} role="status" aria-live="polite" data-testid={`line-status-${index}`}>
        {notice && <AlertIcon size={14} />} {translate(status)}
      </p>
    </section>
  );
}
