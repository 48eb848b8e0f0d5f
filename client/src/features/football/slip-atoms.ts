import { isMarketCode } from '@gp/common';
import { atomWithStorage } from 'jotai/utils';
import { memberScopedAtom } from '../../shared/session/member-scoped-atom.ts';
import { memberStoredAtom } from '../../shared/session/member-stored-atom.ts';
import { rawStringStorage } from '../../shared/storage/local-storage.ts';
import type { OrderAttempt } from '../../shared/orders/order-attempt.ts';
import { EMPTY_SLIP, type Slip } from './slip.ts';
import { isTimeZoneChoice } from './time-zone.ts';

/** The kick-off time zone the member chose (Hong Kong by default), remembered on this device. */
export const timeZoneChoiceAtom = atomWithStorage('football.timeZone', 'hk' as const, rawStringStorage(isTimeZoneChoice), { getOnInit: true });

const isSlip = (value: unknown): value is Slip => {
  const slip = value as Partial<Slip> | null;
  return (
    typeof slip === 'object' &&
    slip !== null &&
    (slip.mode === 'single' || slip.mode === 'allup') &&
    Array.isArray(slip.picks) &&
    slip.picks.every((p) => typeof p?.eventId === 'string' && isMarketCode(p.market) && typeof p.selection === 'string' && typeof p.odds === 'string') &&
    typeof slip.allUp === 'object' &&
    (slip.unitDollars === null || Number.isSafeInteger(slip.unitDollars)) &&
    (slip.autoUnit === undefined || typeof slip.autoUnit === 'boolean') &&
    typeof slip.acceptBetterOdds === 'boolean'
  );
};

/**
 * The signed-in member's bet slip. It survives moving between pages and a reload (stored under
 * `football.slip.<member id>`, and kept in step across tabs), and nobody else signing in on this
 * device sees it; signed out, it is empty.
 */
export const slipAtom = memberStoredAtom('football.slip', EMPTY_SLIP, isSlip);

/** The football order the screen follows after a purchase. */
export const followedOrderAtom = memberScopedAtom<string | null>(null);

/** The confirmed slip not yet known to be bought, with its Idempotency-Key (see keno's order-attempt.ts). */
export const footballAttemptAtom = memberScopedAtom<OrderAttempt | null>(null);
