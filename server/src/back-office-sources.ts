import { registerQueueSource } from './admin/service.ts';
import type { DepositService } from './payments/service.ts';
import type { DrawSettlementService } from './games/draw/settlement.ts';
import type { FeedsService } from './feeds/service.ts';
import type { ReportService } from './reports/service.ts';

/**
 * Composition root: the order queue's sources that live in other features, plugged into the
 * back office's registry (admin/queue-sources.ts). Large wins of draw lotteries wait for a
 * supervisor (release: POST /api/admin/large-wins/:orderId/release); held deposits for a refund
 * or a decision (GET /api/admin/deposits?state=held); the nightly reconciliation's mismatches for
 * someone to look into (GET /api/admin/reports/reconciliation?date=). The queue lists and leases them with the rest.
 */
export function registerBackOfficeSources(services: { drawSettlement: DrawSettlementService; deposits: DepositService; feeds: FeedsService; reports: ReportService }) {
  registerQueueSource({
    id: 'settlement.large-wins',
    kinds: ['large_win'],
    async list() {
      return (await services.drawSettlement.largeWins()).map((win) => ({
        key: `large_win:${win.orderId}`,
        kind: 'large_win' as const,
        orderId: win.orderId,
        productCode: win.productCode,
        issue: win.issue,
        member: { id: win.userId, name: '', email: '' },
        lines: null,
        amount: win.prizePoints,
        createdAt: win.heldAt,
        deadline: null,
        detail: { stage: win.stage, prize: win.prize },
      }));
    },
  });
  registerQueueSource({
    id: 'payments.held-deposits',
    kinds: ['held_deposit'],
    async list() {
      return (await services.deposits.byState('held')).map((deposit) => ({
        key: `deposit:${deposit.id}`,
        kind: 'held_deposit' as const,
        orderId: null,
        productCode: null,
        issue: null,
        member: { id: String(deposit.userId), name: '', email: '' },
        lines: null,
        amount: deposit.points,
        createdAt: deposit.createdAt,
        deadline: null,
        detail: { provider: deposit.provider, currency: deposit.currency, money: deposit.amount, problem: deposit.problem },
      }));
    },
  });
  // A result feed contradicts a published result (settlement held) or two sources disagree: resolved on /admin/feeds.
  registerQueueSource({
    id: 'feeds.result-conflicts',
    kinds: ['result_conflict'],
    async list() {
      return (await services.feeds.openConflicts()).map((conflict) => ({
        key: `result_conflict:${conflict.id}`,
        kind: 'result_conflict' as const,
        orderId: null,
        productCode: conflict.productCode,
        issue: conflict.issue,
        member: null,
        lines: null,
        amount: 0,
        createdAt: conflict.raisedAt,
        deadline: null,
        detail: { conflictKind: conflict.kind, source: conflict.source, targetType: conflict.targetType, targetId: conflict.targetId, published: conflict.published, reading: conflict.reading },
      }));
    },
  });
  registerQueueSource({
    id: 'reports.reconciliation-mismatches',
    kinds: ['reconciliation_mismatch'],
    async list() {
      return (await services.reports.openMismatches()).map((m) => ({
        key: `reconciliation:${m.id}`,
        kind: 'reconciliation_mismatch' as const,
        orderId: m.refType === 'order' ? m.refId : null,
        productCode: null,
        issue: null,
        member: { id: '', name: '', email: '' },
        lines: null,
        amount: (m.actual ?? 0) - (m.expected ?? 0),
        createdAt: m.foundAt,
        deadline: null,
        detail: { date: m.date, check: m.check, cause: m.cause, refType: m.refType, refId: m.refId, expected: m.expected, actual: m.actual },
      }));
    },
  });
}
