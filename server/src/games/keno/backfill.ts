import { drawsBetween, type KenoProduct } from '@gp/common';
import type { Executor } from '../../db/database.ts';
import { committedDraw } from './draw-rows.ts';
import { historyRepo, type PastDraw } from './history-repo.ts';
import { numbersFromSeed, publicResult } from './result-source.ts';

/** How far back a fresh install fills in results. */
const BACKFILL_HOURS = 24;

/**
 * The first start of a deployment with simulated results: the past day's draws of each product
 * (the latest `count`, KENO_HISTORY_DRAWS), stored as drawn, so the results page and its roadmaps
 * (/roadmap) have data from the first minute, as football's backfill does for form and tables. Each
 * past draw is made like a real one: a fresh secret seed, its sha256 committed, the numbers derived
 * from the seed by the published procedure (`numbersFromSeed`) and the seed revealed with them, so
 * anyone can check them. Only a product without any draw yet is filled (one read, one insert for
 * all); returns how many draws were stored.
 *
 * Example: BINGO BINGO at 12:00 Taipei → the 07:05–11:55 draws of today and yesterday's from 12:05 on.
 */
export async function backfillKenoHistory(db: Executor, products: Iterable<KenoProduct>, now: Date, count: number): Promise<number> {
  if (count === 0) return 0;
  const all = [...products];
  const stocked = await historyRepo.productsWithDraws(db, all.map((product) => product.code));
  const rows = all
    .filter((product) => !stocked.has(product.code))
    .flatMap((product) =>
      drawsBetween(product.schedule, new Date(now.getTime() - BACKFILL_HOURS * 3600_000), now)
        .slice(-count)
        .map((draw): PastDraw => {
          const row = committedDraw(product.code, draw);
          return { ...row, result: publicResult(product, numbersFromSeed(row.seed, product.matrix)) };
        }),
    );
  return historyRepo.insertDrawn(db, rows);
}
