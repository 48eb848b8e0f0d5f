import { type Kysely, sql } from 'kysely';

/**
 * The invariant is "each cause posts at most once" — not once per account. 0001's unique index
 * included `account`, which let one cause post to the real and the trial balance. Only the demo
 * seed ever did that (one grant to each account under one ref); those trial rows get their own
 * ref first, then the index is narrowed to (kind, ref_type, ref_id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update ledger t set ref_id = t.ref_id || ':trial'
     where t.account = 'trial'
       and exists (select 1 from ledger r
                    where r.account = 'real' and r.kind = t.kind and r.ref_type = t.ref_type and r.ref_id = t.ref_id)
  `.execute(db);
  await db.schema.dropIndex('ledger_one_post_per_cause').execute();
  await db.schema.createIndex('ledger_one_post_per_cause').on('ledger').columns(['kind', 'ref_type', 'ref_id']).unique().execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
