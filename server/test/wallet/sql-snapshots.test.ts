import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { kenoOrdersRepo } from '../../src/games/keno/order-repo.ts';
import { presentPlacedKenoOrder } from '../../src/games/keno/order.ts';
import { STANDIN } from '../../src/orders/placement-repo.ts';
import { orderPlumbing } from '../../src/orders/placement.ts';
import { orderQueries } from '../../src/orders/repo.ts';
import { createOutbox } from '../../src/platform/outbox.ts';
import { settlementQueries } from '../../src/games/keno/settlement-repo.ts';
import { postingQuery } from '../../src/wallet/repo.ts';
import { compileOnlyDb } from '../support/compile-only-db.ts';

/**
 * The SQL of the paths that move money, compiled (no database) and compared with the files in
 * __snapshots__/, so that any change to it shows up in review as a diff of those files. The
 * statements come from the builders the repos run (`postingQuery`, `orderQueries`,
 * `settlementQueries`); the values are examples. After an intended change:
 * `npx vitest run server/test/wallet/sql-snapshots.test.ts -u`, and review the .sql diff.
 */
const db = compileOnlyDb();

const at = new Date('2026-05-01T12:00:00.000Z');
const userId = 7;
const orderId = 1001;

/** A keno order's row as games/keno/order.ts prepares it (same columns, same order). */
const kenoOrder = {
  user_id: userId,
  product_code: 'TWB01',
  issue: '115000123',
  draw_id: 55,
  status: 0 as const,
  trial: false,
  multiplier: 1,
  plays: [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }],
  units: 1,
  points_spent: 1_000,
  stake: { amount: 25, currency: 'TWD' },
  sales_close_at: new Date('2026-05-01T12:04:30.000Z'),
  created_at: at,
  updated_at: at,
};

/** A compiled statement as reviewable text: the SQL (dedented), then each parameter on its own line. */
function statement(title: string, query: CompiledQuery): string {
  const lines = query.sql.split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  const text = lines.map((l) => l.slice(indent).trimEnd()).join('\n').trim();
  const params = query.parameters.map((value, i) => `-- $${i + 1} = ${JSON.stringify(value)}`);
  return [`-- ${title}`, `${text};`, ...params].join('\n');
}

function file(summary: string, statements: Array<[string, CompiledQuery]>): string {
  return `-- ${summary}\n\n${statements.map(([title, query]) => statement(title, query)).join('\n\n')}\n`;
}

const snapshot = (name: string) => `./__snapshots__/${name}.sql`;

describe('SQL of the money paths', () => {
  it('wallet postings: a credit (real points) and a debit (trial points)', async () => {
    const text = file('Wallet postings (walletRepo.post): one statement moves the balance and writes the ledger row; a debit is a negative amount.', [
      ['credit 50.00 GP to the real balance (a prize)', postingQuery({ userId, account: 'real', kind: 'prize', amount: 5_000, refType: 'order', refId: orderId }).compile(db)],
      ['debit 12.50 GP from the trial balance (a trial order)', postingQuery({ userId, account: 'trial', kind: 'order', amount: -1_250, refType: 'order', refId: orderId }).compile(db)],
    ]);
    await expect(text).toMatchFileSnapshot(snapshot('wallet-postings'));
  });

  it('order placement: the order row with its first history entry, then the debit, in one transaction', async () => {
    // The keno order row as games/keno/order.ts records it (same columns, same order; jsonb as JSON text).
    const order = { ...kenoOrder, plays: JSON.stringify(kenoOrder.plays), stake: JSON.stringify(kenoOrder.stake) };
    const text = file('Order placement (orderPlumbing.place → ordersRepo.insert, then walletService.debit), one transaction.', [
      ['the order row and its first status history entry', orderQueries.insert(db, order, 'order placed').compile()],
      ['the debit of points_spent, refused while the member owes points', postingQuery({ userId, account: 'real', kind: 'order', amount: -1_000, refType: 'order', refId: orderId }, { unlessInDebt: true }).compile(db)],
    ]);
    await expect(text).toMatchFileSnapshot(snapshot('order-placement'));
  });

  it('keno orders placed together: one statement debits, records the orders, their history and ledger rows, answers the keys and fills the outbox', async () => {
    const order = kenoOrder;
    // Only the outbox's statement parts are used: no queue, bus or logger is reached.
    const outbox = createOutbox({ db, queues: undefined as never, bus: undefined as never, logger: undefined as never, now: () => at });
    const sale = { id: 55, at, closeAt: order.sales_close_at, stillOnSale: kenoOrdersRepo.stillOnSale() };
    const prepared = { row: order, reason: 'order placed', sale, checkOnSale: async () => undefined, present: presentPlacedKenoOrder };
    const trial = { row: { ...order, user_id: 8, status: 8 as const, trial: true }, reason: 'trial order placed', sale, checkOnSale: async () => undefined, present: presentPlacedKenoOrder };
    const body = { productCode: 'TWB01', issue: '115000123', multiplier: 1, plays: [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }] };
    const plumbing = orderPlumbing({ db, outbox, now: () => at });
    const statement = plumbing.placementStatement([plumbing.placement(userId, 'key-0001', body, prepared), plumbing.placement(8, undefined, { ...body, trial: true }, trial)]);
    const compiled = statement.compile(db);
    // The orders travel as one JSON parameter: shown here one order per line, values as they go.
    const orders = (JSON.parse(String(compiled.parameters[0])) as unknown[]).map((row) => `--   ${JSON.stringify(row)}`);
    const text = file('Keno orders placed together (orderPlumbing.placeAtOnce, a batch of two: a real order with a key, a trial order without): one statement, no transaction around it; an order is placed only if its draw is still on sale and its wallet covers it.', [
      ['debits, orders, history, ledger rows, the keys with their answers, the outbox rows', { ...compiled, parameters: ['<the orders, below>', ...compiled.parameters.slice(1)] }],
    ]);
    // The stand-ins are random per process: named here so the file stays the same.
    const named = `${text}-- the orders ($1):\n${orders.join('\n')}\n`
      .replaceAll(STANDIN.id, '<order id>')
      .replaceAll(STANDIN.idNumber, '<order id as a number>')
      .replaceAll(STANDIN.balance, '<balance>')
      .replaceAll(STANDIN.trialBalance, '<trial balance>');
    await expect(named).toMatchFileSnapshot(snapshot('keno-order-placement'));

    // `placeAtOnce` compiles this statement once per shape and puts each batch's JSON in as its
    // first parameter: another batch of the same shape must differ in that parameter alone.
    const other = plumbing.placementStatement([
      plumbing.placement(31, 'key-0002', { ...body, multiplier: 5 }, { ...prepared, row: { ...order, user_id: 31, points_spent: 5_000 } }),
      plumbing.placement(32, undefined, body, { ...prepared, row: { ...order, user_id: 32 } }),
      plumbing.placement(33, 'key-0003', body, trial),
    ]).compile(db);
    expect(other.sql).toBe(compiled.sql);
    expect(other.parameters.slice(1)).toEqual(compiled.parameters.slice(1));
    expect(other.parameters[0]).not.toEqual(compiled.parameters[0]);
  });

  it('order transition: lock, conditional update, history entry', async () => {
    const text = file('Order transition (ordersRepo.transition), here 1 → 2 with the ticket: the update is conditional on the status the lock saw.', [
      ['lock the order and read its status', orderQueries.lockStatus(db, orderId).compile()],
      ['move it, only from the status seen', orderQueries.moveStatus(db, orderId, 1, 2, at, { ticket_ref: 'T-0001', purchased_at: at }).compile()],
      ['its status history entry', orderQueries.history(db, { order_id: orderId, from: 1, to: 2, at, reason: 'purchased (simulated)' }).compile()],
    ]);
    await expect(text).toMatchFileSnapshot(snapshot('order-transition'));
  });

  it('refund: the timeout moves the order to 9 and credits points_spent back, in one transaction', async () => {
    const text = file('Refund at the sales cut-off (orders service expire): transition 0/1 → 9, then the refund credit, one transaction.', [
      ['lock the order and read its status', orderQueries.lockStatus(db, orderId).compile()],
      ['move it to 9 (timeout), only from the status seen', orderQueries.moveStatus(db, orderId, 0, 9, at, {}).compile()],
      ['its status history entry', orderQueries.history(db, { order_id: orderId, from: 0, to: 9, at, reason: 'sales closed before purchase: refunded' }).compile()],
      ['the refund credit', postingQuery({ userId, account: 'real', kind: 'refund', amount: 1_000, refType: 'order', refId: orderId }).compile(db)],
    ]);
    await expect(text).toMatchFileSnapshot(snapshot('order-refund'));
  });

  it('settlement: a page reads and locks its unsettled tickets in id order, settles each order once, then the prize credit', async () => {
    const items = [
      { id: 1001, prize: 4_500, drawResult: { lines: [{ matched: [1, 2, 3], prize: 45 }] } },
      { id: 1002, prize: 0, drawResult: { lines: [{ matched: [], prize: 0 }] } },
    ];
    const text = file('Keno settlement of a batch (settlementRepo.lockTickets and markSettled, then walletService.credit per winner), one transaction.', [
      ['read and lock the orders of the batch still to settle, in id order', settlementQueries.lockTickets(db, items.map((item) => item.id)).compile()],
      ['settle the orders not yet settled', settlementQueries.markSettled(items, at).compile(db)],
      ['the prize credit of a winner', postingQuery({ userId, account: 'real', kind: 'prize', amount: 4_500, refType: 'order', refId: '1001' }).compile(db)],
    ]);
    await expect(text).toMatchFileSnapshot(snapshot('settlement-mark-settled'));
  });
});
