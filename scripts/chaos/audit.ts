/**
 * The books, audited by SQL on the platform's database plus the driver's records. Each check
 * returns its offenders (a count, and up to a few samples with ids as evidence):
 *
 *   1 progress   no order in 0/1 more than `bound` s past its sales cut-off; no purchased keno order
 *                unsettled `bound` s after its draw's result (or with its draw `bound` s overdue); no
 *                purchased football order unsettled `bound` s after its last event went final (or
 *                with an event `bound` s past when its result was due)
 *   2 charges    every ledger `order` row is an existing order of that member for its points, every
 *                order is charged exactly once, and no order was answered 5xx while it already
 *                existed (a charge the member was told did not happen)
 *   3 keys       one order per Idempotency-Key: every answer of a key carries the same order id,
 *                the key table maps each key the driver used to that order (and nothing for keys
 *                finally refused), every chaos order is referenced by exactly one key
 *   4 once       at most one ledger row per (kind, ref_type, ref_id, account); refunds only for
 *                status-9 orders (or settled football orders: void legs), for the points spent;
 *                every status-9 order refunded; prizes only for settled orders, matching the prize
 *   5 ledger     every wallet's balance (real, trial) equals the sum of its ledger rows
 *   6 in − out   Σ ledger = Σ balances, per account; PIN points in the ledger = PINs marked
 *                redeemed = what the driver was told it redeemed, per chaos member
 *   7 sockets    every member's socket connected now; after an api node came back, each of its
 *                members resynced (reconnected + GET /api/me) within 5 s; every order placed 5 s
 *                or more after the recovery reached its member as an `order` event
 *   8 money      (phases with deposits and adjustments, ./money.ts) every deposit paid and credited
 *                exactly once for its points, every callback answered `1|OK`; every adjustment
 *                applied exactly once, one adjustment per Idempotency-Key
 *   9 limits     (./limits-check.ts) every chaos member plays with deposit, spend and loss limits
 *                (load.ts `chaosLimits`); none was passed in any rolling window
 */
import pg from 'pg';
import type { KeyRecord, Member } from './load.ts';
import { limitsCheck } from './limits-check.ts';
import { moneyCheck, type MoneyRecord } from './money.ts';
import { sleep } from './procs.ts';

pg.types.setTypeParser(20, Number); // int8: ids and points, far below 2^53
pg.types.setTypeParser(1700, Number); // numeric: sum() of bigint

export interface CheckResult {
  id: string;
  title: string;
  /** null: not applicable here. */
  ok: boolean | null;
  offenders: number;
  details: string[];
}

export const CHECK_TITLES: Record<string, string> = {
  R: 'recovered (health 200, an order placed and a purchase made after the restart)',
  '1': 'every order terminal or progressing within the bound',
  '2': 'no charge without an order',
  '3': 'one order per Idempotency-Key',
  '4': 'no refund or prize credited twice (or wrongly)',
  '5': 'ledger = balance for every wallet',
  '6': 'points in − points out = Σ balances; PINs redeemed = driver',
  '7': 'sockets connected; resync ≤ 5 s after an api node returns; order events flow after recovery',
  '8': 'every deposit and adjustment credited exactly once; every deposit callback answered 1|OK',
  '9': 'no member passed a deposit, spend or loss limit of theirs in any rolling window',
};

const SAMPLES = 5;

/** Runs `work` with a fresh connection (the database may be restarting: retried for up to `waitMs`). */
export async function withDb<T>(url: string, work: (client: pg.Client) => Promise<T>, waitMs = 30_000): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, statement_timeout: 60_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`cannot connect to the database (${(error as Error).message})`);
      await sleep(500);
      continue;
    }
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function tableExists(client: pg.Client, table: string) {
  return (await client.query('select to_regclass($1) is not null as ok', [table])).rows[0].ok as boolean;
}

interface ProgressRow {
  what: string;
  id: number;
  due: Date;
  detail: string;
}

/**
 * Work that should have happened by now: orders still in 0/1, purchased orders not settled, whose
 * due time (cut-off, draw, result) is more than `lateSeconds` ago. `resultDueSeconds`: how long after
 * kick-off a football result is due (match length + the results pass).
 */
async function overdueWork(client: pg.Client, lateSeconds: number, resultDueSeconds: number): Promise<ProgressRow[]> {
  const late = [lateSeconds];
  const rows: ProgressRow[] = [];
  const stuck = await client.query(
    `select id, status, product_code, issue, sales_close_at as due from orders
      where status in (0, 1) and sales_close_at < now() - make_interval(secs => $1) order by id`,
    late,
  );
  for (const r of stuck.rows) rows.push({ what: `status ${r.status} past its cut-off`, id: r.id, due: r.due, detail: `${r.product_code} ${r.issue}` });
  const kenoDrawn = await client.query(
    `select o.id, o.product_code, o.issue, coalesce(d.drawn_at, d.draw_at) as due from orders o join draws d on d.id = o.draw_id
      where o.status = 2 and o.settled_at is null and d.status = 'drawn' and coalesce(d.drawn_at, d.draw_at) < now() - make_interval(secs => $1) order by o.id`,
    late,
  );
  for (const r of kenoDrawn.rows) rows.push({ what: 'purchased, draw has its result, unsettled', id: r.id, due: r.due, detail: `${r.product_code} ${r.issue}` });
  const kenoOverdue = await client.query(
    `select o.id, o.product_code, o.issue, d.draw_at as due from orders o join draws d on d.id = o.draw_id
      where o.status = 2 and o.settled_at is null and d.status = 'scheduled' and d.draw_at < now() - make_interval(secs => $1) order by o.id`,
    late,
  );
  for (const r of kenoOverdue.rows) rows.push({ what: 'purchased, draw overdue (no result)', id: r.id, due: r.due, detail: `${r.product_code} ${r.issue}` });
  const footballFinal = await client.query(
    `select o.id, o.issue, max(coalesce(e.resulted_at, e.updated_at)) as due
       from orders o join order_legs l on l.order_id = o.id join football_events e on e.id = l.event_id
      where o.product_code = 'HKS01' and o.status = 2 and o.settled_at is null
      group by o.id, o.issue
     having bool_and(e.status not in ('scheduled', 'closed')) and max(coalesce(e.resulted_at, e.updated_at)) < now() - make_interval(secs => $1)
      order by o.id`,
    late,
  );
  for (const r of footballFinal.rows) rows.push({ what: 'purchased, events final, unsettled', id: r.id, due: r.due, detail: `HKS01 ${r.issue}` });
  const footballOverdue = await client.query(
    `select o.id, e.code, e.status, e.kick_off_at + make_interval(secs => $2) as due
       from orders o join order_legs l on l.order_id = o.id join football_events e on e.id = l.event_id
      where o.product_code = 'HKS01' and o.status = 2 and o.settled_at is null and e.status in ('scheduled', 'closed')
        and e.kick_off_at + make_interval(secs => $2) < now() - make_interval(secs => $1) order by o.id`,
    [lateSeconds, resultDueSeconds],
  );
  for (const r of footballOverdue.rows) rows.push({ what: 'purchased, event result overdue', id: r.id, due: r.due, detail: `event ${r.code} still ${r.status}` });
  return rows;
}

/**
 * Waits (bounded) for work already due to be done: returns once nothing is overdue by more than a
 * few seconds, or once everything still overdue is `boundSeconds` past due (those are offenders).
 * With `untilDue`, first waits for the due time of every order not yet terminal (the final audit of
 * a long run), at most `untilDueCapMs`.
 */
export async function settle(url: string, options: { boundSeconds: number; resultDueSeconds: number; untilDue?: boolean; untilDueCapMs?: number }) {
  const started = Date.now();
  if (options.untilDue) {
    const lastDue = await withDb(url, async (client) => {
      const { rows } = await client.query(
        `select max(due) as due from (
           select sales_close_at as due from orders where status in (0, 1)
           union all select d.draw_at from orders o join draws d on d.id = o.draw_id where o.status = 2 and o.settled_at is null
           union all select e.kick_off_at + make_interval(secs => $1) from orders o join order_legs l on l.order_id = o.id
                     join football_events e on e.id = l.event_id where o.status = 2 and o.settled_at is null) t`,
        [options.resultDueSeconds],
      );
      return rows[0].due ? new Date(rows[0].due).getTime() : 0;
    });
    const until = Math.min(lastDue + 3000, started + (options.untilDueCapMs ?? 300_000));
    if (until > Date.now()) await sleep(until - Date.now());
  }
  const cap = Date.now() + (options.boundSeconds + 20) * 1000;
  for (;;) {
    const rows = await withDb(url, (client) => overdueWork(client, 5, options.resultDueSeconds));
    if (!rows.length) break;
    const latest = Math.max(...rows.map((r) => new Date(r.due).getTime()));
    if (Date.now() > latest + options.boundSeconds * 1000 + 1000 || Date.now() > cap) break;
    await sleep(2000);
  }
  return (Date.now() - started) / 1000;
}

export interface AuditInput {
  databaseUrl: string;
  records: KeyRecord[];
  members: Member[];
  boundSeconds: number;
  resultDueSeconds: number;
  /** Socket resync of the members of a returned api node, if one returned in this phase. */
  resync?: { homes: number[]; perMember: Array<{ member: number; seconds: number | null }> };
  resyncLimitSeconds: number;
  /** Orders placed from then on (ms) must each have reached their member as an `order` event. */
  eventsFrom?: number;
  orderEventAt: ReadonlyMap<string, number>;
  /** Deposits and adjustments of the phase (check 8; none: not applicable). */
  money: MoneyRecord[];
}

export interface AuditFigures {
  ordersByStatus: Record<string, number>;
  settled: number;
  ledgerByKind: Record<string, number>;
  pointsIn: number;
  pointsOut: number;
  balances: { real: number; trial: number };
  flags: Record<string, number>;
  operatorTickets: { total: number; forRefundedOrders: number; purchasedWithoutTicket: number } | null;
  outboxBacklog: number | null;
  /** Network errors/timeouts on keys whose order already existed (answer lost after the commit). */
  lostAnswersAfterCommit: number;
  uncertainKeys: number;
}

const fmtIds = (ids: Array<string | number>) => (ids.length > SAMPLES ? `${ids.slice(0, SAMPLES).join(', ')}, … (${ids.length})` : ids.join(', '));

export async function audit(input: AuditInput): Promise<{ checks: CheckResult[]; figures: AuditFigures }> {
  const memberIds = input.members.map((m) => m.userId);
  const orderRecords = input.records.filter((r) => r.kind !== 'pin');
  return withDb(input.databaseUrl, async (client) => {
    const checks: CheckResult[] = [];
    const result = (id: string, details: string[], offenders: number): CheckResult => ({ id, title: CHECK_TITLES[id]!, ok: offenders === 0, offenders, details });

    // 1 — progress
    {
      const rows = await overdueWork(client, input.boundSeconds, input.resultDueSeconds);
      const byWhat = new Map<string, ProgressRow[]>();
      for (const row of rows) byWhat.set(row.what, [...(byWhat.get(row.what) ?? []), row]);
      const details = [...byWhat].map(([what, list]) => `${list.length} order(s) ${what} > ${input.boundSeconds} s: ids ${fmtIds(list.map((r) => r.id))} (${list[0]!.detail}, due ${new Date(list[0]!.due).toISOString()})`);
      checks.push(result('1', details, new Set(rows.map((r) => r.id)).size));
    }

    // Orders of the records that got a 201 (for checks 2 and 3).
    const chaosOrders = (
      await client.query(`select id, user_id, status, points_spent, created_at from orders where user_id = any($1::bigint[])`, [memberIds])
    ).rows as Array<{ id: number; user_id: number; status: number; points_spent: number; created_at: Date }>;
    const orderById = new Map(chaosOrders.map((o) => [String(o.id), o]));

    // 2 — charges
    {
      const details: string[] = [];
      const orphan = await client.query(
        `select l.id, l.user_id, l.ref_type, l.ref_id, l.amount, l.account, o.id as order_id, o.user_id as order_user, o.points_spent, o.trial
           from ledger l left join orders o on l.ref_type = 'order' and l.ref_id ~ '^[0-9]+$' and o.id = l.ref_id::bigint
          where l.kind = 'order'
            and (o.id is null or o.user_id <> l.user_id or o.points_spent <> -l.amount or l.account <> (case when o.trial then 'trial' else 'real' end))`,
      );
      if (orphan.rowCount) details.push(`${orphan.rowCount} ledger 'order' row(s) without a matching order (same member, same points): ledger ids ${fmtIds(orphan.rows.map((r) => r.id))}; first: ${JSON.stringify(orphan.rows[0])}`);
      const charges = await client.query(
        `select o.id, count(l.id)::int as charges from orders o
           left join ledger l on l.kind = 'order' and l.ref_type = 'order' and l.ref_id = o.id::text
          group by o.id having count(l.id) <> 1`,
      );
      if (charges.rowCount) details.push(`${charges.rowCount} order(s) not charged exactly once: ${fmtIds(charges.rows.map((r) => `${r.id}×${r.charges}`))}`);
      // The driver's view: a 5xx answer (order_failed: "nothing was charged") while the order already existed.
      const told5xx: string[] = [];
      for (const record of orderRecords) {
        const order = record.final?.orderId ? orderById.get(record.final.orderId) : undefined;
        if (!order) continue;
        const created = new Date(order.created_at).getTime();
        const wrong = record.attempts.filter((a) => a.status >= 500 && a.doneAt > created);
        if (wrong.length) told5xx.push(`${order.id} (key ${record.key}: ${wrong.map((a) => `${a.status} ${a.code ?? ''}`.trim()).join(', ')})`);
      }
      if (told5xx.length) details.push(`${told5xx.length} charged order(s) answered 5xx to the member after they were recorded: ${fmtIds(told5xx)}`);
      checks.push(result('2', details, (orphan.rowCount ?? 0) + (charges.rowCount ?? 0) + told5xx.length));
    }

    // 3 — one order per key
    {
      const details: string[] = [];
      const keyRows = (
        await client.query(
          `select user_id, key, status_code, response_body->'order'->>'id' as order_id from idempotency_keys where scope = 'order' and user_id = any($1::bigint[])`,
          [memberIds],
        )
      ).rows as Array<{ user_id: number; key: string; status_code: number; order_id: string | null }>;
      const dbKey = new Map(keyRows.map((k) => [`${k.user_id}|${k.key}`, k]));
      const twoOrders: string[] = [];
      const mismatched: string[] = [];
      const known = new Set<string>();
      for (const record of orderRecords) {
        const ids = new Set(record.attempts.map((a) => a.orderId).filter(Boolean) as string[]);
        for (const id of ids) known.add(id);
        if (ids.size > 1) twoOrders.push(`${record.key}: orders ${[...ids].join(' and ')}`);
        if (!record.final) continue;
        const row = dbKey.get(`${input.members[record.member]!.userId}|${record.key}`);
        if (record.final.status === 201) {
          if (!row || row.order_id !== record.final.orderId) mismatched.push(`${record.key}: answered order ${record.final.orderId}, key table ${row ? `says ${row.order_id}` : 'has no row'}`);
          if (!orderById.has(record.final.orderId!)) mismatched.push(`${record.key}: answered order ${record.final.orderId}, which does not exist`);
        } else if (row) {
          mismatched.push(`${record.key}: finally answered ${record.final.status} ${record.final.code ?? ''}, but the key table maps it to order ${row.order_id}`);
        }
      }
      if (twoOrders.length) details.push(`${twoOrders.length} key(s) answered with two different orders: ${fmtIds(twoOrders)}`);
      if (mismatched.length) details.push(`${mismatched.length} key(s) whose answer and key row disagree: ${fmtIds(mismatched)}`);
      const keyed = await client.query(
        `select o.id, count(k.key)::int as keys from orders o
           left join idempotency_keys k on k.scope = 'order' and k.user_id = o.user_id and k.response_body->'order'->>'id' = o.id::text
          where o.user_id = any($1::bigint[]) group by o.id having count(k.key) <> 1`,
        [memberIds],
      );
      if (keyed.rowCount) details.push(`${keyed.rowCount} chaos order(s) not referenced by exactly one key: ${fmtIds(keyed.rows.map((r) => `${r.id}×${r.keys}`))}`);
      const uncertainKeys = new Set(orderRecords.filter((r) => !r.final).map((r) => `${input.members[r.member]!.userId}|${r.key}`));
      const unknown = chaosOrders.filter((o) => !known.has(String(o.id)) && !keyRows.some((k) => k.order_id === String(o.id) && uncertainKeys.has(`${k.user_id}|${k.key}`)));
      if (unknown.length) details.push(`${unknown.length} chaos order(s) no answer ever named (and not from a key left without an answer): ${fmtIds(unknown.map((o) => o.id))}`);
      checks.push(result('3', details, twoOrders.length + mismatched.length + (keyed.rowCount ?? 0) + unknown.length));
    }

    // 4 — refunds and prizes once, and only where due
    {
      const details: string[] = [];
      const dup = await client.query(`select kind, ref_type, ref_id, account, count(*)::int as n from ledger group by 1, 2, 3, 4 having count(*) > 1`);
      if (dup.rowCount) details.push(`${dup.rowCount} cause(s) posted more than once: ${fmtIds(dup.rows.map((r) => `${r.kind} ${r.ref_type}:${r.ref_id} ×${r.n}`))}`);
      const badRefund = await client.query(
        `select l.id, l.ref_id, l.amount, o.status, o.product_code, o.settled_at, o.points_spent
           from ledger l left join orders o on l.ref_id ~ '^[0-9]+$' and o.id = l.ref_id::bigint
          where l.kind = 'refund' and l.ref_type = 'order'
            and (o.id is null
                 or not (o.status = 9 or (o.product_code = 'HKS01' and o.settled_at is not null))
                 or (o.status = 9 and l.amount <> o.points_spent))`,
      );
      if (badRefund.rowCount) details.push(`${badRefund.rowCount} refund(s) for an order that is not refundable (not status 9 nor a settled football order) or of the wrong amount: orders ${fmtIds(badRefund.rows.map((r) => `${r.ref_id} (status ${r.status}, ${r.amount} of ${r.points_spent})`))}`);
      const unrefunded = await client.query(
        `select o.id from orders o where o.status = 9
            and not exists (select 1 from ledger l where l.kind = 'refund' and l.ref_type = 'order' and l.ref_id = o.id::text)`,
      );
      if (unrefunded.rowCount) details.push(`${unrefunded.rowCount} status-9 order(s) never refunded: ${fmtIds(unrefunded.rows.map((r) => r.id))}`);
      const badPrize = await client.query(
        `select l.id, l.ref_id, o.status, o.settled_at from ledger l left join orders o on l.ref_id ~ '^[0-9]+$' and o.id = l.ref_id::bigint
          where l.kind = 'prize' and l.ref_type = 'order' and (o.id is null or o.settled_at is null or o.status not in (2, 8))`,
      );
      if (badPrize.rowCount) details.push(`${badPrize.rowCount} prize(s) for an order not settled: orders ${fmtIds(badPrize.rows.map((r) => `${r.ref_id} (status ${r.status})`))}`);
      const prizeMismatch = await client.query(
        `select o.id, o.prize, coalesce(sum(l.amount), 0)::bigint as credited from orders o
           left join ledger l on l.ref_type = 'order' and l.ref_id = o.id::text and (l.kind = 'prize' or (o.product_code = 'HKS01' and l.kind = 'refund'))
          where o.settled_at is not null group by o.id, o.prize having coalesce(o.prize, 0) <> coalesce(sum(l.amount), 0)`,
      );
      if (prizeMismatch.rowCount) details.push(`${prizeMismatch.rowCount} settled order(s) whose credits differ from their prize: ${fmtIds(prizeMismatch.rows.map((r) => `${r.id} (prize ${r.prize}, credited ${r.credited})`))}`);
      checks.push(result('4', details, (dup.rowCount ?? 0) + (badRefund.rowCount ?? 0) + (unrefunded.rowCount ?? 0) + (badPrize.rowCount ?? 0) + (prizeMismatch.rowCount ?? 0)));
    }

    // 5 — ledger = balance per wallet
    {
      const { rows } = await client.query(
        `select w.user_id, w.balance, w.trial_balance, coalesce(l.real_sum, 0)::bigint as real_sum, coalesce(l.trial_sum, 0)::bigint as trial_sum
           from wallets w left join (select user_id, sum(amount) filter (where account = 'real') as real_sum,
                                            sum(amount) filter (where account = 'trial') as trial_sum from ledger group by user_id) l on l.user_id = w.user_id
          where w.balance <> coalesce(l.real_sum, 0) or w.trial_balance <> coalesce(l.trial_sum, 0)`,
      );
      checks.push(result('5', rows.length ? [`${rows.length} wallet(s) differ from their ledger: ${fmtIds(rows.map((r) => `user ${r.user_id} balance ${r.balance} vs ${r.real_sum}, trial ${r.trial_balance} vs ${r.trial_sum}`))}`] : [], rows.length));
    }

    // 6 — points in − points out = Σ balances; PINs
    const ledgerByKind: Record<string, number> = {};
    for (const r of (await client.query(`select kind, sum(amount)::bigint as total from ledger group by kind`)).rows) ledgerByKind[r.kind] = r.total;
    const sums = (await client.query(`select coalesce(sum(balance), 0)::bigint as real, coalesce(sum(trial_balance), 0)::bigint as trial from wallets`)).rows[0];
    const pointsIn = Object.entries(ledgerByKind).filter(([, v]) => v > 0).reduce((a, [, v]) => a + v, 0);
    const pointsOut = -Object.entries(ledgerByKind).filter(([, v]) => v < 0).reduce((a, [, v]) => a + v, 0);
    {
      const details: string[] = [];
      let offenders = 0;
      const byAccount = (await client.query(`select account, coalesce(sum(amount), 0)::bigint as total from ledger group by account`)).rows;
      const real = byAccount.find((r) => r.account === 'real')?.total ?? 0;
      const trial = byAccount.find((r) => r.account === 'trial')?.total ?? 0;
      if (real !== sums.real || trial !== sums.trial || pointsIn - pointsOut !== sums.real + sums.trial) {
        offenders++;
        details.push(`Σ ledger real ${real} / trial ${trial} (in ${pointsIn} − out ${pointsOut} = ${pointsIn - pointsOut}) vs Σ balances ${sums.real} / ${sums.trial}`);
      }
      const ledgerPins = new Map((await client.query(`select user_id, sum(amount)::bigint as total from ledger where kind = 'pin' and user_id = any($1::bigint[]) group by user_id`, [memberIds])).rows.map((r) => [String(r.user_id), r.total as number]));
      const pinRows = new Map((await client.query(`select redeemed_by, sum(points)::bigint as total from pins where redeemed_by = any($1::bigint[]) group by redeemed_by`, [memberIds])).rows.map((r) => [String(r.redeemed_by), r.total as number]));
      const pinRecords = input.records.filter((r) => r.kind === 'pin');
      const mismatches: string[] = [];
      let uncertainPins = 0;
      for (const member of input.members) {
        const mine = pinRecords.filter((r) => r.member === member.index);
        const driver = mine.reduce((a, r) => a + (r.final?.status === 200 ? (r.final.points ?? 0) : 0), 0);
        const ledger = ledgerPins.get(member.userId) ?? 0;
        const pins = pinRows.get(member.userId) ?? 0;
        const open = mine.filter((r) => !r.final).length;
        uncertainPins += open;
        if (ledger !== pins || (open === 0 && driver !== ledger)) mismatches.push(`member ${member.index} (user ${member.userId}): driver ${driver}${open ? ` (+${open} unanswered)` : ''}, ledger ${ledger}, pins ${pins}`);
      }
      if (mismatches.length) details.push(`${mismatches.length} member(s) whose PIN points disagree: ${fmtIds(mismatches)}`);
      if (uncertainPins) details.push(`(${uncertainPins} redemption(s) without a final answer: their members are compared ledger vs pins only)`);
      offenders += mismatches.length;
      checks.push(result('6', details, offenders));
    }

    // 7 — sockets
    {
      const details: string[] = [];
      const down = input.members.filter((m) => !m.connected);
      if (down.length) details.push(`${down.length} socket(s) not connected at the audit: members ${fmtIds(down.map((m) => m.index))}`);
      const late = (input.resync?.perMember ?? []).filter((r) => r.seconds === null || r.seconds > input.resyncLimitSeconds);
      if (late.length) details.push(`${late.length} member(s) resynced later than ${input.resyncLimitSeconds} s after their node answered (or never): ${fmtIds(late.map((r) => `${r.member}: ${r.seconds === null ? 'never' : `${r.seconds.toFixed(1)} s`}`))}`);
      // Live events flow again after the recovery (in the scaled mode they cross Redis pub/sub).
      // (Orders answered in the last 3 s are left out: their event may still be on its way.)
      const until = Date.now() - 3000;
      const silent = input.eventsFrom === undefined
        ? []
        : orderRecords.filter(
            (r) => r.startedAt >= input.eventsFrom! && r.final?.status === 201 && r.final.at <= until && r.final.orderId && !input.orderEventAt.has(r.final.orderId),
          );
      if (silent.length) details.push(`${silent.length} order(s) placed after the recovery whose member never got an \`order\` event: ids ${fmtIds(silent.map((r) => r.final!.orderId!))}`);
      checks.push(result('7', details, down.length + late.length + silent.length));
    }

    // 8 — deposits and adjustments
    checks.push(await moneyCheck(client, input.money));

    // 9 — limits (issue 32): every chaos member plays with limits set
    checks.push(await limitsCheck(client, memberIds));

    // Figures
    const ordersByStatus: Record<string, number> = {};
    for (const r of (await client.query(`select status, count(*)::int as n from orders group by status order by status`)).rows) ordersByStatus[r.status] = r.n;
    const settled = (await client.query(`select count(*)::int as n from orders where settled_at is not null`)).rows[0].n;
    const flags: Record<string, number> = {};
    if (await tableExists(client, 'order_flags')) {
      for (const r of (await client.query(`select kind, count(*)::int as n from order_flags group by kind`)).rows) flags[r.kind] = r.n;
    }
    let operatorTickets: AuditFigures['operatorTickets'] = null;
    if (await tableExists(client, 'simulated_operator_tickets')) {
      // purchase_ref is `<identity>-<order id>-<incarnation>` (server/src/orders/placement.ts).
      const t = (
        await client.query(
          `with t as (select split_part(purchase_ref, '-', 2) as order_id from simulated_operator_tickets)
           select (select count(*) from t)::int as total,
                  (select count(*) from t join orders o on o.id::text = t.order_id where o.status = 9)::int as refunded,
                  (select count(*) from orders o where o.status = 2 and not exists (select 1 from t where t.order_id = o.id::text))::int as unticketed`,
        )
      ).rows[0];
      operatorTickets = { total: t.total, forRefundedOrders: t.refunded, purchasedWithoutTicket: t.unticketed };
    }
    const outboxBacklog = (await tableExists(client, 'outbox')) ? (await client.query(`select count(*)::int as n from outbox`)).rows[0].n : null;
    let lostAnswersAfterCommit = 0;
    for (const record of orderRecords) {
      const order = record.final?.orderId ? orderById.get(record.final.orderId) : undefined;
      if (order && record.attempts.some((a) => a.status === 0 && a.doneAt > new Date(order.created_at).getTime())) lostAnswersAfterCommit++;
    }
    return {
      checks,
      figures: {
        ordersByStatus,
        settled,
        ledgerByKind,
        pointsIn,
        pointsOut,
        balances: { real: sums.real, trial: sums.trial },
        flags,
        operatorTickets,
        outboxBacklog,
        lostAnswersAfterCommit,
        uncertainKeys: input.records.filter((r) => !r.final).length,
      },
    };
  });
}

/** How many of `orderIds` are terminal now (refunded, or settled). */
export async function terminalCount(url: string, orderIds: string[]): Promise<number> {
  if (!orderIds.length) return 0;
  return withDb(url, async (client) => (await client.query(`select count(*)::int as n from orders where id = any($1::bigint[]) and (status = 9 or settled_at is not null)`, [orderIds])).rows[0].n);
}

/** When the first order was marked purchased after `after` (ms), or undefined. */
export async function firstPurchaseAfter(url: string, after: number): Promise<number | undefined> {
  return withDb(
    url,
    async (client) => {
      const { rows } = await client.query(`select min(purchased_at) as at from orders where purchased_at > $1`, [new Date(after)]);
      return rows[0].at ? new Date(rows[0].at).getTime() : undefined;
    },
    5000,
  );
}
