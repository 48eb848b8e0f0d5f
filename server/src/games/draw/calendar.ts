import { lastDraws, nextDraws, type DrawCode } from '@gp/common';
import type { LotteryDrawRow } from '../../db/types.ts';
import { newSeed, seedHash } from '../../platform/seed-commitment.ts';
import { presentLotteryDraw, tablesOf } from './present.ts';
import { lotteryDrawsRepo, type NewLotteryDraw } from './repo.ts';
import { cachedOdds, nextSimulatedJackpot, resultFromSeed, simulatedPoolAmounts } from './result-source.ts';
import type { LotteryContext } from './lotteries.ts';
import { divisionRowsOf } from './lotteries.ts';

/**
 * The draw lotteries' calendar: the draws created ahead from each lottery's schedule (with a
 * committed seed and the advertised jackpot; on a first simulated start, the past draws too), each
 * drawn at its time (simulated source), and the simulated pool amounts announced later.
 */
export function lotteryCalendar(lottery: LotteryContext) {
  const { platform, db, config, logger, source, owners, playersOf, owner, publish } = lottery;
  let historyChecked = false;

  /** The simulated source's pool amounts of a draw for every product playing it, as division rows. */
  function simulatedAmountRows(row: Pick<LotteryDrawRow, 'id' | 'product_code' | 'seed' | 'jackpot'>) {
    const out: Array<{ draw_id: number; product_code: string; play: string; division: number; amount: number; updated_at: Date }> = [];
    for (const player of playersOf(row.product_code)) {
      for (const { play, table } of tablesOf(player)) {
        const amounts = simulatedPoolAmounts(player, table.divisions, cachedOdds(player, play || undefined), row.seed as string, row.jackpot === null ? null : Number(row.jackpot));
        for (const [division, amount] of Object.entries(amounts)) out.push({ draw_id: row.id, product_code: player.code, play, division: Number(division), amount, updated_at: platform.now() });
      }
    }
    return out;
  }

  /** The simulated pool amounts of a draw (nothing an operator entered is changed). */
  async function simulateAmounts(row: LotteryDrawRow) {
    for (const item of simulatedAmountRows(row)) {
      await lotteryDrawsRepo.upsertDivisions(db, item.draw_id, item.product_code, item.play, [{ division: item.division, amount: item.amount }], item.updated_at);
    }
  }

  /**
   * The first start with simulated results: the past DRAW_HISTORY_DRAWS draws of each lottery that has
   * no draw yet, drawn, with amounts — in one read and two inserts.
   */
  async function backfill(now: Date) {
    const stocked = await lotteryDrawsRepo.latestOf(db, owners);
    const rows = owners
      .filter((code) => !stocked.has(code))
      .flatMap((code) => {
        const item = owner(code);
        let jackpot: number | null = null;
        return lastDraws(item, now, config.DRAW_HISTORY_DRAWS).map((draw) => {
          const seed = newSeed();
          jackpot = nextSimulatedJackpot(item, jackpot, seed);
          return { ...newDraw(code, draw, seed, jackpot, 'simulated'), result: resultFromSeed(item, seed, jackpot) };
        });
      });
    const inserted = await lotteryDrawsRepo.insertDrawn(db, rows);
    // Issue numbers repeat across lotteries: a draw is its product and its issue.
    const byDraw = new Map(rows.map((r) => [`${r.product_code}/${r.issue}`, r]));
    await lotteryDrawsRepo.insertDivisions(
      db,
      inserted.flatMap(({ id, product_code, issue }) => simulatedAmountRows({ ...byDraw.get(`${product_code}/${issue}`)!, id: id })),
    );
    return inserted.length;
  }

  function newDraw(code: string, draw: { issue: string; salesOpenAt: Date; salesCloseAt: Date; drawAt: Date }, seed: string, jackpot: number | null, jackpotSource: 'base' | 'simulated'): NewLotteryDraw {
    return { product_code: code, issue: draw.issue, sales_open_at: draw.salesOpenAt, sales_close_at: draw.salesCloseAt, draw_at: draw.drawAt, seed, seed_hash: seedHash(seed), jackpot, jackpot_source: jackpot === null ? null : jackpotSource };
  }
  return {

    /**
     * Creates the draws each lottery needs ahead — enough for its multi-draw limit plus two — that
     * do not exist yet, each with a fresh secret seed and the advertised jackpot (the base, grown
     * by the simulated source). A second pass creates nothing.
     */
    async createUpcomingDraws(now: Date) {
      if (!historyChecked && source === 'simulated' && config.DRAW_HISTORY_DRAWS > 0) {
        const stored = await backfill(now);
        if (stored) logger.info({ stored }, 'simulated draw-lottery history filled in');
      }
      historyChecked = true;
      // Every lottery in one read and one insert: this pass runs at every start and every minute.
      const latestOf = await lotteryDrawsRepo.latestOf(db, owners);
      const rows = owners.flatMap((code) => {
        const item = owner(code);
        const need = Math.max(...playersOf(code).map((p) => p.multiDraw.max)) + 2;
        const latest = latestOf.get(code);
        let jackpot = latest?.jackpot === null || latest?.jackpot === undefined ? null : Number(latest.jackpot);
        return nextDraws(item, now, need).map((draw) => {
          const seed = newSeed();
          jackpot = source === 'simulated' ? nextSimulatedJackpot(item, jackpot, seed) : (item.baseJackpot?.amount ?? null);
          return newDraw(code, draw, seed, jackpot, source === 'simulated' ? 'simulated' : 'base');
        });
      });
      const inserted = await lotteryDrawsRepo.insertMissing(db, rows);
      return inserted.map((row) => ({ productCode: row.product_code, id: row.id, drawAt: row.draw_at }));
    },

    /** Draws still waiting for their result, due in `[from, until)`. */
    async scheduledBetween(from: Date, until: Date) {
      return (await lotteryDrawsRepo.scheduledBetween(db, owners, from, until)).map((row) => ({ id: row.id, drawAt: row.draw_at }));
    },

    /** The draw job: with the simulated source, the result from the seed, published once. A job before the draw time throws (retried). */
    async drawAtTime(drawId: number): Promise<'drawn' | 'already' | 'manual' | 'missing'> {
      const row = await lotteryDrawsRepo.find(db, drawId);
      if (!row || !owners.includes(row.product_code as DrawCode)) return 'missing';
      if (row.status !== 'scheduled') return 'already';
      const now = platform.now();
      if (now < row.draw_at) throw new Error(`draw ${drawId} is due at ${row.draw_at.toISOString()}, not yet`);
      // Manual entry and the result feeds publish through enterResult; the draw job leaves the draw waiting.
      if (source !== 'simulated') return 'manual';
      const result = resultFromSeed(owner(row.product_code as DrawCode), row.seed as string, row.jackpot === null ? null : Number(row.jackpot));
      const drawn = await lotteryDrawsRepo.markDrawn(db, drawId, result, 'simulated', now);
      if (!drawn) return 'already';
      if (config.DRAW_SIMULATED_AMOUNTS_AFTER_SECONDS === 0) await simulateAmounts(drawn);
      await publish(drawn);
      logger.info({ productCode: drawn.product_code, issue: drawn.issue, drawId }, 'lottery draw published');
      return 'drawn';
    },

    /** Simulated draws drawn long enough ago whose pool amounts are still missing: announce them (the scheduling pass). */
    async announceSimulatedAmounts(now: Date) {
      if (source !== 'simulated') return 0;
      const due = (await Promise.all(owners.map((code) => lotteryDrawsRepo.list(db, code, 'drawn', now, 20))))
        .flat()
        .filter((row) => row.drawn_at && now.getTime() - row.drawn_at.getTime() >= config.DRAW_SIMULATED_AMOUNTS_AFTER_SECONDS * 1000);
      // Every due draw's divisions in one read (this pass runs every minute).
      const divisions = new Map<number, Awaited<ReturnType<typeof lotteryDrawsRepo.divisions>>>();
      for (const r of await lotteryDrawsRepo.divisions(db, due.map((row) => row.id))) {
        const ofDraw = divisions.get(r.draw_id);
        if (ofDraw) ofDraw.push(r);
        else divisions.set(r.draw_id, [r]);
      }
      let announced = 0;
      for (const row of due) {
        const rows = divisionRowsOf(divisions.get(row.id) ?? []);
        const missing = playersOf(row.product_code as DrawCode).some((p) => presentLotteryDraw(p, row, rows).final === false);
        if (!missing) continue;
        await simulateAmounts(row);
        await publish(row);
        announced++;
      }
      return announced;
    },
  };
}
