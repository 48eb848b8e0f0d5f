import { Router } from 'express';
import { inboxMarkBody, inboxQuery, noticeBody, notificationPreferencesBody } from '@gp/common';
import { currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { idParam, validateBody, validateQuery } from '../platform/http.ts';
import type { InboxService } from './service.ts';

export function inboxRoutes(auth: AuthService, inbox: InboxService) {
  const router = Router();
  const member = requireUser(auth);
  const query = validateQuery(inboxQuery);
  const mark = validateBody(inboxMarkBody);
  const id = idParam('id');
  const prefs = validateBody(notificationPreferencesBody);
  const notice = validateBody(noticeBody);
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).user.id;

  router.get('/inbox', member, query, async (req, res) => {
    const { before, limit, unreadOnly } = query.of(req);
    res.json(await inbox.page(me(req), { before, limit, unreadOnly: unreadOnly === 'true' }));
  });
  router.get('/inbox/unread', member, async (req, res) => {
    res.json(await inbox.unread(me(req)));
  });
  router.get('/inbox/preferences', member, async (req, res) => {
    res.json(await inbox.preferences(me(req)));
  });
  router.put('/inbox/preferences', member, prefs, async (req, res) => {
    res.json(await inbox.savePreferences(me(req), prefs.of(req).emailKinds));
  });
  router.post('/inbox/read-all', member, async (req, res) => {
    res.json(await inbox.markAllRead(me(req)));
  });
  router.patch('/inbox/:id', member, id, mark, async (req, res) => {
    res.json(await inbox.mark(me(req), id.of(req), mark.of(req).read));
  });
  router.delete('/inbox/:id', member, id, async (req, res) => {
    res.json(await inbox.remove(me(req), id.of(req)));
  });

  // Back office: a notice to every member or a segment (helper E's console can call this).
  router.post('/admin/inbox/notices', member, requireOperator, notice, async (req, res) => {
    const body = notice.of(req);
    res.status(201).json(await inbox.sendNotice({ title: body.title, body: body.body, segment: body.segment, link: body.link }));
  });

  return router;
}
