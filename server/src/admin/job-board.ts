import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { isStaffRole } from '@gp/common';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { AuthService } from '../auth/service.ts';
import type { Platform } from '../platform/platform.ts';
import { cookieNames, isSameOrigin, isStateChanging, readCookie } from '../auth/middleware.ts';
import { JOB_BOARD_PATH } from '../staff/service.ts';

export { JOB_BOARD_PATH } from '../staff/service.ts';


/**
 * BullMQ's own dashboard (`@bull-board/express`) under /admin/queues, for supervisors: the staff
 * sign-in's HttpOnly, SameSite=Strict session cookie (auth/session-cookies.ts, `staff`) is checked
 * like a bearer token (a staff session of a supervisor) on every request.
 */
export function jobBoard(platform: Pick<Platform, 'queues' | 'config'>, auth: AuthService, queueNames: readonly string[]) {
  const adapter = new ExpressAdapter();
  adapter.setBasePath(JOB_BOARD_PATH);
  // @bull-board/express 9.10.1 types its adapter against its own copy of @bull-board/api (9.10.1),
  // one patch behind ours: the same interface, declared twice. The cast says "this adapter".
  const serverAdapter = adapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'];
  createBullBoard({ queues: queueNames.map((name) => new BullMQAdapter(platform.queues.queue(name))), serverAdapter, options: { uiConfig: { boardTitle: 'GPoints jobs' } } });
  const router = Router();
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const token = readCookie(req, cookieNames(platform.config, 'staff').session);
    const session = token ? await auth.authenticate(token).catch(() => undefined) : undefined;
    // The board's own pages send no CSRF token: its state-changing calls must come from this site.
    const origin = req.headers.origin;
    if (isStateChanging(req.method) && (!origin || !isSameOrigin(platform.config, req, origin))) {
      res.status(403).type('text/plain').send('Cross-site request refused.');
      return;
    }
    if (!session?.staffAccess || !isStaffRole(session.user.role) || session.user.role !== 'supervisor') {
      res.status(403).type('text/plain').send('Supervisors only: sign in at /admin first.');
      return;
    }
    next();
  });
  router.use(adapter.getRouter() as Router);
  return router;
}
