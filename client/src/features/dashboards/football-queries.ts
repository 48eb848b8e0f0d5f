import type { FootballEventDetail, FootballEventWire, footballResultItemSchema, Paged, Standings } from '@gp/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useHttp } from '../../shared/api/services.tsx';

export type FootballResultItem = z.infer<typeof footballResultItemSchema>;

/** The dashboards' query keys, under `football` so a purchase-screen invalidation of events reaches them too. */
export const dashboardKeys = {
  events: ['football', 'events', 'all'] as const,
  event: (id: string, market: string, line: string | null) => ['football', 'event', id, market, line] as const,
  eventAll: (id: string) => ['football', 'event', id] as const,
  results: (page: number) => ['football', 'results', page] as const,
  standings: ['football', 'standings'] as const,
};

export const RESULTS_PAGE_SIZE = 20;

/** `GET /api/football/events`: every event the server lists, to chart any of them (open or finished). */
export function useFootballEvents() {
  const http = useHttp();
  return useQuery({
    queryKey: dashboardKeys.events,
    queryFn: ({ signal }) => http.get<FootballEventWire[]>('/api/football/events', { signal }),
    staleTime: 30_000,
  });
}

/** `GET /api/football/events/:id?market=&line=`: the event with the history of one market and line. */
export function useFootballEvent(id: string | null, market: string | null, line: string | null) {
  const http = useHttp();
  const query = new URLSearchParams();
  if (market) query.set('market', market);
  if (line) query.set('line', line);
  return useQuery({
    queryKey: dashboardKeys.event(id ?? '', market ?? '', line),
    queryFn: ({ signal }) => http.get<FootballEventDetail>(`/api/football/events/${encodeURIComponent(id!)}?${query}`, { signal }),
    enabled: id !== null && market !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/football/results?page=`: finished (or voided) events, newest first. */
export function useFootballResults(page: number) {
  const http = useHttp();
  return useQuery({
    queryKey: dashboardKeys.results(page),
    queryFn: ({ signal }) => http.get<Paged<FootballResultItem>>(`/api/football/results?page=${page}&pageSize=${RESULTS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/football/standings`: league tables computed by the server from our own results. */
export function useStandings() {
  const http = useHttp();
  return useQuery({
    queryKey: dashboardKeys.standings,
    queryFn: ({ signal }) => http.get<Standings>('/api/football/standings', { signal }),
    staleTime: 60_000,
  });
}
