import fs from 'node:fs';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Request } from 'express';
import { adminRoutes } from './admin/routes.ts';
import { purchaseSheetRoutes } from './admin/purchase-sheet-routes.ts';
import { feedsRoutes } from './feeds/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { ADJUSTMENTS_QUEUE } from './admin/jobs.ts';
import { JOB_BOARD_PATH, jobBoard } from './admin/job-board.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { requestLog } from './platform/request-log.ts';
import { FOOTBALL_QUEUE } from './games/football/jobs.ts';
import { KENO_DRAWS_QUEUE } from './games/keno/jobs.ts';
import { MAINTENANCE_QUEUE } from './maintenance/jobs.ts';
import { PURCHASE_QUEUE, RECONCILE_QUEUE, TIMEOUT_QUEUE } from './orders/jobs.ts';
import { FOOTBALL_SETTLE_QUEUE } from './games/football/settlement-jobs.ts';
import { SETTLE_QUEUE } from './games/keno/settlement-jobs.ts';
import { authRoutes } from './auth/routes.ts';
import { accountRoutes } from './auth/account-routes.ts';
import { memberAccountRoutes } from './member-account/routes.ts';
import { responsiblePlayRoutes } from './responsible-play/routes.ts';
import { realityCheckGate } from './responsible-play/service.ts';
import { refuseCrossOrigin } from './auth/session-cookies.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { lineSandboxRoutes, oidcRoutes } from './auth/oidc-routes.ts';
import { recoveryRoutes } from './auth/recovery-routes.ts';
import { inboxRoutes } from './inbox/routes.ts';
import { messagingRoutes } from './messaging/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { routeIndex } from './platform/route-index.ts';
import { AppError } from './platform/errors.ts';
import { refuseNulCharacters } from './platform/http.ts';
import type { Platform } from './platform/platform.ts';
import { pinRoutes } from './pins/routes.ts';
import { siteRoutes } from './site/routes.ts';
import { walletRoutes } from './wallet/routes.ts';
import { withdrawalRoutes } from './withdrawals/routes.ts';
import { claimRoutes } from './claims/routes.ts';
import { depositRoutes, paymentCallbackRoutes } from './payments/routes.ts';
import { staffRoutes } from './staff/routes.ts';
import type { Services } from './server.ts';

/** Builds the Express app without listening (server.ts mounts it on the HTTP server it starts). */
export function createApp(platform: Platform, services: Services) {
  const { config, logger } = platform;
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For names the client only when the peer is a proxy TRUST_PROXY names (default:
  // none); otherwise any client could pick its own address and walk around the rate limits.
  app.set('trust proxy', config.TRUST_PROXY);

  // JSON answers carry no ETag: every /api answer is no-store, so no client asks again with
  // If-None-Match, and hashing each body cost a SHA-1 per request. Static files keep theirs.
  app.set('etag', false);
  app.use(requestLog(logger));
  app.use(securityHeaders(config));

  // Payment providers' notifications: signed over the raw body, so before the JSON parser.
  app.use('/api/payments', paymentCallbackRoutes(services.deposits));
  const api = express.Router();
  api.use(express.json({ limit: '100kb' }));
  api.use(refuseNulCharacters);
  // A state-changing request from another site's page is refused before any route (CSRF, issue 29).
  api.use(refuseCrossOrigin(config));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store'); // never cached by the service worker or proxies
    next();
  });
  // 200 while every repeatable job runs and the outbox keeps up; 503 says what stalled.
  api.get('/health', async (req, res) => {
    try {
      const report = await platform.health.report();
      res.status(report.ok ? 200 : 503).json(report);
    } catch (error) {
      // The database is unreachable: this node cannot serve, which is what a 503 says.
      req.log?.warn({ err: error }, 'health check failed');
      res.status(503).json({ ok: false, error: 'database_unavailable' });
    }
  });
  // Orders, deposits and PINs wait for an answer to a reality check due in the session (issue 32).
  const realityCheck = realityCheckGate(services.play.realityChecks);
  // Each request goes only through the routers with a route under its first path segment (see routeIndex).
  api.use(
    routeIndex([
      siteRoutes(config),
      openApiRoutes(),
      authRoutes(platform, services.auth, services.signup),
      accountRoutes(platform, services.auth, services.account),
      responsiblePlayRoutes(services.auth, services.play),
      memberAccountRoutes(platform, services.auth, services.memberAccount),
      oidcRoutes(platform, services.auth, services.oidc),
      recoveryRoutes(platform, services.auth, services.recovery),
      inboxRoutes(services.auth, services.inbox),
      messagingRoutes(platform, services.auth, services.messaging),
      walletRoutes(platform, services.auth),
      pinRoutes(platform, services.auth, services.pins, realityCheck),
      staffRoutes(platform, services.auth, services.staff),
      adminRoutes(platform, services.auth, services.queue, services.fourEyes, services.members, services.adjustments, services.orderSearch),
      purchaseSheetRoutes(platform, services.auth, services.purchaseSheets),
      reportRoutes(services.auth, services.reports),
      feedsRoutes(services.auth, services.feeds),
      // Each game family's routes, in the registry's order (the draw lotteries answer their product codes and pass every other code on).
      ...services.games.routes(services.auth),
      orderRoutes(services.auth, services.orders, services.games, realityCheck),
      depositRoutes(services.auth, services.deposits, realityCheck),
      withdrawalRoutes(platform, services.auth, services.kyc, services.withdrawals),
      claimRoutes(platform, services.auth, services.claims),
    ]),
  );
  api.use(() => {
    throw new AppError('not_found');
  });
  app.use('/api', api);

  const lineSandbox = lineSandboxRoutes(config);
  if (lineSandbox) app.use(lineSandbox.path, lineSandbox.handler);
  // Back office: BullMQ's dashboard for supervisors, and the optional back-office host's front door.
  const jobQueues = [PURCHASE_QUEUE, TIMEOUT_QUEUE, RECONCILE_QUEUE, SETTLE_QUEUE, FOOTBALL_SETTLE_QUEUE, KENO_DRAWS_QUEUE, FOOTBALL_QUEUE, ADJUSTMENTS_QUEUE, MAINTENANCE_QUEUE];
  app.use(JOB_BOARD_PATH, jobBoard(platform, services.auth, jobQueues));
  if (config.ADMIN_HOST) {
    const adminHost = config.ADMIN_HOST.toLowerCase();
    app.get('/', (req, res, next) => (req.hostname.toLowerCase() === adminHost ? res.redirect('/admin') : next()));
  }
  serveClient(app, config.CLIENT_DIST);
  app.use(errorHandler);
  return app;
}

/** The built React app, with index.html for every non-API path (the client routes them). */
function serveClient(app: express.Express, dist: string) {
  const index = path.join(dist, 'index.html');
  app.use(
    express.static(dist, {
      index: false,
      setHeaders: (res, file) => {
        // The service worker must be revalidated on every load so updates are noticed.
        if (/(sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/.test(file)) res.setHeader('Cache-Control', 'no-cache');
        else if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get(/^(?!\/(api|socket\.io)\/).*/, (_req, res, next) => {
    if (!fs.existsSync(index)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

/** How long a caller is asked to wait when the database is unreachable: a restart takes a few seconds. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/** How every error becomes an answer (exported for the tests that check the answers themselves). */
export const errorHandler: ErrorRequestHandler = (error, req: Request, res, _next) => {
  // An error answer is never worth caching, and errors raised before the /api router's own
  // no-store middleware ran (a malformed JSON body) would otherwise go out without it.
  res.setHeader('Cache-Control', 'no-store');
  if (error instanceof AppError) {
    if (error.code === 'rate_limited') res.setHeader('Retry-After', String(error.extra.details?.retryAfter ?? 60));
    // A 503 is a moment's trouble (the database out of reach under an order): say when to try again.
    else if (error.status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS));
    res.status(error.status).json(error.toBody());
    return;
  }
  // Malformed JSON bodies and oversize payloads are the caller's mistake, not ours; so is a path
  // parameter that cannot be percent-decoded (the router's URIError): its path, like a NUL in it.
  const status = (error as { status?: number; type?: string }).status;
  if (status && status >= 400 && status < 500) {
    res.status(422).json(new AppError('validation_failed', { fields: { [error instanceof URIError ? 'path' : 'body']: 'invalid' } }).toBody());
    return;
  }
  if (isDatabaseUnavailable(error)) {
    req.log?.warn({ err: error }, 'database unavailable');
    res.setHeader('Retry-After', String(RETRY_AFTER_UNAVAILABLE_SECONDS));
    res.status(503).json(new AppError('service_unavailable').toBody());
    return;
  }
  req.log?.error({ err: error }, 'unhandled error');
  res.status(500).json(new AppError('internal_error').toBody());
};
