import { finalResultOf, settleFootballSlip, toPoints, type MatchResult } from '@gp/common';
import { slipOfPlays, type FootballOutcome, type FootballPlays } from './order-present.ts';
import type { Platform } from '../../platform/platform.ts';
import { pointsRate } from '../../platform/points-rate.ts';
import { walletService, type Balances } from '../../wallet/service.ts';
import { settlementPushes, type SettledOrder, type Settler } from '../../settlement/service.ts';
import { footballSettlementRepo } from './settlement-repo.ts';


/** Orders settled per transaction: one commit per batch, each order still conditional on its own row. */
const BATCH = 200;

export type FootballSettlementService = ReturnType<typeof createFootballSettlementService>;
export type FootballSettleOutcome = { status: 'settled'; orders: number; winners: number; points: number } | { status: 'not_final' | 'missing' };

interface Candidate {
  id: number;
  user_id: number;
  plays: unknown;
}


/**
 * Football settlement (HKS01). A purchased order settles once every event it bets on is final
 * (resulted on the 90-minute result, or void: postponed, abandoned, void, cancelled):
 * `settleFootballSlip` gives what it returns in HKD cents — void legs count at odds 1 in an
 * all-up, a single on a void match comes back as a refund — and the two parts are converted to
 * GP separately, each rounded down: the prize (payout − refund, ledger kind `prize`) and the
 * refunded stake (`refund`; the handling fee is not refunded). Both credit the wallet in the
 * transaction that marks the order settled, conditionally on `settled_at is null`, and each
 * ledger cause (kind, order) is unique: a re-run, or a concurrent one, changes nothing.
 */
export function createFootballSettlementService(platform: Pick<Platform, 'db' | 'outbox' | 'now' | 'config' | 'logger'>) {
  const { db, outbox, now, config, logger } = platform;
  const rate = pointsRate(config, 'HKD');

  /** The settlement of each order whose events are all final; orders still waiting on a match are left out. */
  async function outcomes(orders: readonly Candidate[]) {
    const legs = await footballSettlementRepo.legEvents(db, orders.map((o) => o.id));
    const results = new Map<number, Record<string, MatchResult | null>>();
    for (const leg of legs) {
      const byEvent = results.get(leg.order_id) ?? {};
      byEvent[String(leg.id)] = finalResultOf(leg);
      results.set(leg.order_id, byEvent);
    }
    const items: Array<{ id: number; prize: number; drawResult: FootballOutcome }> = [];
    for (const order of orders) {
      const id = order.id;
      const byEvent = results.get(id) ?? {};
      const ready = Object.keys(byEvent).length > 0 && Object.values(byEvent).every((r) => r !== null);
      if (!ready) continue;
      try {
        const settlement = settleFootballSlip(slipOfPlays(order.plays as FootballPlays), byEvent as Record<string, MatchResult>);
        const currency = settlement.payout.currency;
        const prize = toPoints({ amount: settlement.payout.amount - settlement.refund.amount, currency }, rate);
        const refund = toPoints(settlement.refund, rate);
        items.push({ id, prize: prize + refund, drawResult: { ...settlement, points: { prize, refund } } });
      } catch (error) {
        // A result that lacks what a pick needs (corners for CHL, the first scorer for FGS): the
        // order waits for a corrected result; the sweep retries it.
        if (!(error instanceof RangeError)) throw error;
        logger.error({ orderId: id, err: error }, 'football order cannot be settled on its events’ results');
      }
    }
    return items;
  }

  /** Settles one batch in one transaction; returns what this run settled (rows a concurrent run settled are not returned). */
  async function settleBatch(items: ReadonlyArray<{ id: number; prize: number; drawResult: FootballOutcome }>): Promise<SettledOrder[]> {
    if (items.length === 0) return [];
    const byId = new Map(items.map((item) => [item.id, item.drawResult.points]));
    return db.transaction().execute(async (trx) => {
      const rows = await footballSettlementRepo.markSettled(trx, items, now());
      // Wallets in user order: concurrent batches crediting the same members lock them in the same order.
      const sorted = [...rows].sort((a, b) => Number(a.user_id) - Number(b.user_id) || Number(a.id) - Number(b.id));
      const out: SettledOrder[] = [];
      for (const row of sorted) {
        const id = row.id;
        const userId = row.user_id;
        const points = byId.get(id)!;
        let balances: Balances | null = null;
        for (const [kind, amount] of [['prize', points.prize], ['refund', points.refund]] as const) {
          if (amount <= 0) continue;
          const posted = await walletService.credit(trx, { userId, account: 'real', kind, amount, refType: 'order', refId: id });
          balances = { balance: posted.balance, trialBalance: posted.trialBalance };
        }
        out.push({ userId, order: { id, status: row.status, updatedAt: row.updated_at, prize: Number(row.prize) }, balances });
      }
      await outbox.write(trx, settlementPushes(outbox, out, now()));
      return out;
    });
  }

  async function settle(orders: readonly Candidate[]) {
    let count = 0;
    let winners = 0;
    let points = 0;
    for (let i = 0; i < orders.length; i += BATCH) {
      const items = await outcomes(orders.slice(i, i + BATCH));
      const settled = await settleBatch(items);
      if (settled.length) outbox.kick();
      for (const item of settled) {
        count++;
        if (item.order.prize > 0) {
          winners++;
          points += item.order.prize;
        }
      }
    }
    return { status: 'settled' as const, orders: count, winners, points };
  }

  const service = {
    /** Settles every purchased order with a leg on `eventId` whose events are all final. */
    async settleEvent(eventId: number): Promise<FootballSettleOutcome> {
      const event = await footballSettlementRepo.event(db, eventId);
      if (!event) return { status: 'missing' };
      if (!finalResultOf(event)) return { status: 'not_final' };
      const outcome = await settle(await footballSettlementRepo.unsettledOrdersOfEvent(db, eventId));
      if (outcome.orders > 0) logger.info({ eventId, code: event.code, ...outcome }, 'football event settled');
      return outcome;
    },

    /** The sweep: purchased orders whose events are all final but which are still unsettled. */
    async settleReady(limit = 1000) {
      return settle(await footballSettlementRepo.readyUnsettledOrders(db, limit));
    },

    /** What the settlement job (one event) and its sweep (orders whose events are all final) run. */
    settler: (): Settler => ({
      settle: (eventId) => service.settleEvent(eventId),
      async sweep() {
        const outcome = await service.settleReady();
        return { repaired: outcome.orders, detail: outcome };
      },
    }),
  };
  return service;
}
