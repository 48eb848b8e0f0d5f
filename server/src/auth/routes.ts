import { Router } from 'express';
import { loginBody, signupBody } from '@gp/common';
import type { Platform } from '../platform/platform.ts';
import { byAddress, rateLimits, validateBody } from '../platform/http.ts';
import { walletReads } from '../wallet/service.ts';
import { createAuthLimits } from './limits.ts';
import { currentUser, requireUser } from './middleware.ts';
import type { AuthService } from './service.ts';

export function authRoutes(platform: Platform, auth: AuthService) {
  const router = Router();
  const wallet = walletReads(platform);
  const { rateLimit } = rateLimits(platform.rateLimiter);
  const signup = validateBody(signupBody);
  const login = validateBody(loginBody);
  // Counted before the password is checked, so parallel guesses cannot slip past (auth/limits.ts).
  const loginLimits = createAuthLimits(platform).loginLimits((req) => login.of(req).email);

  router.post('/auth/signup', signup, rateLimit('signup.address', byAddress), async (req, res) => {
    res.status(201).json(await auth.signup(signup.of(req)));
  });

  router.post('/auth/login', login, loginLimits, async (req, res) => {
    const { email, password } = login.of(req);
    res.json(await loginLimits.of(req).run(() => auth.login(email, password)));
  });

  router.post('/auth/logout', requireUser(auth), async (req, res) => {
    await auth.logout(currentUser(req).sessionId);
    res.status(204).end();
  });

  router.get('/me', requireUser(auth), async (req, res) => {
    const { user } = currentUser(req);
    const balances = await wallet.balances(user.id);
    res.json({ user, ...balances });
  });

  return router;
}
