import { Router } from 'express';
import { changePasswordBody } from '@gp/common';
import type { Platform } from '../platform/platform.ts';
import { byAddress, rateLimits, validateBody } from '../platform/http.ts';
import type { AccountService } from './account.ts';
import { contextOf, currentUser, requireUser } from './middleware.ts';
import { sendSignedIn } from './routes.ts';
import { clearSessionCookies } from './session-cookies.ts';
import type { AuthService } from './service.ts';

/** The account page's sessions and password (issue 29 item 1 and 3). */
export function accountRoutes(platform: Platform, auth: AuthService, account: AccountService) {
  const router = Router();
  const { failureLimit } = rateLimits(platform.rateLimiter);
  const change = validateBody(changePasswordBody);
  // A wrong current password counts like a failed login for that email from that address.
  const wrongPasswords = failureLimit('login.pair', (req) => `${currentUser(req).user.email}|${byAddress(req)}`, ['invalid_credentials']);

  router.get('/account/sessions', requireUser(auth), async (req, res) => {
    const { user, sessionId } = currentUser(req);
    res.json({ items: await account.sessions(user.id, sessionId) });
  });

  // "Log out everywhere": this browser's cookies go too.
  router.post('/account/sessions/end-all', requireUser(auth), async (req, res) => {
    await account.endAllSessions(currentUser(req).user.id);
    clearSessionCookies(res, platform.config, 'member');
    res.status(204).end();
  });

  router.delete('/account/sessions/:sessionId', requireUser(auth), async (req, res) => {
    const { user, sessionId } = currentUser(req);
    const target = String(req.params.sessionId);
    await account.endSession(user.id, target);
    if (target === sessionId) clearSessionCookies(res, platform.config, 'member');
    res.status(204).end();
  });

  // The answer is a new session (the old one is replaced): its cookies, and its token for API clients.
  router.post('/account/password', requireUser(auth), change, wrongPasswords, async (req, res) => {
    const { user, sessionId } = currentUser(req);
    const body = change.of(req);
    sendSignedIn(res, platform, await wrongPasswords.of(req).run(() => account.changePassword(user.id, sessionId, body, contextOf(req))));
  });

  return router;
}
