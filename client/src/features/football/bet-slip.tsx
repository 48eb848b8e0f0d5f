import { FormattedMessage, useIntl } from 'react-intl';
import { CloseIcon } from '../../shared/ui/icons.tsx';
import { useFootballLabels } from '../../shared/football/use-football-labels.ts';
import type { LivePrice } from './odds-cache.ts';
import { pickKey, slipEvents, type Slip, type SlipPick } from './slip.ts';
import type { PriceChange } from './slip-prices.ts';
import { formatKickOff } from './time-zone.ts';
import { useLocalName } from '../../shared/football/use-local-name.ts';

interface BetSlipProps {
  slip: Slip;
  live: (pick: SlipPick) => LivePrice | null;
  changes: readonly PriceChange[];
  /** Events the server refused as no longer on sale (`sales_closed`). */
  refusedEvents: ReadonlySet<string>;
  /** Picks the last click replaced (all-up: one market per match), announced once. */
  replaced: readonly SlipPick[];
  zone: string;
  onRemove: (pick: SlipPick) => void;
  onClear: () => void;
}

function PickLine({ pick, live, change, onRemove }: { pick: SlipPick; live: LivePrice | null; change: PriceChange | undefined; onRemove: () => void }) {
  const intl = useIntl();
  const labels = useFootballLabels();
  const selection = pick.event?.selectionName ?? labels.selection(pick.market, pick.selection);
  const off = live && live.state !== 'open' ? live.state : null;
  return (
    <li className={`slip-pick${change ? ` slip-pick--moved slip-pick--${change.direction ?? 'gone'}` : ''}${off ? ' slip-pick--off' : ''}`} data-testid="slip-pick" data-pick={pickKey(pick)}>
      <span className="slip-pick__what">
        <span className="slip-pick__market">
          {labels.market(pick.market)}
          {pick.line !== null && <span className="slip-pick__line"> [{pick.line}]</span>}
        </span>
        <strong className="slip-pick__selection">{selection}</strong>
      </span>
      <span className="slip-pick__odds">
        <span className={change ? 'slip-pick__taken--old' : undefined} data-testid="slip-taken">
          @{pick.odds}
        </span>
        {change && (
          <span className={`slip-pick__now slip-pick__now--${change.direction ?? 'gone'}`} data-testid="slip-moved">
            {change.to === null ? (
              <FormattedMessage id="football.slip.withdrawn" />
            ) : (
              <>
                → {change.to} <span aria-hidden="true">{change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : ''}</span>
                <span className="visually-hidden">
                  <FormattedMessage id={change.direction === 'up' ? 'football.odds.up' : 'football.odds.down'} values={{ from: change.from }} />
                </span>
              </>
            )}
          </span>
        )}
      </span>
      {off && (
        <span className="football-badge football-badge--closed">
          <FormattedMessage id={off === 'suspended' ? 'football.market.suspended' : 'football.market.closed'} />
        </span>
      )}
      <button type="button" className="slip-pick__remove" onClick={onRemove} aria-label={intl.formatMessage({ id: 'football.slip.remove' }, { selection })} data-testid="slip-remove">
        <CloseIcon size={14} />
      </button>
    </li>
  );
}

/** The cart: the picks by match with the price taken and, when it moved, the price now; flags for closed matches. */
export function BetSlip({ slip, live, changes, refusedEvents, replaced, zone, onRemove, onClear }: BetSlipProps) {
  const intl = useIntl();
  const name = useLocalName();
  const labels = useFootballLabels();
  const events = slipEvents(slip);
  const changeOf = new Map(changes.map((c) => [pickKey(c.pick), c]));
  return (
    <section className="card football-section bet-slip" aria-labelledby="bet-slip-title" data-testid="bet-slip">
      <div className="football-section__head">
        <h2 id="bet-slip-title" className="football-section__title">
          <FormattedMessage id="football.slip.title" values={{ count: slip.picks.length }} />
        </h2>
        {slip.picks.length > 0 && (
          <button type="button" className="button button--ghost button--small" onClick={onClear} data-testid="slip-clear">
            <FormattedMessage id="football.slip.clear" />
          </button>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {replaced.length > 0 &&
          intl.formatMessage({ id: 'football.slip.replaced' }, { market: labels.market(replaced[0]!.market), count: replaced.length })}
      </p>
      {slip.picks.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="football.slip.empty" />
        </p>
      ) : (
        <ol className="slip-events">
          {events.map((eventId) => {
            const picks = slip.picks.filter((p) => p.eventId === eventId);
            const info = picks[0]!.event;
            const closed = refusedEvents.has(eventId) || live(picks[0]!)?.state === 'closed';
            return (
              <li key={eventId} className={`slip-event${closed ? ' slip-event--closed' : ''}`} data-testid="slip-event" data-event-id={eventId} data-closed={closed}>
                <p className="slip-event__head">
                  {info ? (
                    <>
                      <span className="mono">{info.code}</span> <span className="slip-event__teams">
                        {name(info.home, info.names?.home)} – {name(info.away, info.names?.away)}
                      </span>{' '}
                      <time className="muted" dateTime={info.kickOffAt}>
                        {formatKickOff(info.kickOffAt, zone, intl.locale)}
                      </time>
                    </>
                  ) : (
                    <span className="mono">{eventId}</span>
                  )}
                </p>
                {closed && (
                  <p className="slip-event__flag" role="alert" data-testid="slip-event-closed">
                    <FormattedMessage id="football.slip.eventClosed" />
                  </p>
                )}
                <ul className="slip-picks">
                  {picks.map((pick) => (
                    <PickLine key={pickKey(pick)} pick={pick} live={live(pick)} change={changeOf.get(pickKey(pick))} onRemove={() => onRemove(pick)} />
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
