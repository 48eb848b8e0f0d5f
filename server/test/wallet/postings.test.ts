import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/database.ts';
import { AppError } from '../../src/platform/errors.ts';
import { DuplicatePostingError, walletService } from '../../src/wallet/service.ts';
import { testServer } from '../support/platform.ts';
import { membersWithLedgerCheck, expectLedgerMatchesBalance, grantPoints } from '../support/members.ts';

describe('wallet postings', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    env = await testServer('embedded');
  });
  afterAll(() => env.stop());

  const member = membersWithLedgerCheck(() => env);
  const inTx = <T>(fn: (trx: Tx) => Promise<T>) => env.platform.db.transaction().execute(fn);
  const ledgerOf = (userId: number) =>
    env.platform.db.selectFrom('ledger').select(['kind', 'account', 'amount', 'balance_after', 'ref_type', 'ref_id']).where('user_id', '=', userId).orderBy('id').execute();

  it('a prize paid twice for the same order is refused the second time and changes nothing', async () => {
    const m = await member('Winner');
    const cause = { userId: Number(m.id), account: 'real' as const, kind: 'prize' as const, amount: 5_000, refType: 'order', refId: 'order-42' };
    await inTx((trx) => walletService.credit(trx, cause));

    await expect(inTx((trx) => walletService.credit(trx, cause))).rejects.toBeInstanceOf(DuplicatePostingError);
    await expect(inTx((trx) => walletService.credit(trx, { ...cause, amount: 1 }))).rejects.toBeInstanceOf(DuplicatePostingError);

    expect((await walletService.balances(env.platform.db, Number(m.id))).balance).toBe(5_000);
    expect(await ledgerOf(Number(m.id))).toEqual([{ kind: 'prize', account: 'real', amount: 5_000, balance_after: 5_000, ref_type: 'order', ref_id: 'order-42' }]);
  });

  it('a prize already paid in real points cannot be paid again in trial points', async () => {
    const m = await member('Switcher');
    const cause = { userId: Number(m.id), account: 'real' as const, kind: 'prize' as const, amount: 2_000, refType: 'order', refId: 'order-77' };
    await inTx((trx) => walletService.credit(trx, cause));
    await expect(inTx((trx) => walletService.credit(trx, { ...cause, account: 'trial' }))).rejects.toBeInstanceOf(DuplicatePostingError);
    expect(await walletService.balances(env.platform.db, Number(m.id))).toEqual({ balance: 2_000, trialBalance: 0 });
  });

  it('an order charged twice is refused the second time and the member keeps the difference', async () => {
    const m = await member('Buyer');
    await grantPoints(env.platform, Number(m.id), 1_000);
    const charge = { userId: Number(m.id), account: 'real' as const, kind: 'order' as const, amount: 300, refType: 'order', refId: 'order-7' };
    await inTx((trx) => walletService.debit(trx, charge));
    await expect(inTx((trx) => walletService.debit(trx, charge))).rejects.toBeInstanceOf(DuplicatePostingError);
    expect((await walletService.balances(env.platform.db, Number(m.id))).balance).toBe(700);
  });

  it('when a duplicate posting is refused, everything else in that transaction is undone with it', async () => {
    const m = await member('Batch');
    const refund = { userId: Number(m.id), account: 'real' as const, kind: 'refund' as const, amount: 200, refType: 'order', refId: 'order-9' };
    await inTx((trx) => walletService.credit(trx, refund));

    const attempt = inTx(async (trx) => {
      await walletService.credit(trx, { ...refund, kind: 'prize', amount: 900 });
      await walletService.credit(trx, refund);
    });
    await expect(attempt).rejects.toBeInstanceOf(DuplicatePostingError);

    expect((await walletService.balances(env.platform.db, Number(m.id))).balance).toBe(200);
    expect(await ledgerOf(Number(m.id))).toHaveLength(1);
  });

  it('the same cause racing to post from 10 transactions at once posts exactly once', async () => {
    const m = await member('Racer');
    const cause = { userId: Number(m.id), account: 'real' as const, kind: 'deposit' as const, amount: 1_234, refType: 'payment', refId: 'pay-1' };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => inTx((trx) => walletService.credit(trx, cause))));

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof DuplicatePostingError)).toBe(true);
    expect((await walletService.balances(env.platform.db, Number(m.id))).balance).toBe(1_234);
  });

  it('trial points and real points are separate: spending trial points never touches real points', async () => {
    const m = await member('Trial');
    await grantPoints(env.platform, Number(m.id), 1_000, 'real');
    await grantPoints(env.platform, Number(m.id), 500, 'trial');

    const afterTrial = await inTx((trx) =>
      walletService.debit(trx, { userId: Number(m.id), account: 'trial', kind: 'order', amount: 500, refType: 'order', refId: 'trial-1' }),
    );
    expect(afterTrial).toMatchObject({ balance: 1_000, trialBalance: 0 });

    // The trial account is empty: one more trial point is refused, even with 10.00 real GP available.
    const overdraw = inTx((trx) => walletService.debit(trx, { userId: Number(m.id), account: 'trial', kind: 'order', amount: 1, refType: 'order', refId: 'trial-2' }));
    await expect(overdraw).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'insufficient_points');

    const afterReal = await inTx((trx) =>
      walletService.debit(trx, { userId: Number(m.id), account: 'real', kind: 'order', amount: 250, refType: 'order', refId: 'real-1' }),
    );
    expect(afterReal).toMatchObject({ balance: 750, trialBalance: 0 });
    const row = await expectLedgerMatchesBalance(env.platform, Number(m.id));
    expect(row).toMatchObject({ balance: 750, trial_balance: 0 });
  });

  it('a debit larger than the balance is refused with insufficient_points and leaves no trace', async () => {
    const m = await member('Short');
    await grantPoints(env.platform, Number(m.id), 99);
    const debit = inTx((trx) => walletService.debit(trx, { userId: Number(m.id), account: 'real', kind: 'order', amount: 100, refType: 'order', refId: 'short-1' }));
    await expect(debit).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'insufficient_points' && e.status === 409);
    expect((await walletService.balances(env.platform.db, Number(m.id))).balance).toBe(99);
    expect(await ledgerOf(Number(m.id))).toHaveLength(1);
  });

  it.each([0, -100, 12.5, Number.NaN, 2 ** 60])('an amount of %s points is never posted', async (amount) => {
    const m = await member('Odd');
    await grantPoints(env.platform, Number(m.id), 1_000);
    const posting = { userId: Number(m.id), account: 'real' as const, kind: 'adjustment' as const, amount, refType: 'test', refId: crypto.randomUUID() };
    await expect(inTx((trx) => walletService.credit(trx, posting))).rejects.toBeInstanceOf(RangeError);
    await expect(inTx((trx) => walletService.debit(trx, posting))).rejects.toBeInstanceOf(RangeError);
    expect((await walletService.balances(env.platform.db, Number(m.id))).balance).toBe(1_000);
  });
});
