import { Router } from 'express';
import { pageQuery } from '@gp/common';
import type { Platform } from '../platform/platform.ts';
import { validateQuery } from '../platform/http.ts';
import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { walletReads } from './service.ts';

export function walletRoutes(platform: Platform, auth: AuthService) {
  const router = Router();
  const wallet = walletReads(platform);
  const ledgerPage = validateQuery(pageQuery);
  router.get('/wallet/ledger', requireUser(auth), ledgerPage, async (req, res) => {
    const { page, pageSize } = ledgerPage.of(req);
    res.json(await wallet.ledger(currentUser(req).user.id, page, pageSize));
  });
  return router;
}
