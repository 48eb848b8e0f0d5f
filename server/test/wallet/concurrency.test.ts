import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@gp/common';
import { AppError } from '../../src/platform/errors.ts';
import { walletService } from '../../src/wallet/service.ts';
import { testServer } from '../support/platform.ts';
import { membersWithLedgerCheck, expectLedgerMatchesBalance, grantPoints } from '../support/members.ts';

describe('wallet under concurrent postings', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    env = await testServer('embedded');
  });
  afterAll(() => env.stop());

  const member = membersWithLedgerCheck(() => env);

  /** One debit or credit in its own transaction, as an order or refund would do it. */
  const post = (userId: number, direction: 'debit' | 'credit', amount: number, account: Account = 'real') =>
    env.platform.db
      .transaction()
      .execute((trx) =>
        walletService[direction](trx, { userId, account, kind: direction === 'debit' ? 'order' : 'refund', amount, refType: 'test', refId: crypto.randomUUID() }),
      )
      .then(
        () => 'ok' as const,
        (error: unknown) => (error instanceof AppError ? error.code : Promise.reject(error)),
      );

  it('40 orders of 1.00 GP racing for a 10.00 GP balance: exactly 10 are paid, 30 are refused, nothing is overdrawn', async () => {
    const m = await member('Racer');
    await grantPoints(env.platform, Number(m.id), 1_000);

    const outcomes = await Promise.all(Array.from({ length: 40 }, () => post(Number(m.id), 'debit', 100)));

    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'insufficient_points')).toHaveLength(30);
    const row = await expectLedgerMatchesBalance(env.platform, Number(m.id));
    expect(row.balance).toBe(0);
    const debits = await env.platform.db.selectFrom('ledger').select(['amount', 'balance_after']).where('user_id', '=', Number(m.id)).where('kind', '=', 'order').execute();
    expect(debits).toHaveLength(10);
    // Each paid order saw the balance the previous one left: 900, 800, ..., 0, each exactly once.
    expect(debits.map((d) => d.balance_after).sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
  });

  it('uneven debits racing for one balance never take more than it holds', async () => {
    const m = await member('Uneven');
    await grantPoints(env.platform, Number(m.id), 1_000);
    const amounts = Array.from({ length: 30 }, (_, i) => 70 + ((i * 37) % 200));

    const outcomes = await Promise.all(amounts.map((amount) => post(Number(m.id), 'debit', amount)));

    const paid = amounts.filter((_, i) => outcomes[i] === 'ok').reduce((sum, a) => sum + a, 0);
    const row = await expectLedgerMatchesBalance(env.platform, Number(m.id));
    expect(row.balance).toBe(1_000 - paid);
    expect(paid).toBeLessThanOrEqual(1_000);
    // Every refused debit really could not be covered by what was left at the end.
    const smallestRefused = Math.min(...amounts.filter((_, i) => outcomes[i] !== 'ok'));
    expect(outcomes.every((o) => o === 'ok' || o === 'insufficient_points')).toBe(true);
    expect(smallestRefused).toBeGreaterThan(row.balance);
  });

  it('credits and debits arriving together all land: the final balance is exactly what was accepted', async () => {
    const m = await member('Mixed');
    await grantPoints(env.platform, Number(m.id), 500);
    const moves = Array.from({ length: 60 }, (_, i) => ({ direction: i % 3 === 0 ? ('credit' as const) : ('debit' as const), amount: 25 + (i % 7) * 10 }));

    const outcomes = await Promise.all(moves.map((move) => post(Number(m.id), move.direction, move.amount)));

    expect(outcomes.filter((o, i) => moves[i]!.direction === 'credit' && o !== 'ok')).toEqual([]);
    const expected = moves.reduce((sum, move, i) => (outcomes[i] !== 'ok' ? sum : sum + (move.direction === 'credit' ? move.amount : -move.amount)), 500);
    const row = await expectLedgerMatchesBalance(env.platform, Number(m.id));
    expect(row.balance).toBe(expected);
    const entries = await env.platform.db.selectFrom('ledger').select('id').where('user_id', '=', Number(m.id)).execute();
    expect(entries).toHaveLength(1 + outcomes.filter((o) => o === 'ok').length);
  });

  it("postings to different members' wallets at once never leak into each other", async () => {
    const a = await member('Alpha');
    const b = await member('Beta');
    await Promise.all([grantPoints(env.platform, Number(a.id), 300), grantPoints(env.platform, Number(b.id), 700)]);

    await Promise.all([...Array.from({ length: 10 }, () => post(Number(a.id), 'debit', 30)), ...Array.from({ length: 10 }, () => post(Number(b.id), 'credit', 10))]);

    expect((await expectLedgerMatchesBalance(env.platform, Number(a.id))).balance).toBe(0);
    expect((await expectLedgerMatchesBalance(env.platform, Number(b.id))).balance).toBe(800);
  });
});
