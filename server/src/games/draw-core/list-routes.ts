import type { Router } from 'express';
import type { Parsed } from '../../platform/http.ts';

/** What a draw game answers its public lists with (keno's service, the draw lotteries'). */
export interface DrawLists<Status> {
  listDraws(code: string, status: Status | undefined, limit: number): Promise<unknown>;
  results(code: string, page: number, pageSize: number): Promise<unknown>;
}

/**
 * A draw game's two public lists on `router`, for the product its `:code` names: its draws
 * (`paths.draws`, by status) and its drawn results (`paths.results`, a page at a time). Each
 * route's chain is the product, then its query.
 */
export function drawListRoutes<Status>(
  router: Router,
  game: DrawLists<Status>,
  paths: { draws: string; results: string },
  chain: { product: Parsed<{ code: string }>; draws: Parsed<{ status?: Status; limit: number }>; results: Parsed<{ page: number; pageSize: number }> },
) {
  const { product, draws, results } = chain;
  router.get(paths.draws, product, draws, async (req, res) => {
    const { status, limit } = draws.of(req);
    res.json(await game.listDraws(product.of(req).code, status, limit));
  });
  router.get(paths.results, product, results, async (req, res) => {
    const { page, pageSize } = results.of(req);
    res.json(await game.results(product.of(req).code, page, pageSize));
  });
}
