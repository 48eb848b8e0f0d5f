import { Router, type Request } from 'express';
import { loginBody, signupBody } from '@gp/common';
import type { Platform } from '../platform/platform.ts';
import { AppError } from '../platform/errors.ts';
import { validate } from '../platform/http.ts';
import { walletService } from '../wallet/service.ts';
import { currentUser, requireUser } from './middleware.ts';
import type { AuthService } from './service.ts';

export function authRoutes(platform: Platform, auth: AuthService) {
  const router = Router();
  const { config, rateLimiter, db } = platform;

  // Counted per email and per address, so neither one account nor one client can be brute-forced.
  async function limitLogin(req: Request, email: string) {
    for (const key of [`login:email:${email}`, `login:ip:${req.ip}`]) {
      const verdict = await rateLimiter.hit(key, config.LOGIN_MAX_ATTEMPTS, config.LOGIN_WINDOW_SECONDS);
      if (verdict.limited) throw new AppError('rate_limited', { details: { retryAfter: verdict.retryAfter } });
    }
  }

  router.post('/auth/signup', async (req, res) => {
    const body = validate(signupBody, req.body);
    res.status(201).json(await auth.signup(body));
  });

  router.post('/auth/login', async (req, res) => {
    const body = validate(loginBody, req.body);
    await limitLogin(req, body.email);
    const result = await auth.login(body.email, body.password);
    await rateLimiter.reset(`login:email:${body.email}`);
    res.json(result);
  });

  router.post('/auth/logout', requireUser(auth), async (req, res) => {
    await auth.logout(currentUser(req).sessionId);
    res.status(204).end();
  });

  router.get('/me', requireUser(auth), async (req, res) => {
    const { user } = currentUser(req);
    const balances = await walletService.balances(db, user.id);
    res.json({ user, ...balances });
  });

  return router;
}
