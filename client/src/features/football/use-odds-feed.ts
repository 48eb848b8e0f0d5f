import { oddsChannel, type FootballEventDetail, type FootballEventWire } from '@gp/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useChannel, useSocketEvent } from '../../shared/realtime/use-channel.ts';
import { footballKeys } from './football-queries.ts';
import { applyOddsToEvent, applyOddsToList } from './odds-cache.ts';
import { moveStore } from './price-moves.ts';

/**
 * Keeps the cached events current from `odds:HKS01`: each `odds` event patches the list and the
 * open event's details, and the moved prices get their ▲ / ▼ mark. On every (re)subscription the
 * list is re-read over HTTP, which covers whatever was missed while disconnected.
 */
export function useOddsFeed() {
  const queryClient = useQueryClient();
  const resync = useCallback(() => void queryClient.invalidateQueries({ queryKey: footballKeys.events }), [queryClient]);
  useChannel(oddsChannel(), resync);
  useSocketEvent('odds', (payload) => {
    let moves = null as ReturnType<typeof applyOddsToList>['moves'] | null;
    queryClient.setQueryData<FootballEventWire[]>(footballKeys.events, (events) => {
      if (!events) return events;
      const applied = applyOddsToList(events, payload);
      moves = applied.moves;
      return applied.events;
    });
    queryClient.setQueryData<FootballEventDetail>(footballKeys.event(payload.eventId), (event) => {
      if (!event) return event;
      const applied = applyOddsToEvent(event, payload);
      moves ??= applied.moves;
      return applied.event;
    });
    if (moves) moveStore.record(moves);
  });
}
