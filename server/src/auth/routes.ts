import { Router, type Request } from 'express';
import { loginBody, signupBody } from '@gp/common';
import type { Platform } from '../platform/platform.ts';
import { AppError } from '../platform/errors.ts';
import { validate } from '../platform/http.ts';
import { walletReads } from '../wallet/service.ts';
import { createAuthLimits } from './limits.ts';
import { currentUser, requireUser } from './middleware.ts';
import type { AuthService } from './service.ts';

export function authRoutes(platform: Platform, auth: AuthService) {
  const router = Router();
  const wallet = walletReads(platform);
  const limits = createAuthLimits(platform);
  // The client's address: the socket's peer, or X-Forwarded-For only through TRUST_PROXY's proxies.
  const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

  router.post('/auth/signup', async (req, res) => {
    const body = validate(signupBody, req.body);
    await limits.countSignup(addressOf(req));
    res.status(201).json(await auth.signup(body));
  });

  router.post('/auth/login', async (req, res) => {
    const body = validate(loginBody, req.body);
    // Counted before the password is checked (see auth/limits.ts), so parallel guesses cannot slip past.
    const attempt = await limits.beginLogin(body.email, addressOf(req));
    let result;
    try {
      result = await auth.login(body.email, body.password);
    } catch (error) {
      await (error instanceof AppError && error.code === 'invalid_credentials' ? attempt.failed() : attempt.abandoned());
      throw error;
    }
    await attempt.succeeded();
    res.json(result);
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
