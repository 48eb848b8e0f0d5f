import type { FootballEventDetail, FootballEventWire } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../shared/api/services.tsx';

/** The football screen's query keys (an order it follows is under shared `orderKey`, i.e. `queryKeys.orders`). */
export const footballKeys = {
  all: ['football'] as const,
  events: ['football', 'events', 'open'] as const,
  event: (id: string) => ['football', 'event', id] as const,
  quote: (fingerprint: string | null) => ['football', 'quote', fingerprint] as const,
};

/** How often the list is re-read when no `odds` event arrives: events are hints, HTTP is the truth. */
const EVENTS_SAFETY_NET_MS = 60_000;

/** `GET /api/football/events?status=open`: the events on sale with every market's current prices. */
export function useFootballEvents() {
  const http = useHttp();
  return useQuery({
    queryKey: footballKeys.events,
    queryFn: ({ signal }) => http.get<FootballEventWire[]>('/api/football/events?status=open', { signal }),
    // The odds feed keeps the cache current; a refetch on every focus would only flash the list.
    staleTime: 30_000,
    refetchInterval: EVENTS_SAFETY_NET_MS,
  });
}

/** `GET /api/football/events/:id`: one event with its analysis (form, probabilities) and recent odds history. */
export function useFootballEvent(id: string) {
  const http = useHttp();
  return useQuery({
    queryKey: footballKeys.event(id),
    queryFn: ({ signal }) => http.get<FootballEventDetail>(`/api/football/events/${encodeURIComponent(id)}`, { signal }),
    staleTime: 30_000,
  });
}
