import { oddsChannel } from '@gp/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useChannel, useSocketEvent } from '../../shared/realtime/use-channel.ts';
import { dashboardKeys } from './football-queries.ts';
import { pointFromOddsEvent, type OddsPoint } from './odds-series.ts';

// A chart left open all day keeps only the recent live points; the HTTP history holds the rest.
const MAX_LIVE_POINTS = 500;

/**
 * The live price changes of one event's market and line since the page opened, from `odds`
 * events on `odds:HKS01:<eventId>`. Every (re)subscription re-reads the event over HTTP (events
 * are hints, HTTP is the truth), and a status change refreshes the event list.
 */
export function useLiveOdds(eventId: string | null, market: string | null, line: string | null): OddsPoint[] {
  const queryClient = useQueryClient();
  const scope = `${eventId}|${market}|${line}`;
  // Points belong to the scope they were heard in: switching event or market starts afresh.
  const [live, setLive] = useState<{ scope: string; points: OddsPoint[] }>({ scope, points: [] });

  const refetch = useCallback(() => {
    if (eventId) void queryClient.invalidateQueries({ queryKey: dashboardKeys.eventAll(eventId) });
  }, [queryClient, eventId]);
  useChannel(eventId ? oddsChannel(eventId) : null, refetch);
  useSocketEvent('odds', (payload) => {
    if (!eventId || !market || payload.eventId !== eventId) return;
    if (payload.status) void queryClient.invalidateQueries({ queryKey: dashboardKeys.events });
    const point = pointFromOddsEvent(payload, eventId, market, line);
    if (!point) return;
    setLive((current) => ({ scope, points: [...(current.scope === scope ? current.points : []), point].slice(-MAX_LIVE_POINTS) }));
  });
  return live.scope === scope ? live.points : [];
}
