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

  // Two limits. Per email, every attempt counts (counted before the password is checked, so
  // parallel guesses cannot slip past) and a successful login clears it: one account cannot be
  // brute-forced. Per address, only failures count: members sharing an address (an office, a
  // mobile carrier's NAT) never lock each other out by logging in, but one client cannot try
  // password after password across many accounts.
  const emailKey = (email: string) => `login:email:${email}`;
  const addressKey = (req: Request) => `login:ip:${req.ip}`;
  const refuse = (retryAfter: number) => new AppError('rate_limited', { details: { retryAfter } });

  async function limitLogin(req: Request, email: string) {
    const perEmail = await rateLimiter.hit(emailKey(email), config.LOGIN_MAX_ATTEMPTS, config.LOGIN_WINDOW_SECONDS);
    if (perEmail.limited) throw refuse(perEmail.retryAfter);
    const perAddress = await rateLimiter.peek(addressKey(req), config.LOGIN_MAX_ATTEMPTS);
    if (perAddress.limited) throw refuse(perAddress.retryAfter);
  }

  router.post('/auth/signup', async (req, res) => {
    const body = validate(signupBody, req.body);
    res.status(201).json(await auth.signup(body));
  });

  router.post('/auth/login', async (req, res) => {
    const body = validate(loginBody, req.body);
    await limitLogin(req, body.email);
    const result = await auth.login(body.email, body.password).catch(async (error: unknown) => {
      if (error instanceof AppError && error.code === 'invalid_credentials') {
        await rateLimiter.hit(addressKey(req), config.LOGIN_MAX_ATTEMPTS, config.LOGIN_WINDOW_SECONDS);
      }
      throw error;
    });
    await rateLimiter.reset(emailKey(body.email));
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
