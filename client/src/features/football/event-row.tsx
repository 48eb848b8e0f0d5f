import type { FootballEventWire, MarketCode } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';
import { EventMarkets, marketsByCode } from './event-markets.tsx';
import { MarketBlock } from './market-block.tsx';
import { useFootballLabels } from '../../shared/football/use-football-labels.ts';
import { OddsButton } from './odds-button.tsx';
import { usePicks } from './pick-context.tsx';
import { pickKey } from './slip.ts';
import { useLocalName } from '../../shared/football/use-local-name.ts';
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
  /** The bet type the list is filtered to: its prices show in the row (HAD's always do). */
  focus: MarketCode | null;
}

/** One match: code, tournament, kick-off in the chosen zone, teams, HAD prices; opens to every market and the analysis. */
export function EventRow({ event, zone, expanded, onExpand, inSlip, focus }: EventRowProps) {
  const intl = useIntl();
  const name = useLocalName();
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
            {name(event.tournament, event.names?.tournament)}
          </span>
          {closed && (
            <span className="football-badge football-badge--closed" data-testid="event-closed">
              <FormattedMessage id="football.event.closed" />
            </span>
          )}
        </div>
        <p className="event-row__teams">
          <span data-testid="event-home">{name(event.home, event.names?.home)}</span>
          <span className="event-row__vs">
            <FormattedMessage id="football.event.vs" />
          </span>
          <span data-testid="event-away">{name(event.away, event.names?.away)}</span>
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
      {focus && focus !== 'HAD' && !expanded && (
        <div className="event-row__focus" data-testid="event-focus">
          {marketsByCode(event.markets.filter((m) => m.market === focus)).map((group) => (
            <MarketBlock key={group.code} event={event} code={group.code} markets={group.markets} />
          ))}
        </div>
      )}
      {expanded && <EventMarkets event={event} id={panelId} />}
    </li>
  );
}
