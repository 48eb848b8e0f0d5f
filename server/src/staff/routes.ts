import { Router } from 'express';
import { auditQuery, staffLoginBody, staffRoleBody, staffVerifyBody } from '@gp/common';
import { access, JOB_BOARD_COOKIE, JOB_BOARD_PATH } from './access.ts';
import { currentUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { byAddress, idParam, rateLimits, validateBody, validateQuery } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import { actorOf, enrolmentUrl, type StaffService } from './service.ts';

/** Staff sign-in (password, then TOTP), staff and roles, the audit log (read only: no route edits it). */
export function staffRoutes(platform: Pick<Platform, 'rateLimiter' | 'config'>, auth: AuthService, staff: StaffService) {
  const router = Router();
  const { failureLimit } = rateLimits(platform.rateLimiter);
  const login = validateBody(staffLoginBody);
  const verify = validateBody(staffVerifyBody);
  const role = validateBody(staffRoleBody);
  const audit = validateQuery(auditQuery);
  const userId = idParam('id');
  // Wrong passwords and wrong codes count against the address, like member logins' address limit.
  const wrongPasswords = failureLimit('login.address', byAddress, ['invalid_credentials']);
  const wrongCodes = failureLimit('login.address', byAddress, ['totp_invalid']);

  router.post('/admin/auth/login', ...access(auth, 'POST /admin/auth/login'), login, wrongPasswords, async (req, res) => {
    const { email, password, enrolment } = login.of(req);
    res.json(await wrongPasswords.of(req).run(() => staff.login(email, password, enrolment)));
  });

  router.post('/admin/auth/verify', ...access(auth, 'POST /admin/auth/verify'), verify, wrongCodes, async (req, res) => {
    const { challenge, code } = verify.of(req);
    const session = await wrongCodes.of(req).run(() => staff.verify(challenge, code, byAddress(req)));
    res.cookie(JOB_BOARD_COOKIE, session.token, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: JOB_BOARD_PATH, expires: new Date(session.expiresAt) });
    res.json(session);
  });

  router.get('/admin/me', ...access(auth, 'GET /admin/me'), (req, res) => {
    const { user, expiresAt } = currentUser(req);
    res.json({ user, expiresAt: expiresAt.toISOString() });
  });

  router.get('/admin/staff', ...access(auth, 'GET /admin/staff'), async (_req, res) => {
    res.json({ items: await staff.staff() });
  });

  router.post('/admin/staff/:id/role', ...access(auth, 'POST /admin/staff/:id/role'), userId, role, async (req, res) => {
    await staff.setRole(actorOf(req), userId.of(req), role.of(req).role);
    res.status(204).end();
  });

  // The link's token is in its fragment (never sent to a server); the address is PUBLIC_URL, else this request's.
  router.post('/admin/staff/:id/enrolment-link', ...access(auth, 'POST /admin/staff/:id/enrolment-link'), userId, async (req, res) => {
    const { token, expiresAt } = await staff.issueEnrolmentLink(actorOf(req), userId.of(req));
    const origin = platform.config.PUBLIC_URL ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    res.setHeader('Cache-Control', 'no-store').status(201).json({ url: enrolmentUrl(origin, token), expiresAt });
  });

  router.get('/admin/audit', ...access(auth, 'GET /admin/audit'), audit, async (req, res) => {
    res.json({ items: await staff.audit(audit.of(req)) });
  });

  return router;
}
