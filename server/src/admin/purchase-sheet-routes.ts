import { Router, type Response } from 'express';
import { eventSheetQuery, purchaseSheetQuery, sheetConfirmBody } from '@gp/common';
import type { AuthService } from '../auth/service.ts';
import { AppError } from '../platform/errors.ts';
import { idParam, validateBody, validateQuery } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import { namedUploads } from '../platform/upload.ts';
import { access, actorOf } from '../staff/service.ts';
import type { PurchaseSheetService } from './purchase-sheet.ts';

/** Most tickets one confirmation carries (with a scan each). */
const MAX_SHEET_CONFIRM = 100;

const sendCsv = (res: Response, file: { filename: string; csv: string }) =>
  res.setHeader('Content-Type', 'text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${file.filename}"`).setHeader('Cache-Control', 'no-store').send(file.csv);

/** Purchase sheets of draws and football events, and their confirmation (issue 31 item 3; docs/back-office.md). */
export function purchaseSheetRoutes(platform: Pick<Platform, 'config'>, auth: AuthService, sheets: PurchaseSheetService) {
  const router = Router();
  const id = idParam('id');
  const drawQuery = validateQuery(purchaseSheetQuery);
  const eventQuery = validateQuery(eventSheetQuery);
  const scans = namedUploads('scan.', platform.config.SCAN_MAX_BYTES, MAX_SHEET_CONFIRM);
  const confirmation = validateBody(sheetConfirmBody);

  router.get('/admin/draws/:id/purchase-sheet', ...access(auth, 'GET /admin/draws/:id/purchase-sheet'), id, drawQuery, async (req, res) => {
    const { productCode, format } = drawQuery.of(req);
    if (format === 'csv') sendCsv(res, await sheets.csv('draw', id.of(req), productCode));
    else res.setHeader('Cache-Control', 'no-store').json(await sheets.sheet('draw', id.of(req), productCode));
  });

  router.get('/admin/football/events/:id/purchase-sheet', ...access(auth, 'GET /admin/football/events/:id/purchase-sheet'), id, eventQuery, async (req, res) => {
    if (eventQuery.of(req).format === 'csv') sendCsv(res, await sheets.csv('event', id.of(req), null));
    else res.setHeader('Cache-Control', 'no-store').json(await sheets.sheet('event', id.of(req), null));
  });

  // multipart/form-data: `items` (JSON text of [{ orderId, ticketRef }]) and a `scan.<orderId>` file per ticket that has one.
  router.post('/admin/purchase-sheet/confirm', ...access(auth, 'POST /admin/purchase-sheet/confirm'), scans, confirmation, async (req, res) => {
    const items = confirmation.of(req).items;
    const files = scans.of(req);
    const listed = new Set(items.map((item) => item.orderId));
    if ([...files.keys()].some((orderId) => !listed.has(orderId))) throw new AppError('validation_failed', { fields: { items: 'invalid' } }); // a scan for no ticket of the list
    res.json(await sheets.confirm(actorOf(req), items, files));
  });

  return router;
}
