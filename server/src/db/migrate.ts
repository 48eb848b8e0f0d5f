import { Migrator } from 'kysely';
import { MIGRATIONS } from '../../../migrations/index.ts';
import type { Db } from './database.ts';

/** Applies every pending migration of `migrations/index.ts`; throws with the failing one's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
