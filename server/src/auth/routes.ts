import { Router, type Response } from 'express';
import { loginBody, signupBody, signupVerifyBody } from '@gp/common';
import type { Platform } from '../platform/platform.ts';
import { byAddress, rateLimits, validateBody } from '../platform/http.ts';
import { walletReads } from '../wallet/service.ts';
import { createAuthLimits } from './limits.ts';
import { bearerToken, contextOf, currentUser, presentUser, requireUser } from './middleware.ts';
import { AppError } from '../platform/errors.ts';
import { refuseBreached } from './password-policy.ts';
import { clearSessionCookies, setSessionCookies, type SessionKind } from './session-cookies.ts';
import type { AuthService, SignedIn } from './service.ts';
import type { SignupService } from './signup.ts';

/**
 * Answers a sign-in: the session cookies for a browser, and `{ token, user }` in the body for the
 * API's other clients (the web client keeps no token: it has the cookie).
 */
export function sendSignedIn(res: Response, platform: Pick<Platform, 'config' | 'secret'>, signedIn: SignedIn, options: { status?: number; kind?: SessionKind; extra?: Record<string, unknown> } = {}) {
  setSessionCookies(res, platform.config, platform.secret, options.kind ?? 'member', signedIn.session);
  res.status(options.status ?? 200).json({ ...options.extra, token: signedIn.token, user: signedIn.user });
}

export function authRoutes(platform: Platform, auth: AuthService, signups: SignupService) {
  const router = Router();
  const wallet = walletReads(platform);
  const { rateLimit, failureLimit } = rateLimits(platform.rateLimiter);
  const signup = validateBody(signupBody);
  const verify = validateBody(signupVerifyBody);
  // Wrong codes per address, whatever emails they are for (each pending sign-up also dies at its fifth wrong code).
  const wrongCodes = failureLimit('signup.code', byAddress, ['code_invalid', 'code_expired']);
  const login = validateBody(loginBody);
  // Counted before the password is checked, so parallel guesses cannot slip past (auth/limits.ts).
  const limits = createAuthLimits(platform);
  const loginLimits = limits.loginLimits((req) => login.of(req).email);

  // 202 and the same body whether or not the email has an account, after the same work: the code,
  // or the owner's notice, is mailed by a job (auth/signup.ts). Each form may send a mail: counted per address.
  router.post('/auth/signup', signup, refuseBreached((req) => signup.of(req).password), rateLimit('signup.address', byAddress), async (req, res) => {
    res.status(202).json(await signups.start(signup.of(req), contextOf(req)));
  });

  // The emailed code (and the password chosen with it) makes the account: answered like a sign-in.
  router.post('/auth/signup/verify', verify, wrongCodes, async (req, res) => {
    const signedIn = await wrongCodes.of(req).run(() => signups.verify(verify.of(req), contextOf(req)));
    // The first sign-in, from here: the owner is not alerted of a "new address" when they log in from it.
    await limits.markKnown(signedIn.user.email, byAddress(req));
    sendSignedIn(res, platform, signedIn, { status: 201 });
  });

  router.post('/auth/login', login, loginLimits, async (req, res) => {
    const { email, password } = login.of(req);
    const attempt = loginLimits.of(req);
    sendSignedIn(res, platform, await attempt.run(() => auth.login(email, password, contextOf(req), attempt.knownAddress)));
  });

  // A session an API client opened (its bearer token) handed to the browser that calls this, as
  // the session cookies (an app opening the site in a web view; the browser tests). Only the token's
  // holder can ask, and a page of another site cannot send an Authorization header here.
  router.post('/auth/session', requireUser(auth), async (req, res) => {
    const session = currentUser(req);
    const token = bearerToken(req.headers.authorization);
    if (session.via !== 'bearer' || !token) throw new AppError('unauthorized');
    setSessionCookies(res, platform.config, platform.secret, 'member', { token, sessionId: session.sessionId, expiresAt: session.expiresAt });
    res.status(204).end();
  });

  router.post('/auth/logout', requireUser(auth), async (req, res) => {
    await auth.logout(currentUser(req).sessionId);
    clearSessionCookies(res, platform.config, 'member');
    res.status(204).end();
  });

  router.get('/me', requireUser(auth), async (req, res) => {
    const { user } = currentUser(req);
    const balances = await wallet.balances(user.id);
    res.json({ user: presentUser(user), ...balances });
  });

  return router;
}
