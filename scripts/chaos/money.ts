/**
 * Money traffic for the `redis-money` phase (issue 28): while Redis is killed and restarted empty,
 * deposit callbacks, PIN redemptions and back-office adjustments are in flight, and afterwards each
 * deposit and each adjustment must have been credited exactly once.
 *
 * - Deposits: a NT$300 ECPay card deposit per member, opened before the fault; at the fault, ECPay's
 *   signed ReturnURL notifications for each — several at once, each with its own TradeNo (a provider
 *   sends several event types together), plus a replay of the first — to alternating api nodes, each
 *   re-sent until answered as ECPay expects (`1|OK`), as ECPay retries.
 * - Adjustments: the operator credits each member a few GP with an Idempotency-Key, re-sent with the
 *   same key until answered (the reason names the key, so the audit finds the rows of every key).
 *
 * `settleMoney` waits (bounded) for the platform to finish, `moneyCheck` audits: check 8.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { checkMacValue, ecpayDate } from '../../server/src/payments/ecpay/check-mac.ts';
import { SANDBOX_KEYS } from '../../server/src/payments/sandbox/server.ts';
import { type CheckResult, CHECK_TITLES, withDb } from './audit.ts';
import type { LoadDriver } from './load.ts';
import { sleep } from './procs.ts';

export interface MoneyRecord {
  kind: 'deposit' | 'adjustment';
  phase: string;
  member: number;
  /** Idempotency-Key of the create or the adjustment. */
  key: string;
  /** The deposit's or the adjustment's id, once answered. */
  id?: string;
  /** GP hundredths it should credit. */
  points: number;
  merchantRef?: string;
  /** Each callback's final answer (`200 1|OK`), or why it has none. */
  callbacks: string[];
  final?: { status: number; code?: string };
  uncertain?: string;
}

const DEPOSIT_TWD_CENTS = 30_000; // NT$300
const ADJUSTMENT_POINTS = 123; // 1.23 GP

export class MoneyTraffic {
  readonly records: MoneyRecord[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private seq = 0;
  private readonly run = crypto.randomBytes(3).toString('hex');

  constructor(private readonly driver: LoadDriver) {}

  private key(kind: string) {
    return `chaos-money-${this.run}-${kind}-${++this.seq}`;
  }

  private track(promise: Promise<unknown>) {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => undefined);
  }

  /** One NT$300 card deposit per member (before the fault: its payment page is open when the callbacks come). */
  async openDeposits(phase: string) {
    await Promise.all(
      this.driver.members.map(async (member) => {
        const record: MoneyRecord = { kind: 'deposit', phase, member: member.index, key: this.key('deposit'), points: 0, callbacks: [] };
        this.records.push(record);
        const answer = await this.driver.send({ method: 'POST', route: '/deposits', body: { amount: DEPOSIT_TWD_CENTS, currency: 'TWD', method: 'tw_card' }, token: member.token, key: record.key, home: member.home, deadlineMs: 60_000 });
        if (!answer) return void (record.uncertain = 'deposit not opened');
        record.final = { status: answer.status, ...(answer.json?.error?.code ? { code: answer.json.error.code } : {}) };
        const deposit = answer.json?.deposit;
        if (answer.status !== 201 || !deposit) return;
        record.id = String(deposit.id);
        record.points = Number(deposit.points);
        record.merchantRef = deposit.start?.fields?.MerchantTradeNo;
      }),
    );
  }

  /** ECPay's notifications of every opened deposit: `copies` with their own TradeNo, and a replay of the first. */
  fireCallbacks(copies: number) {
    for (const record of this.records.filter((r) => r.kind === 'deposit' && r.merchantRef && !r.callbacks.length)) {
      const notices = Array.from({ length: copies }, (_, i) => `${record.merchantRef!.slice(-8)}${this.run}${i}`.slice(0, 20));
      for (const [i, tradeNo] of [...notices, notices[0]!].entries()) this.track(this.notify(record, tradeNo, i));
    }
  }

  private async notify(record: MoneyRecord, tradeNo: string, node: number) {
    const fields = {
      MerchantID: SANDBOX_KEYS.ecpay.merchantId,
      MerchantTradeNo: record.merchantRef!,
      RtnCode: '1',
      RtnMsg: '交易成功',
      TradeNo: tradeNo,
      TradeAmt: String(DEPOSIT_TWD_CENTS / 100),
      PaymentDate: ecpayDate(new Date()),
      PaymentType: 'Credit_CreditCard',
      SimulatePaid: '0',
    };
    const form = new URLSearchParams({ ...fields, CheckMacValue: checkMacValue(fields, SANDBOX_KEYS.ecpay.hashKey, SANDBOX_KEYS.ecpay.hashIv) }).toString();
    const answer = await this.driver.send({ method: 'POST', route: '/payments/ecpay/result', form, home: node, deadlineMs: 120_000 });
    record.callbacks.push(answer ? `${answer.status} ${answer.text.trim().slice(0, 40)}` : 'no answer within 120 s');
  }

  /** The operator credits every member ADJUSTMENT_POINTS. */
  fireAdjustments(phase: string) {
    for (const member of this.driver.members) {
      const record: MoneyRecord = { kind: 'adjustment', phase, member: member.index, key: this.key('adj'), points: ADJUSTMENT_POINTS, callbacks: [] };
      this.records.push(record);
      this.track(
        (async () => {
          const body = { userId: member.userId, amount: ADJUSTMENT_POINTS, reason: `chaos ${record.key}` };
          const answer = await this.driver.send({ method: 'POST', route: '/admin/adjustments', body, token: this.driver.operator, key: record.key, home: member.home });
          if (!answer) return void (record.uncertain = 'no final answer');
          record.final = { status: answer.status, ...(answer.json?.error?.code ? { code: answer.json.error.code } : {}) };
          if (answer.json?.adjustmentId) record.id = String(answer.json.adjustmentId);
        })(),
      );
    }
  }

  /** Waits for every request still in flight (each retried to its end). */
  async drain() {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}

/** Waits (at most `capMs`) until every deposit of `records` is paid and every adjustment applied; seconds waited. */
export async function settleMoney(url: string, records: MoneyRecord[], capMs: number) {
  const started = Date.now();
  const deposits = records.filter((r) => r.kind === 'deposit' && r.id).map((r) => r.id!);
  const adjustments = records.filter((r) => r.kind === 'adjustment').map((r) => `chaos ${r.key}`);
  while (Date.now() - started < capMs) {
    const open = await withDb(url, async (client) => {
      const d = await client.query(`select count(*)::int as n from deposits where id = any($1::bigint[]) and state <> 'paid'`, [deposits]);
      const a = await client.query(`select count(*)::int as n from adjustments where reason = any($1::text[]) and status in ('queued', 'pending_approval')`, [adjustments]);
      return d.rows[0].n + a.rows[0].n;
    });
    if (!open) break;
    await sleep(2000);
  }
  return (Date.now() - started) / 1000;
}

/** Check 8: every deposit and adjustment of the run credited exactly once, every callback answered `1|OK`. */
export async function moneyCheck(client: pg.Client, records: MoneyRecord[]): Promise<CheckResult> {
  const details: string[] = [];
  let offenders = 0;
  const deposits = records.filter((r) => r.kind === 'deposit');
  const adjustments = records.filter((r) => r.kind === 'adjustment');
  if (!records.length) return { id: '8', title: CHECK_TITLES['8']!, ok: null, offenders: 0, details: [] };

  const unopened = deposits.filter((r) => !r.id);
  if (unopened.length) details.push(`${unopened.length} deposit(s) never opened: ${unopened.map((r) => r.uncertain ?? `${r.final?.status} ${r.final?.code ?? ''}`).slice(0, 5).join(', ')}`);
  const ids = deposits.filter((r) => r.id).map((r) => r.id!);
  const rows = new Map(
    (
      await client.query(
        `select d.id, d.state, d.points, coalesce(sum(l.amount), 0)::bigint as credited, count(l.id)::int as posts
           from deposits d left join ledger l on l.kind = 'deposit' and l.ref_type = 'deposit' and l.ref_id = d.id::text
          where d.id = any($1::bigint[]) group by d.id`,
        [ids],
      )
    ).rows.map((r) => [String(r.id), r]),
  );
  const badDeposits = deposits.filter((r) => r.id).filter((r) => {
    const row = rows.get(r.id!);
    return !row || row.state !== 'paid' || row.posts !== 1 || Number(row.credited) !== r.points;
  });
  if (badDeposits.length) details.push(`${badDeposits.length} deposit(s) not credited exactly once: ${badDeposits.slice(0, 5).map((r) => `${r.id} ${JSON.stringify(rows.get(r.id!) ?? 'missing')}`).join('; ')}`);
  const callbacks = deposits.flatMap((r) => r.callbacks);
  const notOk = callbacks.filter((c) => c !== '200 1|OK');
  if (notOk.length) details.push(`${notOk.length} of ${callbacks.length} callback(s) not answered 200 1|OK: ${[...new Set(notOk)].slice(0, 5).join(', ')}`);

  const reasons = adjustments.map((r) => `chaos ${r.key}`);
  const adjusted = new Map<string, Array<{ id: number; status: string; posts: number; credited: number }>>();
  for (const row of (
    await client.query(
      `select a.id, a.reason, a.status, count(l.id)::int as posts, coalesce(sum(l.amount), 0)::bigint as credited
         from adjustments a left join ledger l on l.kind = 'adjustment' and l.ref_type = 'adjustment' and l.ref_id = a.id::text
        where a.reason = any($1::text[]) group by a.id`,
      [reasons],
    )
  ).rows) {
    adjusted.set(row.reason, [...(adjusted.get(row.reason) ?? []), row]);
  }
  const badAdjustments: string[] = [];
  for (const r of adjustments) {
    const found = adjusted.get(`chaos ${r.key}`) ?? [];
    const answered = r.final?.status === 202;
    if (found.length > 1) badAdjustments.push(`${r.key}: ${found.length} adjustments for one key`);
    else if (answered && (found.length !== 1 || found[0]!.status !== 'applied' || found[0]!.posts !== 1 || Number(found[0]!.credited) !== r.points)) {
      badAdjustments.push(`${r.key} (adjustment ${r.id}): ${found[0] ? `${found[0].status}, ${found[0].posts} post(s) of ${found[0].credited}` : 'no row'}`);
    } else if (!answered && !r.uncertain) badAdjustments.push(`${r.key}: answered ${r.final?.status} ${r.final?.code ?? ''}`);
    else if (r.uncertain && found.length === 1 && (found[0]!.status !== 'applied' || found[0]!.posts !== 1)) badAdjustments.push(`${r.key} (no answer): ${found[0]!.status}, ${found[0]!.posts} post(s)`);
  }
  if (badAdjustments.length) details.push(`${badAdjustments.length} adjustment(s) not applied exactly once: ${badAdjustments.slice(0, 5).join('; ')}`);
  offenders += unopened.length + badDeposits.length + notOk.length + badAdjustments.length;
  details.push(`(${deposits.length} deposits, ${callbacks.length} callbacks, ${adjustments.length} adjustments)`);
  return { id: '8', title: CHECK_TITLES['8']!, ok: offenders === 0, offenders, details };
}
