import { useAtom } from 'jotai';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RefreshIcon } from '../../shared/ui/icons.tsx';
import { timeZoneChoiceAtom } from './slip-atoms.ts';
import { browserZone, isTimeZoneChoice, TIME_ZONE_CHOICES, zoneOf, zoneOffset } from './time-zone.ts';
import { formatTimeOfDay } from '../../shared/time/moment.tsx';

interface EventsToolbarProps {
  refreshing: boolean;
  updatedAt: number;
  onRefresh: () => void;
  anyExpanded: boolean;
  onCollapseAll: () => void;
}

/** The list's time zone (Hong Kong, mine, UTC; remembered), refresh, and "collapse all". */
export function EventsToolbar({ refreshing, updatedAt, onRefresh, anyExpanded, onCollapseAll }: EventsToolbarProps) {
  const intl = useIntl();
  const id = useId();
  const [choice, setChoice] = useAtom(timeZoneChoiceAtom);
  const local = browserZone();
  return (
    <div className="football-toolbar">
      <div className="football-toolbar__zone">
        <label htmlFor={id} className="field__label">
          <FormattedMessage id="football.zone.label" />
        </label>
        <select id={id} className="filter-select" value={choice} onChange={(e) => isTimeZoneChoice(e.target.value) && setChoice(e.target.value)} data-testid="time-zone">
          {TIME_ZONE_CHOICES.map((c) => (
            <option key={c} value={c}>
              {intl.formatMessage({ id: `football.zone.${c}` }, { zone: local, offset: zoneOffset(zoneOf(c, local)) })}
            </option>
          ))}
        </select>
      </div>
      <div className="football-toolbar__actions">
        {updatedAt > 0 && (
          <span className="muted football-toolbar__updated" aria-live="polite">
            <FormattedMessage id="football.events.updated" values={{ time: formatTimeOfDay(intl, updatedAt, { seconds: true }) }} />
          </span>
        )}
        {anyExpanded && (
          <button type="button" className="button button--ghost button--small" onClick={onCollapseAll} data-testid="collapse-all">
            <FormattedMessage id="football.events.collapseAll" />
          </button>
        )}
        <button type="button" className="button button--ghost button--small" onClick={onRefresh} disabled={refreshing} data-testid="events-refresh">
          <RefreshIcon size={16} className={refreshing ? 'spin' : undefined} />
          <FormattedMessage id="football.events.refresh" />
        </button>
      </div>
    </div>
  );
}
