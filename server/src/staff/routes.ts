import { Router, type Request } from 'express';
import { auditQuery, staffAcceptInviteBody, staffInviteBody, staffLoginBody, staffRoleBody, staffVerifyBody } from '@gp/common';
import { access } from './access.ts';
import { bearerToken, clearSessionCookies, contextOf, createAuthLimits, currentUser, presentUser, setSessionCookies } from '../auth/middleware.ts';
import { AppError } from '../platform/errors.ts';
import { refuseBreachedPassword, type AuthService } from '../auth/service.ts';
import { attach, byAddress, idParam, rateLimits, validateBody, validateQuery } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import { actorOf, enrolmentUrl, inviteUrl, type StaffService } from './service.ts';

/** Staff sign-in (password, then TOTP), staff and roles, the audit log (read only: no route edits it). */
export function staffRoutes(platform: Pick<Platform, 'rateLimiter' | 'config' | 'secret'>, auth: AuthService, staff: StaffService) {
  const router = Router();
  const { failureLimit } = rateLimits(platform.rateLimiter);
  const login = validateBody(staffLoginBody);
  const verify = validateBody(staffVerifyBody);
  const role = validateBody(staffRoleBody);
  const audit = validateQuery(auditQuery);
  const invitation = validateBody(staffInviteBody);
  const acceptance = validateBody(staffAcceptInviteBody);
  // A wrong, used or expired invitation counts against the address, on the staff sign-in's counter.
  const wrongInvites = failureLimit('staff.address', byAddress, ['link_expired']);
  const originOf = (req: Request) => platform.config.PUBLIC_URL ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  const userId = idParam('id');
  // Both steps are limited per address AND per staff account (issue 29 item 5). The password step is
  // a login attempt against that account, under the members' four counters (auth/limits.ts: per
  // email and address, per address, and per account a slow-down that addresses the account signed
  // in from are spared, so it cannot be turned into a lock-out of its owner). Wrong codes — which
  // need the password first — count per account and per address, on a counter of their own
  // (`staff.address`): a fumbled authenticator never locks members behind the same address out.
  const wrongPasswords = createAuthLimits(platform).loginLimits((req) => login.of(req).email);
  const wrongCodesHere = failureLimit('staff.address', byAddress, ['totp_invalid']);
  const challengeOf = attach('staffChallenge', (req) => staff.challengeOf(verify.of(req).challenge));
  const wrongCodesForAccount = failureLimit('staff.code', (req) => String(challengeOf.of(req).userId), ['totp_invalid']);

  router.post('/admin/auth/login', ...access(auth, 'POST /admin/auth/login'), login, wrongPasswords, async (req, res) => {
    const { email, password, enrolment } = login.of(req);
    res.json(await wrongPasswords.of(req).run(() => staff.login(email, password, byAddress(req), enrolment)));
  });

  // The console's session lives in its own cookies (auth/session-cookies.ts, `staff`), read on
  // /api/admin and the job board only; the body still carries the token for API clients.
  router.post('/admin/auth/verify', ...access(auth, 'POST /admin/auth/verify'), verify, challengeOf, wrongCodesHere, wrongCodesForAccount, async (req, res) => {
    const { challenge, code } = verify.of(req);
    const { session, ...answer } = await wrongCodesHere.of(req).run(() => wrongCodesForAccount.of(req).run(() => staff.verify(challenge, code, contextOf(req))));
    setSessionCookies(res, platform.config, platform.secret, 'staff', session);
    res.json(answer);
  });

  // A staff session an API client holds (its bearer token) handed to this browser as the console's
  // cookies, as POST /api/auth/session does for members.
  router.post('/admin/auth/session', ...access(auth, 'POST /admin/auth/session'), async (req, res) => {
    const session = currentUser(req);
    const token = bearerToken(req.headers.authorization);
    if (session.via !== 'bearer' || !token) throw new AppError('unauthorized');
    setSessionCookies(res, platform.config, platform.secret, 'staff', { token, sessionId: session.sessionId, expiresAt: session.expiresAt });
    res.status(204).end();
  });

  router.post('/admin/auth/logout', ...access(auth, 'POST /admin/auth/logout'), async (req, res) => {
    await auth.logout(currentUser(req).sessionId);
    clearSessionCookies(res, platform.config, 'staff');
    res.status(204).end();
  });

  router.get('/admin/me', ...access(auth, 'GET /admin/me'), (req, res) => {
    const { user, expiresAt } = currentUser(req);
    res.json({ user: presentUser(user), expiresAt: expiresAt.toISOString() });
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
    res.setHeader('Cache-Control', 'no-store').status(201).json({ url: enrolmentUrl(originOf(req), token), expiresAt });
  });

  // Issue 31 item 7: a colleague invited by email (the link is shown once, to hand over), deactivated, their authenticator reset.
  router.post('/admin/staff/invites', ...access(auth, 'POST /admin/staff/invites'), invitation, async (req, res) => {
    const { userId: invited, token, expiresAt } = await staff.invite(actorOf(req), invitation.of(req));
    res.setHeader('Cache-Control', 'no-store').status(201).json({ userId: invited, url: inviteUrl(originOf(req), token), expiresAt });
  });

  router.post('/admin/auth/invite', ...access(auth, 'POST /admin/auth/invite'), acceptance, wrongInvites, async (req, res) => {
    const { invite, password } = acceptance.of(req);
    refuseBreachedPassword(password); // before the link is looked at: a refused password spends nothing
    res.json(await wrongInvites.of(req).run(() => staff.acceptInvite(invite, password, byAddress(req))));
  });

  router.post('/admin/staff/:id/deactivate', ...access(auth, 'POST /admin/staff/:id/deactivate'), userId, async (req, res) => {
    await staff.deactivate(actorOf(req), userId.of(req));
    res.status(204).end();
  });

  router.post('/admin/staff/:id/totp-reset', ...access(auth, 'POST /admin/staff/:id/totp-reset'), userId, async (req, res) => {
    const { token, expiresAt } = await staff.resetTotp(actorOf(req), userId.of(req));
    res.setHeader('Cache-Control', 'no-store').status(201).json({ url: enrolmentUrl(originOf(req), token), expiresAt });
  });

  router.get('/admin/audit', ...access(auth, 'GET /admin/audit'), audit, async (req, res) => {
    res.json({ items: await staff.audit(audit.of(req)) });
  });

  return router;
}
