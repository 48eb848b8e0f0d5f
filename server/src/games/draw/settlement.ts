import {
  divisionUnitPrize,
  settleDrawTicket,
  toPoints,
  type AcceptedDrawTicket,
  type Division,
  type DrawOrderPlays as DrawPlays,
  type DrawOrderRecord as DrawOrderResult,
  type DrawProduct,
  type DrawResult,
  type LargeWin,
} from '@gp/common';
import type { Tx } from '../../db/database.ts';
import type { DivisionRow, DrawService } from './service.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { pointsRate } from '../../platform/points-rate.ts';
import { walletService } from '../../wallet/service.ts';
import { drawSettlementRepo, type LotterySettledUpdate } from './settlement-repo.ts';
import { settlementPushes, type SettledOrder, type Settler } from '../../settlement/service.ts';


const BATCH = 200;

export type DrawSettlementService = ReturnType<typeof createDrawSettlementService>;
export type LotterySettleOutcome = { status: 'settled'; orders: number; credited: number; pending: number; held: number } | { status: 'not_drawn' | 'missing' | 'held' };

/** The ticket an order bought, as common's settlement reads it. */
const ticketOf = (plays: DrawPlays): AcceptedDrawTicket => ({
  entries: plays.entries,
  system: plays.system,
  partialUnit: plays.partialUnit,
  addOns: plays.addOns,
  ...(plays.play ? { play: plays.play } : {}),
  ...(plays.lineMultipliers ? { lineMultipliers: plays.lineMultipliers } : {}),
});

/**
 * Draw-lottery settlement, per draw and product. Fixed divisions pay as soon as the numbers are
 * in; a pool division pays once its amount is entered: until then the order is held as
 * `pending_amount` ("division 2 won — amount pending") with whatever was known already credited
 * (stage `fixed`), and the rest is credited when the amounts arrive (stage `pool`). Caps share a
 * division's total equally among its winners — the official count when entered, else our lines
 * (real orders; trial ones never reach the operator). Prizes convert to GP at POINTS_RATES, rounded
 * down. A credit above LARGE_WIN_POINTS is not made: the order is held as `large_win` for the back
 * office, which releases it. Each stage's credit has its own ledger cause (`prize` `order`/`order-pool`
 * with the order id) in the transaction of a conditional update, so re-runs change nothing.
 */
export function createDrawSettlementService(platform: Pick<Platform, 'db' | 'outbox' | 'now' | 'config' | 'logger'>, draws: DrawService) {
  const { db, outbox, now, config, logger } = platform;
  const largeWin = config.LARGE_WIN_POINTS * 100;

  function unitPrizesOf(rows: readonly DivisionRow[], product: DrawProduct, play: string, ourCounts: ReadonlyMap<string, number>) {
    return (division: Division) => {
      const row = rows.find((r) => r.product_code === product.code && r.play === play && r.division === division.id);
      const poolAmounts = row?.amount !== null && row?.amount !== undefined ? { [division.id]: row.amount } : {};
      const winners = { [division.id]: row?.winners ?? ourCounts.get(`${play}:${division.id}`) ?? 0 };
      return divisionUnitPrize(division, { poolAmounts, winners });
    };
  }

  async function settleProduct(drawId: number, product: DrawProduct, result: DrawResult, rows: readonly DivisionRow[]) {
    const orders = await drawSettlementRepo.drawOrders(db, drawId, product.code);
    const rate = pointsRate(config, product.currency);
    // Pass 1: our winning lines per division (real orders), which caps share by without an official count.
    const counts = new Map<string, number>();
    for (const order of orders) {
      if (order.trial) continue;
      const plays = order.plays as DrawPlays;
      for (const line of settleDrawTicket(product, ticketOf(plays), result, () => 0).lines) {
        const key = `${plays.play ?? ''}:${line.division}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    await draws.recordOurWinners(db, drawId, product.code, [...counts.entries()].map(([key, lines]) => ({ play: key.split(':')[0]!, division: Number(key.split(':')[1]), lines })));

    // Pass 2: what each open order is due now.
    const steps: Array<{ update: LotterySettledUpdate; userId: number; trial: boolean; credit: number; due: number; stage: 'fixed' | 'pool'; hold: boolean }> = [];
    for (const order of orders) {
      if (order.settled_at || order.hold === 'large_win') continue;
      const plays = order.plays as DrawPlays;
      const previous = order.draw_result as DrawOrderResult | null;
      if (previous && order.hold !== 'pending_amount') continue;
      const settlement = settleDrawTicket(product, ticketOf(plays), result, unitPrizesOf(rows, product, plays.play ?? '', counts));
      const pending = settlement.pendingDivisions.length > 0;
      const known = toPoints(settlement.prize, rate);
      const stage = previous ? ('pool' as const) : ('fixed' as const);
      if (stage === 'pool' && pending) continue; // still waiting for an amount
      const due = stage === 'fixed' ? known : known - (previous?.stages.fixed ?? 0);
      const hold = due > largeWin;
      const stages = { fixed: stage === 'fixed' ? known : (previous?.stages.fixed ?? 0), pool: stage === 'pool' ? due : null };
      const credited = (order.prize ?? 0) + (hold ? 0 : Math.max(0, due));
      steps.push({
        userId: order.user_id,
        trial: order.trial,
        credit: hold ? 0 : Math.max(0, due),
        due,
        stage,
        hold,
        update: {
          id: order.id,
          expectHold: previous ? 'pending_amount' : null,
          drawResult: { result, outcome: { prize: settlement.prize, lines: settlement.lines, pendingDivisions: settlement.pendingDivisions }, stages } satisfies DrawOrderResult,
          prize: credited,
          hold: hold ? 'large_win' : pending ? 'pending_amount' : null,
          settled: !hold && !pending,
        },
      });
    }

    let done = 0;
    let credited = 0;
    let pendingCount = 0;
    let held = 0;
    for (let i = 0; i < steps.length; i += BATCH) {
      const batch = steps.slice(i, i + BATCH);
      const out = await db.transaction().execute(async (trx) => {
        await drawSettlementRepo.lock(trx, batch.map((s) => s.update.id));
        const pushes: SettledOrder[] = [];
        for (const step of batch) {
          const row = await drawSettlementRepo.update(trx, step.update, now());
          if (!row) continue; // a concurrent run did it
          let balances = null;
          if (step.hold) {
            const prize = (step.update.drawResult as DrawOrderResult).outcome.prize;
            await drawSettlementRepo.holdLargeWin(trx, step.update.id, step.stage, step.due, prize, now());
            held++;
          } else if (step.credit > 0) {
            balances = await walletService.credit(trx, { userId: step.userId, account: step.trial ? 'trial' : 'real', kind: 'prize', amount: step.credit, refType: step.stage === 'fixed' ? 'order' : 'order-pool', refId: step.update.id });
            credited += step.credit;
          }
          if (step.update.hold === 'pending_amount') pendingCount++;
          done++;
          pushes.push({ userId: step.userId, order: { id: step.update.id, status: row.status, updatedAt: row.updated_at, prize: Number(row.prize ?? 0) }, balances: balances && { balance: balances.balance, trialBalance: balances.trialBalance }, ...(step.hold ? { review: 'held' as const } : {}) });
        }
        await outbox.write(trx, settlementPushes(outbox, pushes, now()));
        return pushes.length;
      });
      if (out) outbox.kick();
    }
    return { orders: done, credited, pending: pendingCount, held };
  }

  const service = {
    async settleDraw(drawId: number): Promise<LotterySettleOutcome> {
      const info = await draws.forSettlement(db, drawId);
      if (!info) return { status: 'missing' };
      if (info.row.status !== 'drawn' || !info.row.result) return { status: 'not_drawn' };
      // A result feed contradicts the published result: nothing more settles until staff decide.
      if (info.row.result_held_at) return { status: 'held' };
      const total = { status: 'settled' as const, orders: 0, credited: 0, pending: 0, held: 0 };
      for (const product of info.products) {
        const outcome = await settleProduct(drawId, product, info.row.result as DrawResult, info.divisions);
        total.orders += outcome.orders;
        total.credited += outcome.credited;
        total.pending += outcome.pending;
        total.held += outcome.held;
      }
      if (total.orders > 0) logger.info({ drawId, productCode: info.row.product_code, issue: info.row.issue, ...total }, 'lottery draw settled');
      return total;
    },

    /** What the settlement job (one draw) and its sweep (every drawn draw with orders left to settle) run. */
    settler: (): Settler => ({
      settle: (drawId) => service.settleDraw(drawId),
      async sweep() {
        let orders = 0;
        for (const drawId of await service.drawsToSettle()) {
          const outcome = await service.settleDraw(drawId);
          if (outcome.status === 'settled') orders += outcome.orders;
        }
        return { repaired: orders, detail: { orders } };
      },
    }),

    /** Drawn lottery draws with orders left to settle (the sweep). */
    async drawsToSettle(limit = 100) {
      return drawSettlementRepo.drawsToSettle(db, limit);
    },

    /** Back office: held large wins, oldest first. */
    async largeWins(): Promise<LargeWin[]> {
      return (await drawSettlementRepo.openLargeWins(db, 500)).map((row) => ({
        orderId: String(row.order_id),
        userId: String(row.user_id),
        productCode: row.product_code,
        issue: row.issue,
        stage: row.stage,
        prize: row.prize as LargeWin['prize'],
        prizePoints: Number(row.points),
        heldAt: row.held_at.toISOString(),
      }));
    },

    /** Back office: credits a held large win once (`order_not_found` when there is none open; `own_account` for the releasing supervisor's own order). */
    async releaseLargeWin(orderId: number, operatorId: number) {
      const released = await db.transaction().execute(async (trx: Tx) => {
        const held = await drawSettlementRepo.claimLargeWin(trx, orderId);
        if (!held) return null;
        const at = now();
        const before = await drawSettlementRepo.orderRecord(trx, orderId);
        // Staff never release their own win (issue 28): another supervisor does.
        if (before && before.user_id === operatorId) throw new AppError('own_account');
        const stillPending = held.stage === 'fixed' && ((before?.draw_result as DrawOrderResult | null)?.outcome.pendingDivisions.length ?? 0) > 0;
        const order = await drawSettlementRepo.release(trx, orderId, Number(held.points), stillPending, at);
        if (!order) return null;
        const balances = await walletService.credit(trx, { userId: order.user_id, account: order.trial ? 'trial' : 'real', kind: 'prize', amount: Number(held.points), refType: held.stage === 'fixed' ? 'order' : 'order-pool', refId: orderId });
        await drawSettlementRepo.markReleased(trx, orderId, held.stage, operatorId, at);
        await outbox.write(trx, settlementPushes(outbox, [{ userId: order.user_id, order: { id: orderId, status: order.status, updatedAt: order.updated_at, prize: Number(order.prize ?? 0) }, balances: { balance: balances.balance, trialBalance: balances.trialBalance }, review: 'released' }], at));
        return { orderId: String(orderId), points: Number(held.points) };
      });
      if (!released) throw new AppError('order_not_found');
      outbox.kick();
      return released;
    },
  };
  return service;
}
