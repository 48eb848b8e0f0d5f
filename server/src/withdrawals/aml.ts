import type { AmlFlag } from '@gp/common';
import type { Config } from '../config.ts';
import type { Executor } from '../db/database.ts';
import { amlRepo } from './aml-repo.ts';

const DAY_MS = 24 * 3600 * 1000;

type AmlConfig = Pick<Config, 'AML_MIN_PLAY_PERCENT' | 'AML_SMALL_DEPOSITS_COUNT' | 'AML_SMALL_DEPOSIT_POINTS' | 'AML_SMALL_DEPOSITS_DAYS' | 'AML_LARGE_WITHDRAWAL_POINTS' | 'AML_BANK_CHANGE_DAYS'>;

/**
 * The anti-money-laundering rules a withdrawal request is checked against (issue 33 item 3;
 * docs/withdrawals.md "Anti-money-laundering flags"), read in the request's transaction. A match
 * never refuses the request: it is recorded on the withdrawal, puts it in the order queue, and its
 * approval then needs two staff members who each acknowledge the flags. Thresholds are the
 * operator's settings (AML_*), each rule off at 0.
 *
 * - little_play: since the previous withdrawal (or ever), the member staked less than
 *   AML_MIN_PLAY_PERCENT of what they deposited (deposits in, played a little, won, out);
 * - small_deposits: AML_SMALL_DEPOSITS_COUNT or more deposits each below AML_SMALL_DEPOSIT_POINTS
 *   within AML_SMALL_DEPOSITS_DAYS, then a withdrawal of AML_LARGE_WITHDRAWAL_POINTS or more (structuring);
 * - bank_changed: the bank account was changed (a newer approved identity check names another
 *   account than the one before) within AML_BANK_CHANGE_DAYS of the withdrawal.
 */
export async function amlFlagsOf(db: Executor, config: AmlConfig, userId: number, amount: number, at: Date): Promise<AmlFlag[]> {
  const flags: AmlFlag[] = [];

  if (config.AML_MIN_PLAY_PERCENT > 0) {
    const since = await amlRepo.lastWithdrawalAt(db, userId);
    const { deposited, staked } = await amlRepo.moneyInAndPlay(db, userId, since);
    // staked / deposited < X %, in integers.
    if (deposited > 0 && staked * 100 < deposited * config.AML_MIN_PLAY_PERCENT) {
      flags.push({ rule: 'little_play', detail: { deposited, staked, minPercent: config.AML_MIN_PLAY_PERCENT, since: since?.toISOString() ?? '' } });
    }
  }

  if (config.AML_SMALL_DEPOSITS_COUNT > 0 && amount >= config.AML_LARGE_WITHDRAWAL_POINTS) {
    const since = new Date(at.getTime() - config.AML_SMALL_DEPOSITS_DAYS * DAY_MS);
    const small = await amlRepo.smallDeposits(db, userId, since, config.AML_SMALL_DEPOSIT_POINTS);
    if (small.count >= config.AML_SMALL_DEPOSITS_COUNT) {
      flags.push({ rule: 'small_deposits', detail: { count: small.count, deposited: small.points, below: config.AML_SMALL_DEPOSIT_POINTS, days: config.AML_SMALL_DEPOSITS_DAYS, withdrawal: amount } });
    }
  }

  if (config.AML_BANK_CHANGE_DAYS > 0) {
    const [current, previous] = await amlRepo.approvedAccounts(db, userId);
    const changedAt = current?.reviewed_at ? new Date(current.reviewed_at) : null;
    const changed = current && previous && (current.bank_code !== previous.bank_code || current.account_number !== previous.account_number);
    if (changed && changedAt && at.getTime() - changedAt.getTime() <= config.AML_BANK_CHANGE_DAYS * DAY_MS) {
      flags.push({ rule: 'bank_changed', detail: { changedAt: changedAt.toISOString(), days: config.AML_BANK_CHANGE_DAYS, previousLast4: previous.account_number.slice(-4) } });
    }
  }
  return flags;
}
