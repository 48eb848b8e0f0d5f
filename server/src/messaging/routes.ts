import { Router } from 'express';
import { supportMessageBody, supportThreadBody } from '@gp/common';
import { z } from 'zod';
import { byMember, currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { Platform } from '../platform/platform.ts';
import { idParam, rateLimits, sendStoredFile, validateBody, validateQuery } from '../platform/http.ts';
import { singleUpload } from '../platform/upload.ts';
import { ATTACHMENT_MAX_BYTES, type MessagingService } from './service.ts';

const staffListQuery = z.object({ status: z.enum(['open', 'closed'], { error: 'invalid' }).default('open') });

export function messagingRoutes(platform: Platform, auth: AuthService, messaging: MessagingService) {
  const router = Router();
  const { rateLimit } = rateLimits(platform.rateLimiter);
  const member = requireUser(auth);
  const id = idParam('id');
  const start = validateBody(supportThreadBody);
  const message = validateBody(supportMessageBody);
  const staffList = validateQuery(staffListQuery);
  const messageId = idParam('messageId');
  // JSON, or multipart/form-data with the same text fields and one optional `screenshot` (PNG, JPEG, WebP).
  const screenshot = singleUpload('screenshot', ATTACHMENT_MAX_BYTES, 16_384);
  // Every message is a row staff must read: counted per member.
  const written = rateLimit('identity.address', byMember);
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).user.id;

  router.get('/support/threads', member, async (req, res) => {
    res.json({ threads: await messaging.threads(me(req)) });
  });
  router.post('/support/threads', member, written, screenshot, start, async (req, res) => {
    res.status(201).json(await messaging.start(me(req), start.of(req), screenshot.of(req)));
  });
  router.get('/support/threads/:id', member, id, async (req, res) => {
    res.json(await messaging.thread(me(req), id.of(req)));
  });
  router.post('/support/threads/:id/messages', member, id, written, screenshot, message, async (req, res) => {
    res.status(201).json(await messaging.reply(me(req), id.of(req), message.of(req).body, screenshot.of(req)));
  });
  router.get('/support/threads/:id/messages/:messageId/attachment', member, id, messageId, async (req, res) => {
    sendStoredFile(res, await messaging.attachment(me(req), id.of(req), messageId.of(req)), `screenshot-${messageId.of(req)}`, 'private, max-age=3600');
  });

  // Back office (the staff console).
  router.get('/admin/support/threads', member, requireOperator, staffList, async (req, res) => {
    res.json({ threads: await messaging.staffThreads(staffList.of(req).status) });
  });
  router.get('/admin/support/threads/:id', member, requireOperator, id, async (req, res) => {
    res.json(await messaging.staffThread(id.of(req)));
  });
  router.post('/admin/support/threads/:id/messages', member, requireOperator, id, message, async (req, res) => {
    res.status(201).json(await messaging.staffReply(me(req), id.of(req), message.of(req).body));
  });
  router.get('/admin/support/threads/:id/messages/:messageId/attachment', member, requireOperator, id, messageId, async (req, res) => {
    sendStoredFile(res, await messaging.staffAttachment(id.of(req), messageId.of(req)), `screenshot-${messageId.of(req)}`, 'private, max-age=3600');
  });
  router.post('/admin/support/threads/:id/close', member, requireOperator, id, async (req, res) => {
    await messaging.close(id.of(req));
    res.status(204).end();
  });

  return router;
}
