import { Router, type Response } from 'express';
import { loginBody, signupBody } from '@gp/common';
import type { Platform } from '../platform/platform.ts';
import { byAddress, rateLimits, validateBody } from '../platform/http.ts';
import { walletReads } from '../wallet/service.ts';
import { createAuthLimits } from './limits.ts';
import { bearerToken, contextOf, currentUser, requireUser } from './middleware.ts';
import { AppError } from '../platform/errors.ts';
import { refuseBreached } from './password-policy.ts';
import { clearSessionCookies, setSessionCookies, type SessionKind } from './session-cookies.ts';
import type { AuthService, SignedIn } from './service.ts';

/**
 * Answers a sign-in: the session cookies for a browser, and `{ token, user }` in the body for the
 * API's other clients (the web client keeps no token: it has the cookie).
 */
export function sendSignedIn(res: Response, platform: Pick<Platform, 'config' | 'secret'>, signedIn: SignedIn, options: { status?: number; kind?: SessionKind; extra?: Record<string, unknown> } = {}) {
  setSessionCookies(res, platform.config, platform.secret, options.kind ?? 'member', signedIn.session);
  res.status(options.status ?? 200).json({ ...options.extra, token: signedIn.token, user: signedIn.user });
}

export function authRoutes(platform: Platform, auth: AuthService) {
  const router = Router();
  const wallet = walletReads(platform);
  const { rateLimit } = rateLimits(platform.rateLimiter);
  const signup = validateBody(signupBody);
  const login = validateBody(loginBody);
  // Counted before the password is checked, so parallel guesses cannot slip past (auth/limits.ts).
  const limits = createAuthLimits(platform);
  const loginLimits = limits.loginLimits((req) => login.of(req).email);

  router.post('/auth/signup', signup, refuseBreached((req) => signup.of(req).password), rateLimit('signup.address', byAddress), async (req, res) => {
    const body = signup.of(req);
    const signedIn = await auth.signup(body, 'member', contextOf(req));
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
    res.json({ user, ...balances });
  });

  return router;
}
