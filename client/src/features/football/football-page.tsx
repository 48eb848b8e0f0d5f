import '../../shared/styles/order-flow.css';
import '../../shared/styles/orders.css';
import './football.css';
import './football-markets.css';
import './football-slip.css';
import { oddsChangedDetails, type FootballEventWire } from '@gp/common';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { eventFilterSearch, parseEventFilter } from './event-filters.ts';
import { ApiError } from '../../shared/api/api-error.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { FootballLinks } from '../../shared/football/football-links.tsx';
import { confirmPurchasesAtom } from '../../shared/orders/confirm-setting.ts';
import { useSpend } from '../../shared/orders/spend.tsx';
import { SlipBar } from './slip-bar.tsx';
import { SlipCleared } from './slip-cleared.tsx';
import { BetSlip } from './bet-slip.tsx';
import { EventList } from './event-list.tsx';
import { useFootballEvents } from './football-queries.ts';
import { FootballOrderStatus } from './football-order-status.tsx';
import { FootballProblem } from './football-problem.tsx';
import { livePrice } from './odds-cache.ts';
import { PickProvider } from './pick-context.tsx';
import { ProxyDetails } from './proxy-details.tsx';
import { ProxyType } from './proxy-type.tsx';
import { acceptPrices, EMPTY_SLIP, orderBody, pickKey, togglePick, type Slip, type SlipPick } from './slip.ts';
import { followedOrderAtom, slipAtom, timeZoneChoiceAtom } from './slip-atoms.ts';
import { priceChanges } from './slip-prices.ts';
import { slipFormula, slipPreview, slipProblem, withAutoUnit } from './slip-rules.ts';
import { SlipSummary } from './slip-summary.tsx';
import { zoneOf } from './time-zone.ts';
import { useFootballQuote } from './use-football-quote.ts';
import { useOddsFeed } from './use-odds-feed.ts';
import { usePlaceFootballOrder } from './use-place-football-order.ts';

const refusal = (error: unknown, code: string) => (error instanceof ApiError && error.code === code ? error : null);

/** The event as the slip remembers it (its names outlive the event's place in the list). */
function withEvent(pick: SlipPick, events: readonly FootballEventWire[] | undefined): SlipPick {
  const event = events?.find((e) => e.id === pick.eventId);
  if (!event) return pick;
  const player = pick.market === 'FGS' ? event.players.find((p) => p.code === pick.selection)?.name : undefined;
  const names = event.names && (event.names.home || event.names.away) ? { names: { home: event.names.home, away: event.names.away } } : {};
  return { ...pick, event: { code: event.code, home: event.home, away: event.away, kickOffAt: event.kickOffAt, ...(player ? { selectionName: player } : {}), ...names } };
}

/** Event ids a `sales_closed` refusal names (`details.eventId` or `details.eventIds`), when it names any. */
function closedByServer(error: unknown): string[] {
  const details = refusal(error, 'sales_closed')?.details ?? {};
  const ids = [details.eventId, ...(Array.isArray(details.eventIds) ? details.eventIds : [])];
  return ids.filter((id): id is string => typeof id === 'string');
}

/** `/main/sports/hkjc-football`: Hong Kong football (HKS01) events, odds, the bet slip and the proxy purchase. */
export function FootballPage() {
  usePageTitle('football.title');
  useOddsFeed();
  const events = useFootballEvents();
  const [params, setParams] = useSearchParams();
  const filter = parseEventFilter(params);
  const [storedSlip, setSlip] = useAtom(slipAtom);
  // The amount per bet follows the picks until the member types one (withAutoUnit).
  const slip = useMemo(() => withAutoUnit(storedSlip), [storedSlip]);
  const zone = zoneOf(useAtomValue(timeZoneChoiceAtom));
  const followed = useAtomValue(followedOrderAtom);
  const [replaced, setReplaced] = useState<readonly SlipPick[]>([]);
  // The slip as it was bought, while the member may still keep its picks for another order.
  const [bought, setBought] = useState<Slip | null>(null);
  const askFirst = useAtomValue(confirmPurchasesAtom) === 'on';
  const [confirming, setConfirming] = useState(false);

  const problem = slipProblem(slip);
  const preview = slipPreview(slip);
  const quote = useFootballQuote(problem ? null : orderBody(slip));
  const order = usePlaceFootballOrder();
  const update = useCallback((change: (s: Slip) => Slip) => setSlip(change), [setSlip]);

  const live = useCallback((pick: SlipPick) => livePrice(events.data, pick), [events.data]);
  const refused = oddsChangedDetails.safeParse(refusal(order.error, 'odds_changed')?.details ?? refusal(quote.error, 'odds_changed')?.details);
  const changes = priceChanges(slip.picks, live, refused.success ? refused.data.current : null);
  const refusedEvents = useMemo(() => new Set([...closedByServer(order.error), ...closedByServer(quote.error)]), [order.error, quote.error]);
  const offLegs = slip.picks.some((p) => refusedEvents.has(p.eventId) || (live(p)?.state ?? 'open') !== 'open');

  // Sales closed while the member was choosing: re-read the list, which drops (or flags) the event.
  const { refetch } = events;
  useEffect(() => {
    if (refusal(order.error, 'sales_closed') || refusal(quote.error, 'sales_closed')) void refetch();
  }, [order.error, quote.error, refetch]);

  const total = quote.current && quote.data ? quote.data.total : null;
  const spend = useSpend(total, false);

  // Bought: the slip is cleared at once (picks on closed or moved prices are rarely wanted twice),
  // and "keep these picks" puts them back.
  const { placed, reset: resetOrder } = order;
  useEffect(() => {
    if (!placed) return;
    let before: Slip | null = null;
    setSlip((current) => {
      before = current;
      return { ...EMPTY_SLIP, mode: current.mode, allUp: current.allUp, unitDollars: current.unitDollars, autoUnit: current.autoUnit, acceptBetterOdds: current.acceptBetterOdds };
    });
    setBought(before);
    resetOrder();
  }, [placed, setSlip, resetOrder]);

  // Nothing left to confirm (the slip emptied, a price moved): the confirm step closes.
  const unpriceable = problem !== null || quote.error != null;
  useEffect(() => {
    if (unpriceable) setConfirming(false);
  }, [unpriceable]);
  const buy = () => {
    const body = orderBody(slip);
    if (!body) return;
    if (askFirst) setConfirming(true);
    else order.place(body);
  };
  const confirm = () => {
    const body = orderBody(slip);
    if (!body || total === null || spend.shortBy > 0) return;
    setConfirming(false);
    order.place(body);
  };

  const picks = useMemo(
    () => ({
      selected: new Set(slip.picks.map(pickKey)),
      toggle: (pick: SlipPick) => {
        // From the stored slip, not this render's: two quick clicks must both count.
        let replacedNow: readonly SlipPick[] = [];
        setSlip((current) => {
          const change = togglePick(current, withEvent(pick, events.data));
          replacedNow = change.replaced;
          return change.slip;
        });
        setReplaced(replacedNow);
      },
    }),
    [slip.picks, events.data, setSlip],
  );
  const pickedEvents = useMemo(() => new Set(slip.picks.map((p) => p.eventId)), [slip.picks]);
  const clearPicks = () => setSlip((s) => ({ ...EMPTY_SLIP, mode: s.mode, allUp: s.allUp, unitDollars: s.unitDollars, autoUnit: s.autoUnit, acceptBetterOdds: s.acceptBetterOdds }));

  return (
    <div className="container page football">
      <header className="page__header football__header">
        <h1>
          <FormattedMessage id="football.title" />
        </h1>
        <p className="muted">
          <FormattedMessage id="football.lead" />
        </p>
        <FootballLinks current="purchase" />
      </header>
      <PickProvider value={picks}>
        <div className="football__layout">
          <EventList
            events={events.data}
            loading={events.isPending}
            error={events.isError}
            refreshing={events.isFetching}
            updatedAt={events.dataUpdatedAt}
            onRefresh={() => void refetch()}
            picked={pickedEvents}
            filter={filter}
            onFilter={(next) => setParams(eventFilterSearch(next, params), { replace: true })}
          />
          <aside className="football__aside" id="football-slip">
            <BetSlip
              slip={slip}
              live={live}
              changes={changes}
              refusedEvents={refusedEvents}
              replaced={replaced}
              zone={zone}
              onRemove={(pick) => setSlip((s) => togglePick(s, pick).slip)}
              onClear={clearPicks}
            />
            <ProxyType slip={slip} update={update} />
            <ProxyDetails slip={slip} formula={slipFormula(slip)} />
            <SlipSummary
              slip={slip}
              update={update}
              preview={preview}
              quote={quote}
              problem={problem}
              changes={changes}
              closedLegs={offLegs}
              onAcceptPrices={() => {
                setSlip((s) => acceptPrices(s, changes.map((c) => ({ ...c.pick, odds: c.to }))));
                resetOrder();
              }}
              spend={spend}
              placing={order.pending}
              held={false}
              confirming={confirming}
              onBuy={buy}
              onConfirm={confirm}
              onCancel={() => setConfirming(false)}
            />
            {order.error != null && !(refusal(order.error, 'odds_changed') && changes.length > 0) && <FootballProblem error={order.error} context="order" />}
            {bought && (
              <SlipCleared
                onKeep={() => {
                  setSlip((current) => ({ ...bought, unitDollars: current.unitDollars ?? bought.unitDollars }));
                  setBought(null);
                }}
                onClose={() => setBought(null)}
              />
            )}
            {followed && <FootballOrderStatus id={followed} />}
          </aside>
        </div>
      </PickProvider>
      {slip.picks.length > 0 && <SlipBar count={slip.picks.length} />}
    </div>
  );
}
