import { Router } from 'express';
import { adminDrawsQuery, feedConfirmBody, feedConflictResolveBody } from '@gp/common';
import type { AuthService } from '../auth/service.ts';
import { idParam, validateBody, validateQuery } from '../platform/http.ts';
import { readId } from '../platform/ids.ts';
import { access, actorOf } from '../staff/service.ts';
import type { FeedsService } from './service.ts';

/** Result feeds and the draws screen (issue 31 items 1 and 2). Who may call each: staff/access.ts. */
export function feedsRoutes(auth: AuthService, feeds: FeedsService) {
  const router = Router();
  const confirmation = validateBody(feedConfirmBody);
  const resolution = validateBody(feedConflictResolveBody);
  const id = idParam('id');
  const drawsQuery = validateQuery(adminDrawsQuery);

  router.get('/admin/result-feeds', ...access(auth, 'GET /admin/result-feeds'), async (_req, res) => {
    res.json({ items: await feeds.status() });
  });

  // One source's reading of a due draw and one staff member: published (200 `{ state: 'published' }`).
  router.post('/admin/result-feeds/confirm', ...access(auth, 'POST /admin/result-feeds/confirm'), confirmation, async (req, res) => {
    const { targetType, targetId, source } = confirmation.of(req);
    res.json(await feeds.confirm(actorOf(req), targetType, readId(targetId, 'targetId'), source));
  });

  // The published result stands; the draw's settlement goes on once none of its conflicts is open.
  router.post('/admin/result-feeds/conflicts/:id/resolve', ...access(auth, 'POST /admin/result-feeds/conflicts/:id/resolve'), id, resolution, async (req, res) => {
    res.json(await feeds.resolve(actorOf(req), id.of(req), resolution.of(req).note));
  });

  router.get('/admin/draws', ...access(auth, 'GET /admin/draws'), drawsQuery, async (req, res) => {
    const { productCode, page } = drawsQuery.of(req);
    res.json(await feeds.drawsPage(productCode, page));
  });

  return router;
}
