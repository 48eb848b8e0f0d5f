import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createOutbox, type Effect } from '../../src/platform/outbox.ts';
import { compileOnlyDb } from '../support/compile-only-db.ts';

/**
 * `outbox.rowsFrom` writes outbox rows inside a one-statement change (keno orders placed together),
 * where the write hooks cannot run: so it must refuse rather than lose what a hook would have
 * written (the inbox's message for a purchased or settled order).
 */
const db = compileOnlyDb();
const at = new Date('2026-05-01T12:00:00.000Z');
const outboxWithHooks = () => createOutbox({ db, queues: undefined as never, bus: undefined as never, logger: undefined as never, now: () => at });
const placed: Effect[] = [{ kind: 'event', message: { room: 'user:7', event: 'order', payload: { id: '1', status: 0, prevStatus: null, updatedAt: at.toISOString() } }, staleAfter: at.toISOString() }];
const purchased: Effect[] = [{ kind: 'event', message: { room: 'user:7', event: 'order', payload: { id: '1', status: 2, prevStatus: 1, updatedAt: at.toISOString() } }, staleAfter: at.toISOString() }];

describe('outbox.rowsFrom (the outbox rows of a one-statement change)', () => {
  it('is one INSERT of one row: the effects of every row of the source CTE, in its order', () => {
    const step = outboxWithHooks().rowsFrom([placed, placed], 'pv');
    const text = sql`with ${step} select 1`.compile(db).sql.replace(/\s+/g, ' ');
    expect(text).toContain('outbox_row as ( insert into outbox (effects) select jsonb_agg(e.effect order by s.i, e.n) from "pv" s');
    expect(text).toContain('having count(*) > 0');
  });

  it('refuses when a write hook would write something for these effects, or cannot say', () => {
    const outbox = outboxWithHooks();
    outbox.onWrite('messages', async () => undefined, { concerns: (effects) => effects.some((e) => e.kind === 'event' && (e.message.payload as { status?: number }).status === 2) });
    expect(() => outbox.rowsFrom([placed], 'pv')).not.toThrow();
    expect(() => outbox.rowsFrom([placed, purchased], 'pv')).toThrow(/"messages" needs a transaction/);
    outbox.onWrite('silent', async () => undefined);
    expect(() => outbox.rowsFrom([placed], 'pv')).toThrow(/"silent" needs a transaction/);
  });
});
