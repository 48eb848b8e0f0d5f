import type { FootballEventWire } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';
import { EventMarkets } from './event-markets.tsx';
import { useFootballLabels } from '../../shared/football/use-football-labels.ts';
import { OddsButton } from './odds-button.tsx';
import { usePicks } from './pick-context.tsx';
import { pickKey } from './slip.ts';
import { formatKickOff } from './time-zone.ts';

const HAD_KEYS = ['H', 'D', 'A'] as const;

/** The HAD prices of the row: home, draw, away (disabled while suspended or after the sales close). */
function HadPrices({ event }: { event: FootballEventWire }) {
  const labels = useFootballLabels();
  const { selected, toggle } = usePicks();
  const had = event.markets.find((m) => m.market === 'HAD');
  return (
    <div className="event-row__had" role="group" aria-label={labels.market('HAD')}>
      {HAD_KEYS.map((key) => {
        const selection = had?.selections.find((s) => s.key === key);
        if (!had || !selection) {
          return (
            <span key={key} className="odds-button odds-button--empty" aria-hidden="true">
              —
            </span>
          );
        }
        const id = pickKey({ eventId: event.id, market: 'HAD', line: null, selection: key });
        return (
          <OddsButton
            key={key}
            pickId={id}
            label={labels.selection('HAD', key)}
            odds={selection.odds}
            selected={selected.has(id)}
            disabled={event.status !== 'open' || had.status !== 'open'}
            onToggle={() => toggle({ eventId: event.id, market: 'HAD', line: null, selection: key, odds: selection.odds })}
          />
        );
      })}
    </div>
  );
}

interface EventRowProps {
  event: FootballEventWire;
  zone: string;
  expanded: boolean;
  onExpand: (open: boolean) => void;
  /** The slip has a pick on this event. */
  inSlip: boolean;
}

/** One match: code, tournament, kick-off in the chosen zone, teams, HAD prices; opens to every market and the analysis. */
export function EventRow({ event, zone, expanded, onExpand, inSlip }: EventRowProps) {
  const intl = useIntl();
  const panelId = `event-${event.id}-markets`;
  const closed = event.status !== 'open';
  return (
    <li className={`event-row${closed ? ' event-row--closed' : ''}${inSlip ? ' event-row--picked' : ''}`} data-testid="event-row" data-event-id={event.id} data-status={event.status}>
      <div className="event-row__main">
        <div className="event-row__meta">
          <span className="event-row__code mono">{event.code}</span>
          <time className="event-row__time" dateTime={event.kickOffAt}>
            {formatKickOff(event.kickOffAt, zone, intl.locale)}
          </time>
          <span className="event-row__tournament" title={event.tournament}>
            {event.tournament}
          </span>
          {closed && (
            <span className="football-badge football-badge--closed" data-testid="event-closed">
              <FormattedMessage id="football.event.closed" />
            </span>
          )}
        </div>
        <p className="event-row__teams">
          <span>{event.home}</span>
          <span className="event-row__vs">
            <FormattedMessage id="football.event.vs" />
          </span>
          <span>{event.away}</span>
        </p>
        <HadPrices event={event} />
        <button
          type="button"
          className="event-row__expand"
          aria-expanded={expanded}
          aria-controls={expanded ? panelId : undefined}
          onClick={() => onExpand(!expanded)}
          data-testid="event-expand"
        >
          <ChevronRightIcon size={14} />
          <FormattedMessage id={expanded ? 'football.event.collapse' : 'football.event.expand'} values={{ count: new Set(event.markets.map((m) => m.market)).size }} />
        </button>
      </div>
      {expanded && <EventMarkets event={event} id={panelId} />}
    </li>
  );
}
