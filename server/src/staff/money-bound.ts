import type { Tx } from '../db/database.ts';
import { staffRepo } from './repo.ts';

/** The window every bound on staff money is counted over: a rolling day, not a calendar day (no reset at midnight to wait for). */
export const ROLLING_DAY_MS = 24 * 3600_000;

/**
 * The money `staffId` (`null`: the system, e.g. the PIN command line) has moved on their own
 * signature in the rolling day before `at`, in GP hundredths: adjustments (either way) and PIN
 * batches that no second person approved. Past ADJUSTMENT_APPROVAL_POINTS, whatever they start next
 * waits for a supervisor (docs/money-controls.md).
 *
 * Takes the staff member's money lock for the rest of `trx` first, so two requests of one person
 * cannot both read the sum below the bound and both go through: whoever writes money for a staff
 * member calls this before writing. Lock order, everywhere: this lock, then a member's.
 */
export async function selfApprovedMoney(trx: Tx, staffId: number | null, at: Date): Promise<number> {
  await staffRepo.lockMoneyOf(trx, staffId);
  return staffRepo.selfApprovedSince(trx, staffId, new Date(at.getTime() - ROLLING_DAY_MS));
}
