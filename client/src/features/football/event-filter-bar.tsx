import type { MarketCode } from '@gp/common';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFootballLabels } from '../../shared/football/use-football-labels.ts';
import { NO_FILTER, type EventFilter } from './event-filters.ts';
import { formatDateHeading } from './time-zone.ts';

interface EventFilterBarProps {
  filter: EventFilter;
  choices: { dates: string[]; leagues: { code: string; name: string }[]; markets: MarketCode[] };
  onChange: (filter: EventFilter) => void;
}

/** Narrow the list by kick-off date, league and bet type (each choice kept in the address). */
export function EventFilterBar({ filter, choices, onChange }: EventFilterBarProps) {
  const intl = useIntl();
  const labels = useFootballLabels();
  const id = useId();
  const all = intl.formatMessage({ id: 'football.filter.all' });
  const active = filter.date !== null || filter.league !== null || filter.market !== null;
  return (
    <div className="football-filters" role="group" aria-label={intl.formatMessage({ id: 'football.filter.label' })} data-testid="event-filters">
      <div className="football-filters__field">
        <label htmlFor={`${id}-date`} className="field__label">
          <FormattedMessage id="football.filter.date" />
        </label>
        <select id={`${id}-date`} className="filter-select" value={filter.date ?? ''} onChange={(e) => onChange({ ...filter, date: e.target.value || null })} data-testid="filter-date">
          <option value="">{all}</option>
          {choices.dates.map((date) => (
            <option key={date} value={date}>
              {formatDateHeading(date, intl.locale)}
            </option>
          ))}
        </select>
      </div>
      <div className="football-filters__field">
        <label htmlFor={`${id}-league`} className="field__label">
          <FormattedMessage id="football.filter.league" />
        </label>
        <select id={`${id}-league`} className="filter-select" value={filter.league ?? ''} onChange={(e) => onChange({ ...filter, league: e.target.value || null })} data-testid="filter-league">
          <option value="">{all}</option>
          {choices.leagues.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="football-filters__field">
        <label htmlFor={`${id}-market`} className="field__label">
          <FormattedMessage id="football.filter.market" />
        </label>
        <select
          id={`${id}-market`}
          className="filter-select"
          value={filter.market ?? ''}
          onChange={(e) => onChange({ ...filter, market: choices.markets.find((m) => m === e.target.value) ?? null })}
          data-testid="filter-market"
        >
          <option value="">{all}</option>
          {choices.markets.map((code) => (
            <option key={code} value={code}>
              {labels.market(code)}
            </option>
          ))}
        </select>
      </div>
      {active && (
        <button type="button" className="button button--ghost button--small football-filters__clear" onClick={() => onChange(NO_FILTER)} data-testid="filter-clear">
          <FormattedMessage id="football.filter.clear" />
        </button>
      )}
    </div>
  );
}
