import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';
import * as onePostPerCause from './0002-one-post-per-cause.ts';
import * as adjustments from './0003-adjustments.ts';
import * as draws from './0004-draws.ts';
import * as orders from './0005-orders.ts';
import * as settlement from './0006-settlement.ts';
import * as football from './0007-football.ts';
import * as reliability from './0008-reliability.ts';

/**
 * Every migration, in order. Listed statically (not read from the folder at run time) so they load
 * the same under tsx, vitest and any bundler. Forward-only: add new files, never edit old ones.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-one-post-per-cause': onePostPerCause,
  '0003-adjustments': adjustments,
  '0004-draws': draws,
  '0005-orders': orders,
  '0006-settlement': settlement,
  '0007-football': football,
  '0008-reliability': reliability,
};
