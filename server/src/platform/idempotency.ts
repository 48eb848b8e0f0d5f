import crypto from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { AppError } from './errors.ts';

export interface IdempotentResult<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export function readIdempotencyKey(header: unknown, required: boolean): string | undefined {
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key) {
    if (required) throw new AppError('idempotency_key_required');
    return undefined;
  }
  if (key.length > 100) throw new AppError('validation_failed', { fields: { 'Idempotency-Key': 'invalid' } });
  return key;
}

export const hashRequest = (body: unknown) => crypto.createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');

/** The effect's answer, and whether the effect stored it already (in its own last statement, see `IdempotentAnswer`). */
export interface EffectResult<T> {
  status: number;
  body: T;
  answered?: boolean;
}

/**
 * What an effect may do with its key: `answerQuery(result)` is the UPDATE that stores the answer,
 * for an effect that runs it inside its own last statement (a CTE beside the outbox row) and
 * returns `answered: true`, saving the separate round trip. Undefined when there is no key.
 */
export interface IdempotentAnswer {
  answerQuery(result: { status: number; body: unknown }): RawBuilder<unknown>;
}

/**
 * Runs `effect` at most once per (member, scope, key). The key row is inserted inside the same
 * transaction as the effect: a concurrent duplicate blocks on the primary key until the first
 * commits, then finds the row and replays its stored answer. If the first rolls back (an error),
 * nothing is stored and a retry runs the effect afresh — errors have no effect to repeat.
 */
export async function runIdempotent<T>(
  db: Db,
  request: { userId: number; scope: string; key: string | undefined; body: unknown },
  effect: (trx: Tx, answer: IdempotentAnswer | undefined) => Promise<EffectResult<T>>,
): Promise<IdempotentResult<T>> {
  const { key } = request;
  if (!key) {
    const { status, body } = await db.transaction().execute((trx) => effect(trx, undefined));
    return { status, body, replayed: false };
  }
  const requestHash = hashRequest(request.body);
  const outcome = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({ user_id: request.userId, scope: request.scope, key, request_hash: requestHash, status_code: 0, response_body: JSON.stringify(null) })
      .onConflict((oc) => oc.columns(['user_id', 'scope', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return undefined;
    const answerQuery = (result: { status: number; body: unknown }) =>
      sql`update idempotency_keys set status_code = ${result.status}, response_body = ${JSON.stringify(result.body)}::jsonb
           where user_id = ${request.userId} and scope = ${request.scope} and key = ${key}`;
    const result = await effect(trx, { answerQuery });
    if (!result.answered) await answerQuery(result).execute(trx);
    return result;
  });
  if (outcome) return { status: outcome.status, body: outcome.body, replayed: false };
  const stored = await storedAnswer<T>(db, { ...request, key });
  if (!stored) throw new Error(`idempotency key ${request.scope}/${key} claimed by another request, yet not stored`);
  return stored;
}

/**
 * The answer stored under a key, as a replay; undefined when the key has none (never used, or
 * its request failed). `idempotency_key_reused` when the key was used for a different body.
 */
export async function storedAnswer<T>(db: Db, request: { userId: number; scope: string; key: string; body: unknown }): Promise<IdempotentResult<T> | undefined> {
  const stored = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('user_id', '=', request.userId)
    .where('scope', '=', request.scope)
    .where('key', '=', request.key)
    .executeTakeFirst();
  if (!stored) return undefined;
  if (stored.request_hash !== hashRequest(request.body)) throw new AppError('idempotency_key_reused');
  return { status: stored.status_code, body: stored.response_body as T, replayed: true };
}

/**
 * Keys with their answers as a CTE (`key_answer`) of an effect made in one statement: one key row
 * per row of the CTE `source` (columns `user_id, key, request_hash, answer`, the answer as JSON
 * text; rows without a key are skipped), inserted with the answer, `status`, as the effect
 * happens. A concurrent request with the same key waits on the key's unique index and then fails
 * with `isKeyTaken`, rolling its whole statement back; it replays with `storedAnswer`.
 */
export function keyAnswersFrom(source: string, scope: string, status: number) {
  return sql`key_answer as (
      insert into idempotency_keys (user_id, scope, key, request_hash, status_code, response_body)
      select user_id, ${scope}, key, request_hash, ${status}, answer::jsonb from ${sql.table(source)} where key is not null
    )`;
}

/** The error of a statement that tried to store a key another request had stored first. */
export const isKeyTaken = (error: unknown) => (error as { code?: string; table?: string })?.code === '23505' && (error as { table?: string }).table === 'idempotency_keys';

export async function purgeIdempotencyKeys(db: Db, before: Date) {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
