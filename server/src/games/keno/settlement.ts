import {
  applyDrawCaps,
  settleKenoTicket,
  toPoints,
  type DrawOutcome,
  type KenoPlay,
  type KenoResult,
  type KenoSettlement,
} from '@gp/common';
import { findProduct, kenoCatalogue } from './service.ts';
import type { Platform } from '../../platform/platform.ts';
import { pointsRate } from '../../platform/points-rate.ts';
import { walletService, type Posting } from '../../wallet/service.ts';
import { lanesByMember, settlementPushes, type SettledOrder, type Settler } from '../../settlement/service.ts';
import { settlementRepo } from './settlement-repo.ts';


/** Orders settled per transaction: one commit per batch, each order still conditional on its own row. */
const BATCH = 2000;
/**
 * Pages in flight at once, each on its own connection (three of the pool's: intake keeps the rest).
 * A 300,000-order draw on two cores: 18,500 orders/s with two, 22,000 with three.
 */
const PAGES_AT_ONCE = 3;

export type KenoSettlementService = ReturnType<typeof createKenoSettlementService>;
export type SettleOutcome =
  | { status: 'settled'; orders: number; winners: number; points: number }
  | { status: 'not_drawn' | 'missing' | 'held' };

/** The wire `drawResult`: the settlement as the order page shows it (only serialized, so not copied: a million-order draw allocates enough). */
const outcomeOf = (settlement: KenoSettlement): DrawOutcome => ({ prize: settlement.prize, lines: settlement.lines });

/**
 * Keno settlement: when a draw has its result, every purchased (2) and trial (8) order of it is
 * settled with `common/settle` — the per-draw caps computed over all of that draw's tickets
 * (real and trial apart: trial tickets never reach the operator's pool) — and its prize, converted
 * to GP at the configured rate and rounded down, is credited once through the wallet. Re-running
 * changes nothing: each order's settlement is a conditional update, and the prize's ledger entry
 * has a unique cause (prize, order, id) in the same transaction.
 */
export function createKenoSettlementService(platform: Pick<Platform, 'db' | 'outbox' | 'now' | 'config' | 'logger'>) {
  const { db, outbox, now, config, logger } = platform;
  const catalogue = kenoCatalogue(config);

  /** Drawn draws that still have unsettled orders: a lost settle job, a crash mid-settlement. */
  async function unsettledDraws(limit = 100) {
    return settlementRepo.drawsWithUnsettledOrders(db, limit);
  }

  const service = {
    async settleDraw(drawId: number): Promise<SettleOutcome> {
      const draw = await settlementRepo.draw(db, drawId);
      const product = draw ? findProduct(catalogue, draw.product_code) : undefined;
      if (!draw || !product) return { status: 'missing' };
      if (draw.status !== 'drawn' || !draw.result) return { status: 'not_drawn' };
      // A result feed contradicts the published result: nothing more settles until staff decide.
      if (draw.result_held_at) return { status: 'held' };
      const result = draw.result as KenoResult;
      const rate = pointsRate(config, product.currency);
      // One array for every ticket: settleKenoTicket checks the draw once for all of them.
      const numbers = result.numbers;
      const settle = (order: { multiplier: number; plays: unknown }) => settleKenoTicket(product, { multiplier: order.multiplier, plays: order.plays as KenoPlay[] }, { numbers });

      // The per-draw caps concern only tickets with a winning pick of the capped star counts:
      // those are found first (filtered in the database) and capped together, real and trial
      // apart (trial tickets never reach the operator's pool). Every other ticket's settlement
      // depends on itself alone, so the draw is then settled page by page, never all in memory.
      const capStars = [...new Set([product.caps.starPool?.stars, product.caps.sharedTopPrize?.stars].filter((n): n is number => n !== undefined))];
      const capped = new Map<number, KenoSettlement>();
      const candidates = (await settlementRepo.ordersWithPicksOf(db, drawId, capStars))
        .map((order) => ({ order, settlement: settle(order) }))
        .filter(({ settlement }) => settlement.lines.some((line) => line.type === 'pick' && line.outcome === 'win' && capStars.includes(line.stars)));
      for (const group of [candidates.filter((c) => !c.order.trial), candidates.filter((c) => c.order.trial)]) {
        applyDrawCaps(product, group.map((c) => c.settlement)).forEach((settlement, i) => capped.set(group[i]!.order.id, settlement));
      }

      const pending = await settlementRepo.unsettledOrders(db, drawId);
      let count = 0;
      let winners = 0;
      let points = 0;
      const settlePage = async (ids: number[]) => {
        const done = await db.transaction().execute(async (trx) => {
          // Read and locked in one statement: only the orders no other run has settled meanwhile.
          const tickets = await settlementRepo.lockTickets(trx, ids);
          const items = tickets.map((order) => {
            const settlement = capped.get(order.id) ?? settle(order);
            return { id: order.id, prize: toPoints(settlement.prize, rate), drawResult: outcomeOf(settlement) };
          });
          const at = now();
          const settled = await settlementRepo.markSettled(trx, items, at);
          const out: SettledOrder[] = [];
          const postings: Posting[] = [];
          tickets.forEach((ticket, i) => {
            const { id, prize } = items[i]!;
            if (!settled.has(id)) return;
            const userId = ticket.user_id;
            out.push({ userId, order: { id, status: ticket.status, updatedAt: at, prize }, balances: null });
            if (prize > 0) postings.push({ userId, account: ticket.trial ? 'trial' : 'real', kind: 'prize', amount: prize, refType: 'order', refId: id });
          });
          // Every prize of the batch in one statement, each its own ledger row (cause: prize, order, id).
          const balances = await walletService.creditMany(trx, postings);
          await outbox.write(trx, settlementPushes(outbox, out, at, balances));
          return out;
        });
        if (done.length) outbox.kick();
        for (const item of done) {
          count++;
          if (item.order.prize > 0) {
            winners++;
            points += item.order.prize;
          }
        }
      };
      // PAGES_AT_ONCE lanes of pages in flight, each page its own transaction: one is computed here
      // while PostgreSQL writes another. A page locks its members' wallets and inbox counts until
      // it commits, so the lanes split the members (`lanesByMember`): pages in flight at once share
      // none and never wait on each other. (Anything else sharing a wallet locks it in id order, as
      // creditMany does, so it queues, never deadlocks.)
      const settleLane = async (ids: readonly number[]) => {
        for (let at = 0; at < ids.length; at += BATCH) await settlePage(ids.slice(at, at + BATCH));
      };
      await Promise.all(lanesByMember(pending, PAGES_AT_ONCE).map(settleLane));
      if (count > 0) logger.info({ drawId, productCode: product.code, issue: draw.issue, orders: count, winners, points }, 'draw settled');
      return { status: 'settled', orders: count, winners, points };
    },

    /** Drawn draws that still have unsettled orders: a lost settle job, a crash mid-settlement. */
    unsettledDraws,

    /** What the settlement job (one draw) and its sweep (every drawn draw with unsettled orders) run. */
    settler: (): Settler => ({
      settle: (drawId) => service.settleDraw(drawId),
      async sweep() {
        const draws = await unsettledDraws();
        for (const drawId of draws) await service.settleDraw(drawId);
        return { repaired: draws.length, detail: { draws } };
      },
    }),
  };
  return service;
}
