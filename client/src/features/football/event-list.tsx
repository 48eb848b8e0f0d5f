import type { FootballEventWire } from '@gp/common';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { EventRow } from './event-row.tsx';
import { EventsToolbar } from './events-toolbar.tsx';
import { EventFilterBar } from './event-filter-bar.tsx';
import { useLocalName } from '../../shared/football/use-local-name.ts';
import { filterChoices, filterEvents, NO_FILTER, type EventFilter } from './event-filters.ts';
import { timeZoneChoiceAtom } from './slip-atoms.ts';
import { formatDateHeading, groupByDate, zoneOf } from './time-zone.ts';

interface EventListProps {
  events: readonly FootballEventWire[] | undefined;
  loading: boolean;
  error: boolean;
  refreshing: boolean;
  updatedAt: number;
  onRefresh: () => void;
  /** Events the slip has picks on. */
  picked: ReadonlySet<string>;
  filter: EventFilter;
  onFilter: (filter: EventFilter) => void;
}

/** The events on sale, grouped by kick-off date in the chosen zone, each opening to all its markets. */
export function EventList({ events, loading, error, refreshing, updatedAt, onRefresh, picked, filter, onFilter }: EventListProps) {
  const intl = useIntl();
  const zone = zoneOf(useAtomValue(timeZoneChoiceAtom));
  const shown = events ? filterEvents(events, filter, zone) : undefined;
  const localName = useLocalName();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const expand = (id: string, open: boolean) =>
    setExpanded((was) => {
      const next = new Set(was);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section className="card football-events" aria-labelledby="football-events-title">
      <h2 id="football-events-title" className="football-section__title">
        <FormattedMessage id="football.events.title" />
      </h2>
      <EventsToolbar refreshing={refreshing} updatedAt={updatedAt} onRefresh={onRefresh} anyExpanded={expanded.size > 0} onCollapseAll={() => setExpanded(new Set())} />
      {events && events.length > 0 && <EventFilterBar filter={filter} choices={filterChoices(events, zone, localName)} onChange={onFilter} />}
      {error && !events ? (
        <div className="notice notice--error" role="alert">
          <AlertIcon size={18} />
          <p>
            <FormattedMessage id="football.events.error" />
          </p>
          <button type="button" className="button button--ghost button--small" onClick={onRefresh}>
            <FormattedMessage id="app.retry" />
          </button>
        </div>
      ) : loading && !events ? (
        <p className="muted" role="status">
          <FormattedMessage id="app.loading" />
        </p>
      ) : !events || events.length === 0 ? (
        <p className="empty-state" data-testid="events-empty">
          <FormattedMessage id="football.events.empty" />
        </p>
      ) : !shown || shown.length === 0 ? (
        <div className="empty-state" data-testid="events-filtered-empty">
          <p>
            <FormattedMessage id="football.filter.none" />
          </p>
          <button type="button" className="button button--ghost button--small" onClick={() => onFilter(NO_FILTER)}>
            <FormattedMessage id="football.filter.clear" />
          </button>
        </div>
      ) : (
        groupByDate(shown, zone).map((group) => (
          <section key={group.date} className="event-day" aria-label={formatDateHeading(group.date, intl.locale)}>
            <h3 className="event-day__title">{formatDateHeading(group.date, intl.locale)}</h3>
            <ul className="event-day__list" data-testid="event-list">
              {group.events.map((event) => (
                <EventRow
                  key={event.id}
                  event={event}
                  zone={zone}
                  expanded={expanded.has(event.id)}
                  onExpand={(open) => expand(event.id, open)}
                  inSlip={picked.has(event.id)}
                  focus={filter.market}
                />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
