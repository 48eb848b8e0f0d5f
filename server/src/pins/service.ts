import type { CreatePinsResponse, RedeemResponse } from '@gp/common';
import { formatPin } from '@gp/common';
import { AppError } from '../platform/errors.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import type { Platform } from '../platform/platform.ts';
import { publishBalance, walletService } from '../wallet/service.ts';
import { generatePinCode, hashPinCode } from './codes.ts';
import { pinsRepo } from './repo.ts';

export type PinService = ReturnType<typeof createPinService>;

export function createPinService(platform: Pick<Platform, 'db' | 'secret' | 'now' | 'bus' | 'rateLimiter' | 'config' | 'logger'>) {
  const { db, secret, now, bus, rateLimiter, config, logger } = platform;
  const failureKey = (userId: string) => `pin:fail:${userId}`;

  return {
    /** Creates `count` PINs worth `points` each; returns the plain codes — the only time they exist. */
    async createBatch(input: { count: number; points: number; createdBy: string | null }): Promise<CreatePinsResponse> {
      const codes = Array.from({ length: input.count }, generatePinCode);
      const batchId = await db.transaction().execute(async (trx) => {
        const batch = await pinsRepo.insertBatch(trx, input);
        for (let i = 0; i < codes.length; i += 1000) {
          await pinsRepo.insertPins(trx, String(batch.id), input.points, codes.slice(i, i + 1000).map((c) => hashPinCode(secret, c)));
        }
        return String(batch.id);
      });
      return { batchId, points: input.points, codes: codes.map(formatPin) };
    },

    /**
     * Credits the PIN's points to the member exactly once. Wrong codes count towards a per-member
     * limit (`rate_limited` once exceeded), so codes cannot be guessed by brute force.
     */
    async redeem(userId: string, code: string, idempotencyKey?: string): Promise<RedeemResponse> {
      const blocked = await rateLimiter.peek(failureKey(userId), config.PIN_MAX_FAILURES);
      if (blocked.limited) throw new AppError('rate_limited', { details: { retryAfter: blocked.retryAfter } });
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
          return { status: 200, body: { points: pin.points, balance: balances.balance, trialBalance: balances.trialBalance } };
        });
      } catch (error) {
        if (error instanceof AppError) {
          if (error.code === 'pin_not_found') await rateLimiter.hit(failureKey(userId), config.PIN_MAX_FAILURES, config.PIN_WINDOW_SECONDS);
          throw error;
        }
        logger.error({ err: error, userId }, 'PIN redemption failed');
        throw new AppError('redeem_failed');
      }
      const { points, balance, trialBalance } = result.body;
      if (!result.replayed) await publishBalance(bus, userId, { balance, trialBalance }, now());
      return { points, balance };
    },
  };
}
