import type { RequestHandler } from 'express';
import { requireOperator, requireSupervisor, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';

/**
 * Who may call each back-office route: `public` (the staff sign-in steps), `staff` (operators and
 * supervisors) or `supervisor`. EVERY `/api/admin/*` route is listed here, whichever feature
 * mounts it; server/test/admin/authorization.test.ts walks the app's routes, fails on one missing
 * from this table, and calls each as a guest, a member, an operator and a supervisor.
 *
 * Operators work the queue, find orders, read the daily report and the reconciliation, enter
 * results and issue PINs; supervisors also manage staff, approve
 * adjustments, PIN batches and large wins, void PIN batches, lock members and read the audit log.
 */
export const ADMIN_ACCESS = {
  'POST /admin/auth/login': 'public',
  'POST /admin/auth/verify': 'public',
  'POST /admin/auth/logout': 'staff',
  'POST /admin/auth/session': 'staff',
  'GET /admin/me': 'staff',
  'GET /admin/staff': 'supervisor',
  'POST /admin/staff/:id/role': 'supervisor',
  'POST /admin/staff/:id/enrolment-link': 'supervisor',
  // Issue 31 item 7: invitations (the colleague's acceptance is public: their link is the credential), deactivation, authenticator reset
  'POST /admin/staff/invites': 'supervisor',
  'POST /admin/auth/invite': 'public',
  'POST /admin/staff/:id/deactivate': 'supervisor',
  'POST /admin/staff/:id/totp-reset': 'supervisor',
  'GET /admin/audit': 'supervisor',
  // The order queue
  'GET /admin/queue': 'staff',
  'POST /admin/queue/claim': 'staff',
  'POST /admin/queue/release': 'staff',
  'POST /admin/queue/orders/:id/confirm': 'staff',
  'POST /admin/queue/orders/:id/fail': 'staff',
  'POST /admin/queue/bulk-confirm': 'staff',
  'GET /admin/queue/views': 'staff',
  'POST /admin/queue/views': 'staff',
  'GET /admin/orders/:id/scan': 'staff',
  // Buying in batches (issue 31 item 3): a draw's or an event's purchase sheet, and its confirmation
  'GET /admin/draws/:id/purchase-sheet': 'staff',
  'GET /admin/football/events/:id/purchase-sheet': 'staff',
  'POST /admin/purchase-sheet/confirm': 'staff',
  // Finding orders and reconciling a day (issue 31 items 4 and 5): operators and supervisors both
  // read them — the queue's work needs the search, and the day's figures are what both check;
  // nothing here moves money or changes an order.
  'GET /admin/orders': 'staff',
  'GET /admin/orders/:id': 'staff',
  'GET /admin/reports/daily': 'staff',
  'GET /admin/reports/reconciliation': 'staff',
  'POST /admin/reports/reconciliation/runs': 'supervisor',
  // Money
  'POST /admin/adjustments': 'staff',
  'GET /admin/adjustments': 'staff',
  'POST /admin/adjustments/:id/decision': 'supervisor',
  // Results: four-eyes entry only (keno, football, draw lotteries); no single-entry result route
  'GET /admin/results': 'staff',
  'POST /admin/results': 'staff',
  // Result feeds (issue 31): how each product's sources stand, one staff confirmation of a single source, resolving a conflict
  'GET /admin/result-feeds': 'staff',
  'POST /admin/result-feeds/confirm': 'staff',
  'POST /admin/result-feeds/conflicts/:id/resolve': 'supervisor',
  // The draws screen: sales, orders, result and settlement per draw
  'GET /admin/draws': 'staff',
  // Members
  'GET /admin/members': 'staff',
  'GET /admin/members/:id': 'staff',
  'POST /admin/members/:id/lock': 'supervisor',
  // Issue 32 item 6: the member's limits, breaks and exclusions with their history; a supervisor lowers limits (never raises)
  'GET /admin/members/:id/responsible-play': 'staff',
  'PUT /admin/members/:id/limits': 'supervisor',
  // PINs
  'POST /admin/pins': 'staff',
  'POST /admin/pin-batches': 'staff',
  'GET /admin/pin-batches': 'staff',
  'POST /admin/pin-batches/:id/approve': 'supervisor',
  'POST /admin/pin-batches/:id/export': 'staff',
  'POST /admin/pin-batches/:id/void': 'supervisor',
  // Orders (the manual gateway's first confirmation route, and the flags list)
  'POST /admin/orders/:id/confirm': 'staff',
  'GET /admin/order-flags': 'staff',
  // Winnings out (issue 33): identity checks and withdrawals
  'GET /admin/kyc': 'staff',
  'GET /admin/kyc/:id/document': 'staff',
  'GET /admin/kyc/:id/selfie': 'staff',
  'POST /admin/kyc/:id/decision': 'staff',
  'GET /admin/withdrawals': 'staff',
  'GET /admin/withdrawals/batch': 'staff',
  'GET /admin/withdrawals/batches': 'staff',
  'POST /admin/withdrawals/batches/:batchId/paid': 'staff',
  'POST /admin/withdrawals/:id/approve': 'staff',
  'POST /admin/withdrawals/:id/reject': 'staff',
  'POST /admin/withdrawals/:id/paid': 'staff',
  'POST /admin/withdrawals/:id/refund': 'staff',
  // A paid bank transfer the bank sent back: money back to a member, so a supervisor's (four eyes past the bound)
  'POST /admin/withdrawals/:id/returned': 'supervisor',
  'GET /admin/claims': 'staff',
  'GET /admin/claims/:id/documents/:documentId': 'staff',
  'POST /admin/claims/:id/step': 'staff',
  // Other features' back-office routes (as they guard them today: `requireOperator`)
  'POST /admin/draw-products/:code/draws/:id/prizes': 'staff',
  'POST /admin/draw-products/:code/draws/:id/jackpot': 'staff',
  'GET /admin/large-wins': 'staff',
  'POST /admin/large-wins/:orderId/release': 'supervisor',
  'GET /admin/deposits': 'staff',
  'POST /admin/deposits/:id/refund': 'staff',
  'POST /admin/deposits/:id/credit': 'supervisor',
  'GET /admin/debts': 'staff',
  'POST /admin/inbox/notices': 'staff',
  'GET /admin/support/threads': 'staff',
  'GET /admin/support/threads/:id': 'staff',
  'POST /admin/support/threads/:id/messages': 'staff',
  'POST /admin/support/threads/:id/close': 'staff',
  'GET /admin/support/threads/:id/messages/:messageId/attachment': 'staff',
} as const satisfies Record<string, 'public' | 'staff' | 'supervisor'>;

export type AdminRoute = keyof typeof ADMIN_ACCESS;

/** BullMQ's dashboard (admin/job-board.ts), supervisors only. */
export const JOB_BOARD_PATH = '/admin/queues';

/** The guard chain of `route`, from the table: the route's own declaration cannot drift from it. */
export function access(auth: AuthService, route: AdminRoute): RequestHandler[] {
  const who = ADMIN_ACCESS[route];
  if (who === 'public') return [];
  return [requireUser(auth), who === 'supervisor' ? requireSupervisor : requireOperator];
}
