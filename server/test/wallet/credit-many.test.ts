import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/database.ts';
import { DuplicatePostingError, walletService } from '../../src/wallet/service.ts';
import { membersWithLedgerCheck } from '../support/members.ts';
import { testServer } from '../support/platform.ts';

/** A draw's prizes credited in one statement (settlement): the same books as one credit after another. */
describe('wallet credits in bulk', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    env = await testServer('embedded');
  });
  afterAll(() => env.stop());

  const member = membersWithLedgerCheck(() => env);
  const inTx = <T>(fn: (trx: Tx) => Promise<T>) => env.platform.db.transaction().execute(fn);
  const ledgerOf = (userId: number) =>
    env.platform.db.selectFrom('ledger').select(['account', 'amount', 'balance_after', 'ref_id']).where('user_id', '=', userId).where('kind', '=', 'prize').orderBy('id').execute();
  const prize = (userId: string, refId: string, amount: number, account: 'real' | 'trial' = 'real') => ({ userId: Number(userId), account, kind: 'prize' as const, amount, refType: 'order', refId });

  it('credits several prizes of one member and of others at once: one ledger row each, with the balance it left', async () => {
    const a = await member('Alice');
    const b = await member('Bob');
    const before = await walletService.balances(env.platform.db, Number(a.id));
    const balances = await inTx((trx) =>
      walletService.creditMany(trx, [prize(a.id, 'bulk-a1', 500), prize(b.id, 'bulk-b1', 7_000), prize(a.id, 'bulk-a2', 250), prize(a.id, 'bulk-a3', 100, 'trial')]),
    );
    expect(balances.get(Number(a.id))).toEqual({ balance: before.balance + 750, trialBalance: before.trialBalance + 100 });
    expect(balances.get(Number(b.id))?.balance).toBe((await walletService.balances(env.platform.db, Number(b.id))).balance);
    expect(await ledgerOf(Number(a.id))).toEqual([
      { account: 'real', amount: 500, balance_after: before.balance + 500, ref_id: 'bulk-a1' },
      { account: 'real', amount: 250, balance_after: before.balance + 750, ref_id: 'bulk-a2' },
      { account: 'trial', amount: 100, balance_after: before.trialBalance + 100, ref_id: 'bulk-a3' },
    ]);
  });

  it('a prize that has already posted fails the whole batch, and nothing of it is credited', async () => {
    const a = await member('Carol');
    const b = await member('Dave');
    await inTx((trx) => walletService.credit(trx, prize(a.id, 'bulk-c1', 300)));
    const before = [await walletService.balances(env.platform.db, Number(a.id)), await walletService.balances(env.platform.db, Number(b.id))];
    await expect(inTx((trx) => walletService.creditMany(trx, [prize(b.id, 'bulk-d1', 900), prize(a.id, 'bulk-c1', 300)]))).rejects.toBeInstanceOf(DuplicatePostingError);
    expect([await walletService.balances(env.platform.db, Number(a.id)), await walletService.balances(env.platform.db, Number(b.id))]).toEqual(before);
    expect(await ledgerOf(Number(b.id))).toEqual([]);
  });

  it('refuses amounts that are not positive whole hundredths, and a member without a wallet', async () => {
    const a = await member('Erin');
    await expect(inTx((trx) => walletService.creditMany(trx, [prize(a.id, 'bulk-e1', 0)]))).rejects.toBeInstanceOf(RangeError);
    await expect(inTx((trx) => walletService.creditMany(trx, [prize(a.id, 'bulk-e2', 1.5)]))).rejects.toBeInstanceOf(RangeError);
    await expect(inTx((trx) => walletService.creditMany(trx, [prize(a.id, 'bulk-e3', 100), prize('999999999', 'bulk-e4', 100)]))).rejects.toThrow(/without a wallet/);
    expect(await ledgerOf(Number(a.id))).toEqual([]);
  });
});
