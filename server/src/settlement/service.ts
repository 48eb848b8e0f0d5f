import {
  applyDrawCaps,
  settleKenoTicket,
  toPoints,
  type DrawOutcome,
  type KenoPlay,
  type KenoResult,
  type KenoSettlement,
} from '@gp/common';
import { findProduct, kenoCatalogue } from '../keno/service.ts';
import type { Platform } from '../platform/platform.ts';
import { pointsRate } from '../platform/points-rate.ts';
import { walletService } from '../wallet/service.ts';
import { settlementPushes, type SettledOrder } from './pushes.ts';
import { settlementRepo } from './repo.ts';

export const SETTLE_QUEUE = 'order-settle';
export interface SettleJob {
  drawId: string;
}
/** One settle job per draw: a second add (the draw job's retry, the sweep) is ignored while it exists. */
export const settleJobId = (drawId: string) => `settle-${drawId}`;

/** Orders settled per transaction: one commit per batch, each order still conditional on its own row. */
const BATCH = 200;

export type SettlementService = ReturnType<typeof createSettlementService>;
export type SettleOutcome =
  | { status: 'settled'; orders: number; winners: number; points: number }
  | { status: 'not_drawn' | 'missing' };

/** The wire `drawResult`: the settlement as the order page shows it. */
const outcomeOf = (settlement: KenoSettlement): DrawOutcome => ({
  prize: settlement.prize,
  lines: settlement.lines.map((line) => ({ ...line, adjustments: [...line.adjustments] })),
});

/**
 * Keno settlement: when a draw has its result, every purchased (2) and trial (8) order of it is
 * settled with `common/settle` — the per-draw caps computed over all of that draw's tickets
 * (real and trial apart: trial tickets never reach the operator's pool) — and its prize, converted
 * to GP at the configured rate and rounded down, is credited once through the wallet. Re-running
 * changes nothing: each order's settlement is a conditional update, and the prize's ledger entry
 * has a unique cause (prize, order, id) in the same transaction.
 */
export function createSettlementService(platform: Pick<Platform, 'db' | 'outbox' | 'now' | 'config' | 'logger'>) {
  const { db, outbox, now, config, logger } = platform;
  const catalogue = kenoCatalogue(config);

  return {
    async settleDraw(drawId: string): Promise<SettleOutcome> {
      const draw = await settlementRepo.draw(db, drawId);
      const product = draw ? findProduct(catalogue, draw.product_code) : undefined;
      if (!draw || !product) return { status: 'missing' };
      if (draw.status !== 'drawn' || !draw.result) return { status: 'not_drawn' };
      const result = draw.result as KenoResult;
      const rate = pointsRate(config, product.currency);

      const orders = await settlementRepo.drawOrders(db, drawId);
      const settled = new Map<string, KenoSettlement>();
      for (const group of [orders.filter((o) => !o.trial), orders.filter((o) => o.trial)]) {
        const tickets = group.map((o) => settleKenoTicket(product, { multiplier: o.multiplier, plays: o.plays as KenoPlay[] }, { numbers: result.numbers }));
        applyDrawCaps(product, tickets).forEach((settlement, i) => settled.set(String(group[i]!.id), settlement));
      }

      const pending = orders.filter((o) => o.settled_at === null);
      let count = 0;
      let winners = 0;
      let points = 0;
      for (let i = 0; i < pending.length; i += BATCH) {
        const batch = pending.slice(i, i + BATCH);
        const done = await db.transaction().execute(async (trx) => {
          const items = batch.map((order) => {
            const settlement = settled.get(String(order.id))!;
            return { id: String(order.id), prize: toPoints(settlement.prize, rate), drawResult: outcomeOf(settlement) };
          });
          const rows = await settlementRepo.markSettled(trx, items, now()); // rows a concurrent run settled are not returned
          const out: SettledOrder[] = [];
          for (const row of rows) {
            const id = String(row.id);
            const userId = String(row.user_id);
            const prize = Number(row.prize);
            const balances = prize > 0
              ? await walletService.credit(trx, { userId, account: row.trial ? 'trial' : 'real', kind: 'prize', amount: prize, refType: 'order', refId: id })
              : null;
            out.push({ userId, order: { id, status: row.status, updatedAt: row.updated_at, prize }, balances: balances && { balance: balances.balance, trialBalance: balances.trialBalance } });
          }
          await outbox.write(trx, settlementPushes(outbox, out, now()));
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
      }
      if (count > 0) logger.info({ drawId, productCode: product.code, issue: draw.issue, orders: count, winners, points }, 'draw settled');
      return { status: 'settled', orders: count, winners, points };
    },

    /** Drawn draws that still have unsettled orders: a lost settle job, a crash mid-settlement. */
    async unsettledDraws(limit = 100) {
      return (await settlementRepo.drawsWithUnsettledOrders(db, limit)).map((row) => String(row.draw_id));
    },
  };
}
