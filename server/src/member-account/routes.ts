import { Router, type NextFunction, type Request, type Response } from 'express';
import { closeAccountBody, exportQuery, statementQuery } from '@gp/common';
import { byMember, clearSessionCookies, currentUser, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { AppError } from '../platform/errors.ts';
import { byAddress, rateLimits, validateBody, validateQuery } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import type { MemberAccountService } from './service.ts';

/** The member's own account: a staff account (or the console's session) has no data export, statement or closing here. */
function memberOnly(req: Request, _res: Response, next: NextFunction) {
  const auth = currentUser(req);
  if (auth.user.role !== 'member' || auth.staffAccess) throw new AppError('forbidden');
  next();
}

/** Waits for the socket to take more when it says its buffer is full, so a long export never piles up in memory. */
const writerOf = (res: Response) => ({
  write: (chunk: string) => new Promise<void>((resolve, reject) => {
    if (res.destroyed) return reject(new Error('client gone'));
    if (res.write(chunk)) return resolve();
    res.once('drain', resolve);
    res.once('close', () => reject(new Error('client gone')));
  }),
});

/** Issue 32 item 5 (docs/responsible-play.md "Your account"): the data export, statements and closing the account. */
export function memberAccountRoutes(platform: Platform, auth: AuthService, account: MemberAccountService) {
  const router = Router();
  const member = [requireUser(auth), memberOnly];
  const { rateLimit, failureLimit } = rateLimits(platform.rateLimiter);
  const format = validateQuery(exportQuery);
  const month = validateQuery(statementQuery);
  const close = validateBody(closeAccountBody);
  // A wrong password counts like a failed login for that email from that address (as a password change does).
  const wrongPasswords = failureLimit('login.pair', (req) => `${currentUser(req).user.email}|${byAddress(req)}`, ['invalid_credentials']);

  // The whole history, streamed a page at a time; a few per member an hour (ACCOUNT_EXPORTS_PER_HOUR).
  router.get('/me/export', ...member, format, rateLimit('account.export', byMember), async (req, res) => {
    const { format: kind } = format.of(req);
    const day = platform.now().toISOString().slice(0, 10);
    res
      .status(200)
      .type(kind === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
      .setHeader('Content-Disposition', `attachment; filename="gpoints-data-${day}.${kind}"`)
      .setHeader('Cache-Control', 'no-store');
    try {
      await account.exportTo(currentUser(req).user.id, kind, writerOf(res));
      res.end();
    } catch (error) {
      // Headers are gone: a failure half-way can only cut the answer short (the client sees a broken download).
      platform.logger.error({ err: error }, 'data export failed');
      res.destroy();
    }
  });

  router.get('/me/statements', ...member, month, async (req, res) => {
    const query = month.of(req);
    const statement = await account.statement(currentUser(req).user.id, query.month, query.timeZone ?? platform.config.REPORT_TIME_ZONE);
    if (query.format === 'csv') {
      const file = account.statementCsv(statement);
      res.type('text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${file.filename}"`).setHeader('Cache-Control', 'no-store').send(file.csv);
      return;
    }
    res.json(statement);
  });

  router.post('/me/close', ...member, close, wrongPasswords, async (req, res) => {
    const closed = await wrongPasswords.of(req).run(() => account.close(currentUser(req).user.id, close.of(req)));
    clearSessionCookies(res, platform.config, 'member');
    res.json(closed);
  });

  return router;
}
