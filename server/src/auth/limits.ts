import crypto from 'node:crypto';
import type { Request } from 'express';
import { attach, byAddress, countedAttempt, rateLimited, type Attempt, type AttemptOutcomes, type Parsed } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import type { PolicyName } from '../platform/rate-limiter.ts';

/**
 * What a login attempt reports once the password has been checked: `failed` (wrong email or
 * password: the counts taken stay), `succeeded` (no failure, and this address becomes known to the
 * account), `abandoned` (the check itself broke: the counts taken are given back).
 */
export type LoginAttempt = AttemptOutcomes & {
  /** The account logged in from this address before (within LOGIN_KNOWN_ADDRESS_DAYS). */
  knownAddress: boolean;
};

/**
 * How login and sign-up are limited, so that a limit can never be turned against the account it
 * protects (README "Settings" → login limits). Four counters, all taken *before* the password is
 * checked (so parallel guesses cannot slip past) and given back when the attempt was no failure:
 *
 * a. `login.pair` — failures for one email from one address: LOGIN_MAX_ATTEMPTS per
 *    LOGIN_WINDOW_SECONDS, then 429. Only that address is refused, so a guesser elsewhere cannot
 *    lock the owner out; a success clears it.
 * b. `login.email` — failures for one email from every address. Past LOGIN_SLOWDOWN_AFTER, an
 *    address the account never logged in from may try once per delay: 1 s, doubling with each
 *    further failure up to LOGIN_SLOWDOWN_MAX_SECONDS (429 with Retry-After meanwhile). A delay,
 *    never a lock-out; the window is LOGIN_SLOWDOWN_WINDOW_SECONDS; successes do not clear it.
 * c. `login.known` — the addresses an account logged in from (an HMAC of the address, kept
 *    LOGIN_KNOWN_ADDRESS_DAYS after the last success). From those, (b) and (d) do not apply: the
 *    owner's usual address always gets its password checked, within its own limit (a).
 * d. `login.address` — failures from one address across every account (credential stuffing):
 *    LOGIN_ADDRESS_MAX_FAILURES per LOGIN_WINDOW_SECONDS. Successes are given back, so members
 *    behind one NAT logging in correctly never add up.
 *
 * The login route takes these as one middleware, `loginLimits`, after its body is validated.
 * Sign-up's limit is a plain one, `rateLimit('signup.address', byAddress)` in auth/routes.ts:
 * SIGNUP_MAX_PER_ADDRESS valid forms per SIGNUP_WINDOW_SECONDS.
 */
export function createAuthLimits(platform: Pick<Platform, 'rateLimiter' | 'config' | 'secret'>) {
  const { rateLimiter: limiter, config, secret } = platform;
  // Known addresses are kept for weeks: the store holds a keyed hash, not the address itself.
  const addressTag = (address: string) => crypto.createHmac('sha256', secret).update(`login-address:${address}`).digest('base64url').slice(0, 22);
  /** The slow-down's wait before the next attempt, after `failures` failures for the email. */
  const slowdownSeconds = (failures: number) =>
    failures < config.LOGIN_SLOWDOWN_AFTER ? 0 : Math.min(config.LOGIN_SLOWDOWN_MAX_SECONDS, 2 ** Math.min(failures - config.LOGIN_SLOWDOWN_AFTER, 20));

  const limits = {
    /** Counts a login attempt for `email` from `address`, or throws `rate_limited`. */
    async beginLogin(email: string, address: string): Promise<LoginAttempt> {
      const known = (await limiter.get('login.known', `${email}|${addressTag(address)}`)).count > 0;
      const taken: Array<[PolicyName, string]> = [];
      const giveBack = async (except?: PolicyName) => {
        await Promise.all(taken.filter(([policy]) => policy !== except).map(([policy, key]) => limiter.reward(policy, key)));
      };
      const take = async (policy: PolicyName, key: string) => {
        const verdict = await limiter.consume(policy, key);
        taken.push([policy, key]);
        if (verdict.limited) {
          await giveBack();
          throw rateLimited(verdict.retryAfter);
        }
      };

      await take('login.pair', `${email}|${address}`);
      if (!known) {
        await take('login.address', address);
        const delay = slowdownSeconds((await limiter.get('login.email', email)).count);
        if (delay > 0) {
          // One attempt per delay: the first to take the gate creates it for `delay` seconds.
          const gate = await limiter.consume('login.slowdown', email, { seconds: delay });
          if (gate.limited) {
            await giveBack();
            throw rateLimited(gate.retryAfter);
          }
        }
      }
      await limiter.consume('login.email', email); // a counter: what it says only matters to the next attempt
      taken.push(['login.email', email]);

      return {
        knownAddress: known,
        async failed() {},
        async succeeded() {
          await Promise.all([
            giveBack('login.pair'),
            limiter.reset('login.pair', `${email}|${address}`),
            limiter.set('login.known', `${email}|${addressTag(address)}`, 1),
          ]);
        },
        abandoned: () => giveBack(),
      };
    },

    /** Records `address` as one the account of `email` signs in from (sign-up: its first sign-in raises no new-address alert). */
    async markKnown(email: string, address: string) {
      await limiter.set('login.known', `${email}|${addressTag(address)}`, 1);
    },

    /**
     * The login route's limit as middleware (after `validateBody(loginBody)`): begins the attempt
     * for `emailOf(req)` from the client's address, or answers 429, and attaches it. The handler
     * checks the password through `loginLimits.of(req).run(…)`: `invalid_credentials` is a failure,
     * a login a success, any other error gives the counts back.
     */
    loginLimits(emailOf: (req: Request) => string): Parsed<Attempt & { knownAddress: boolean }> {
      return attach('loginLimits', async (req) => {
        const attempt = await limits.beginLogin(emailOf(req), byAddress(req));
        return { ...countedAttempt(['invalid_credentials'], attempt), knownAddress: attempt.knownAddress };
      });
    },
  };
  return limits;
}
