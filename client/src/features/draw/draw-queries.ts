import { drawProduct, type DrawProduct, type DrawProductDetail, type DrawStats, type LotteryDrawWire, type PointsRateWire } from '@gp/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHttp } from '../../shared/api/services.tsx';

/** The draw screens' query keys. */
export const drawKeys = {
  all: ['draw'] as const,
  product: (code: string) => ['draw', 'product', code] as const,
  results: (code: string, page: number) => ['draw', 'results', code, page] as const,
  stats: (code: string, draws: number) => ['draw', 'stats', code, draws] as const,
  quote: (fingerprint: string | null) => ['draw', 'quote', fingerprint] as const,
};

export type UpcomingDraw = LotteryDrawWire;

/** What the draw screens work from: common's product with this deployment's overrides, its rates and next draws. */
export interface DrawProductView {
  product: DrawProduct;
  rates: { price: PointsRateWire; prize: PointsRateWire } | null;
  upcoming: LotteryDrawWire[];
  jackpot: DrawProductDetail['jackpot'];
}

/**
 * The server's product (`GET /api/draw-products/:code`) as common's `DrawProduct`, so the picker,
 * validation, expansion and pricing run on common's functions: common's data for the code, with
 * what a deployment may override (availability, fee, multi-draw limit, calendar, prizes) taken
 * from the server.
 */
export function productView(detail: DrawProductDetail): DrawProductView | null {
  const base = drawProduct(detail.code);
  if (!base) return null;
  const reasonCode = detail.availability.reasonCode === 'discontinued' ? 'discontinued' : null;
  const product: DrawProduct = {
    ...base,
    availability: { onSale: detail.availability.onSale, reason: detail.availability.reason, reasonCode },
    serviceFeeBasisPoints: detail.serviceFeeBasisPoints,
    multiDraw: detail.multiDraw,
    maxLines: detail.maxLines,
    maxEntries: detail.maxEntries,
    calendar: {
      ...base.calendar,
      time: detail.calendar.time,
      weekdays: detail.calendar.weekdays,
      salesCloseMinutes: detail.calendar.salesCloseMinutes,
      moves: detail.calendar.moves,
      cancelled: detail.calendar.cancelled,
      confidence: detail.calendar.confidence,
      source: detail.calendar.source,
    },
    table: detail.table,
    plays: base.plays && detail.plays ? base.plays.map((play) => ({ ...play, table: detail.plays?.find((p) => p.code === play.code)?.table ?? play.table })) : base.plays,
  };
  return { product, rates: detail.rates, upcoming: detail.upcoming, jackpot: detail.jackpot };
}

/** A draw product with its rates and next draws (`GET /api/draw-products/:code`). */
export function useDrawProduct(code: string) {
  const http = useHttp();
  return useQuery({
    queryKey: drawKeys.product(code),
    queryFn: ({ signal }) => http.get<DrawProductDetail>(`/api/draw-products/${encodeURIComponent(code)}`, { signal }),
    select: productView,
    staleTime: 30_000,
  });
}

export interface ResultsPage {
  items: LotteryDrawWire[];
  page: number;
  pageSize: number;
  total: number;
}

export const RESULTS_PAGE_SIZE = 20;

/** Drawn results of a product, newest first. */
export function useDrawResults(code: string, page: number) {
  const http = useHttp();
  return useQuery({
    queryKey: drawKeys.results(code, page),
    queryFn: ({ signal }) => http.get<ResultsPage>(`/api/draw-products/${encodeURIComponent(code)}/results?page=${page}&pageSize=${RESULTS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Number-master statistics over the last `draws` results. */
export function useDrawStats(code: string, draws: number) {
  const http = useHttp();
  return useQuery({
    queryKey: drawKeys.stats(code, draws),
    queryFn: ({ signal }) => http.get<DrawStats>(`/api/draw-products/${encodeURIComponent(code)}/stats?draws=${draws}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
