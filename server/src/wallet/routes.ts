import { Router } from 'express';
import { pageQuery } from '@gp/common';
import type { Platform } from '../platform/platform.ts';
import { validate } from '../platform/http.ts';
import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { walletReads } from './service.ts';

export function walletRoutes(platform: Platform, auth: AuthService) {
  const router = Router();
  const wallet = walletReads(platform);
  router.get('/wallet/ledger', requireUser(auth), async (req, res) => {
    const { page, pageSize } = validate(pageQuery, req.query);
    res.json(await wallet.ledger(currentUser(req).user.id, page, pageSize));
  });
  return router;
}
