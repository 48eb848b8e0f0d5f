import type { CreatePinsResponse, RedeemResponse } from '@gp/common';
import { formatPin } from '@gp/common';
import { AppError } from '../platform/errors.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import type { Platform } from '../platform/platform.ts';
import { balanceMessage, walletService } from '../wallet/service.ts';
import { generatePinCode, hashPinCode } from './codes.ts';
import { pinsRepo } from './repo.ts';

export type PinService = ReturnType<typeof createPinService>;
export interface PinBatchInput {
  count: number;
  points: number;
  createdBy: string | null;
}

/** Creates `count` PINs worth `points` each; returns the plain codes — the only time they exist. */
export async function issuePins({ db, secret }: Pick<Platform, 'db' | 'secret'>, input: PinBatchInput): Promise<CreatePinsResponse> {
  const codes = Array.from({ length: input.count }, generatePinCode);
  const batchId = await db.transaction().execute(async (trx) => {
    const batch = await pinsRepo.insertBatch(trx, input);
    for (let i = 0; i < codes.length; i += 1000) {
      await pinsRepo.insertPins(trx, String(batch.id), input.points, codes.slice(i, i + 1000).map((c) => hashPinCode(secret, c)));
    }
    return String(batch.id);
  });
  return { batchId, points: input.points, codes: codes.map(formatPin) };
}

export function createPinService(platform: Pick<Platform, 'db' | 'secret' | 'now' | 'outbox' | 'logger'>) {
  const { db, secret, now, outbox, logger } = platform;

  return {
    createBatch: (input: PinBatchInput) => issuePins(platform, input),

    /**
     * Credits the PIN's points to the member exactly once. A wrong code is `pin_not_found`; the
     * route counts those towards a per-member limit (`failureLimit('pin.failures', byMember)` in
     * pins/routes.ts), so codes cannot be guessed by brute force.
     */
    async redeem(userId: string, code: string, idempotencyKey?: string): Promise<RedeemResponse> {
      const codeHash = hashPinCode(secret, code);
      let result;
      try {
        result = await runIdempotent(db, { userId, scope: 'pin-redeem', key: idempotencyKey, body: { code } }, async (trx) => {
          const pin = await pinsRepo.claim(trx, codeHash, userId, now());
          if (!pin) {
            throw new AppError((await pinsRepo.exists(trx, codeHash)) ? 'pin_redeemed' : 'pin_not_found');
          }
          const balances = await walletService.credit(trx, {
            userId,
            account: 'real',
            kind: 'pin',
            amount: pin.points,
            refType: 'pin',
            refId: String(pin.id),
          });
          await outbox.write(trx, [outbox.event(balanceMessage(userId, balances, now()), now())]);
          return { status: 200, body: { points: pin.points, balance: balances.balance, trialBalance: balances.trialBalance } };
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        logger.error({ err: error, userId }, 'PIN redemption failed');
        throw new AppError('redeem_failed');
      }
      if (!result.replayed) outbox.kick();
      const { points, balance } = result.body;
      return { points, balance };
    },
  };
}
