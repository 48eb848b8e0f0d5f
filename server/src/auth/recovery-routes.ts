import { Router } from 'express';
import { forgotPasswordBody, resetPasswordBody, verifyEmailBody } from '@gp/common';
import type { Platform } from '../platform/platform.ts';
import { byAddress, rateLimits, validateBody } from '../platform/http.ts';
import { byMember, contextOf, currentUser, requireUser } from './middleware.ts';
import { refuseBreached } from './password-policy.ts';
import type { RecoveryService } from './recovery.ts';
import type { AuthService } from './service.ts';

export function recoveryRoutes(platform: Platform, auth: AuthService, recovery: RecoveryService) {
  const router = Router();
  const { rateLimit } = rateLimits(platform.rateLimiter);
  const forgot = validateBody(forgotPasswordBody);
  const reset = validateBody(resetPasswordBody);
  const verify = validateBody(verifyEmailBody);

  // 202 whether or not the email has an account: the answer tells a stranger nothing. Each call
  // may send a mail, so calls are counted per address.
  router.post('/auth/password/forgot', forgot, rateLimit('identity.address', byAddress), async (req, res) => {
    await recovery.forgotPassword(forgot.of(req).email);
    res.status(202).json({ ok: true });
  });

  router.post('/auth/password/reset', reset, refuseBreached((req) => reset.of(req).password), rateLimit('identity.address', byAddress), async (req, res) => {
    const { token, password } = reset.of(req);
    await recovery.resetPassword(token, password, contextOf(req));
    res.status(204).end();
  });

  router.post('/auth/email/verify', verify, async (req, res) => {
    await recovery.verifyEmail(verify.of(req).token);
    res.status(204).end();
  });

  router.post('/auth/email/resend', requireUser(auth), rateLimit('identity.address', byMember), async (req, res) => {
    await recovery.resendVerification(currentUser(req).user.id);
    res.status(202).json({ ok: true });
  });

  return router;
}
