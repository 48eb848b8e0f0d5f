import type { Executor } from '../db/database.ts';

type Target = 'keno_draw' | 'football_event' | 'lottery_draw';

/** Four-eyes result entries: one per staff member per draw or event (a second entry by the same person replaces theirs). */
export const resultEntriesRepo = {
  async upsert(db: Executor, entry: { targetType: Target; targetId: string; staffId: string; payload: unknown; fingerprint: string }) {
    const payload = JSON.stringify(entry.payload);
    await db
      .insertInto('result_entries')
      .values({ target_type: entry.targetType, target_id: entry.targetId, staff_id: entry.staffId, payload, fingerprint: entry.fingerprint })
      .onConflict((oc) => oc.columns(['target_type', 'target_id', 'staff_id']).doUpdateSet({ payload, fingerprint: entry.fingerprint }))
      .execute();
  },

  of(db: Executor, targetType: Target, targetId: string) {
    return db.selectFrom('result_entries').select(['staff_id', 'payload', 'fingerprint', 'created_at']).where('target_type', '=', targetType).where('target_id', '=', targetId).orderBy('id').execute();
  },
};
