import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/** Most tickets one purchase sheet lists: the lines to buy by hand at one terminal, not a report. */
export const SHEET_MAX_TICKETS = 2000;

/**
 * The real orders still to buy (status 0 or 1, not trial), oldest first, at most SHEET_MAX_TICKETS:
 * the base of every family's purchase sheet, which narrows it to its own.
 */
export const ordersToBuy = (db: Executor) =>
  db
    .selectFrom('orders')
    .selectAll('orders')
    .where(sql<boolean>`orders.status in (0, 1)`)
    .where('orders.trial', '=', false)
    .orderBy('orders.id')
    .limit(SHEET_MAX_TICKETS);
