import { Router } from 'express';
import { claimsQuery, claimStepBody } from '@gp/common';
import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { idParam, sendStoredFile, validateBody, validateQuery } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import { singleUpload } from '../platform/upload.ts';
import { access, actorOf } from '../staff/service.ts';
import type { ClaimService } from './service.ts';

/** Issue 33 item 4: big-win claims, for their member and for staff (staff/access.ts says who may call each staff route). */
export function claimRoutes(platform: Platform, auth: AuthService, claims: ClaimService) {
  const router = Router();
  // multipart/form-data, one part `document` (JPEG, PNG, WebP or PDF by its bytes), at most KYC_MAX_BYTES as the identity check's.
  const upload = singleUpload('document', platform.config.KYC_MAX_BYTES);
  const documentId = idParam('documentId');
  const member = requireUser(auth);
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).user.id;
  const id = idParam('id');
  const stepBody = validateBody(claimStepBody);
  const filter = validateQuery(claimsQuery);

  router.get('/claims', member, async (req, res) => {
    res.json({ items: await claims.list(me(req)) });
  });
  router.get('/claims/:id', member, id, async (req, res) => {
    res.json(await claims.get(me(req), id.of(req)));
  });
  router.post('/claims/:id/documents', member, id, upload, async (req, res) => {
    res.status(201).json(await claims.uploadDocument(me(req), id.of(req), upload.of(req)));
  });
  router.get('/claims/:id/documents/:documentId', member, id, documentId, async (req, res) => {
    const file = await claims.memberDocument(me(req), id.of(req), documentId.of(req));
    sendStoredFile(res, file, file.name, 'private, no-store');
  });

  router.get('/admin/claims', ...access(auth, 'GET /admin/claims'), filter, async (req, res) => {
    res.json({ items: await claims.staffList(filter.of(req).step) });
  });
  router.get('/admin/claims/:id/documents/:documentId', ...access(auth, 'GET /admin/claims/:id/documents/:documentId'), id, documentId, async (req, res) => {
    const file = await claims.staffDocument(id.of(req), documentId.of(req));
    sendStoredFile(res, file, file.name, 'private, no-store');
  });
  router.post('/admin/claims/:id/step', ...access(auth, 'POST /admin/claims/:id/step'), id, stepBody, async (req, res) => {
    res.json(await claims.step(actorOf(req), id.of(req), stepBody.of(req)));
  });

  return router;
}
