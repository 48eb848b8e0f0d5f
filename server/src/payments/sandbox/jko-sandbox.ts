import express, { Router } from 'express';
import { jkoDigest, jkoDigestMatches } from '../jko/digest.ts';
import type { Deliverer } from './delivery.ts';
import { escapeHtml, page, randomId } from './pages.ts';

export interface JkoSandboxOptions {
  apiKey: string;
  secretKey: string;
  storeId: string;
  baseUrl: () => string;
  now: () => Date;
  deliverer: Deliverer;
}

interface JkoOrder {
  body: Record<string, unknown>;
  id: string;
  status: 0 | 1 | 101;
  tradeNo: string | null;
  transTime: string | null;
  refunded: number;
}

/**
 * JKO Pay OnlinePay as documented (integrations.md §2): Entry returns the payment page (the same
 * one again until paid, `101` once paid), Inquiry and Refund, every call checked for API-KEY and a
 * DIGEST of its payload; paying sends a result callback (JSON, DIGEST-signed — an assumption the
 * adapter does not rely on alone) to `result_url`.
 */
export function jkoSandbox(options: JkoSandboxOptions) {
  const orders = new Map<string, JkoOrder>();
  const router = Router();
  const json = (res: express.Response, result: string, resultObject: unknown = null, status = 200) => res.status(status).json({ result, message: null, result_object: resultObject });
  const signed = (req: express.Request, payload: string) => req.headers['api-key'] === options.apiKey && jkoDigestMatches(options.secretKey, payload, String(req.headers.digest ?? ''));

  router.use('/jko/platform', express.text({ type: '*/*', limit: '20kb' }));

  router.post('/jko/platform/entry', (req, res) => {
    const raw = typeof req.body === 'string' ? req.body : '';
    if (!signed(req, raw)) return json(res, '200', null, 400);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return json(res, '200', null, 400);
    }
    const id = String(body.platform_order_id ?? '');
    if (!id || body.store_id !== options.storeId || body.currency !== 'TWD' || !(Number(body.final_price) > 0)) return json(res, '200');
    const existing = orders.get(id);
    if (existing?.status === 0) return json(res, '101');
    if (existing && existing.body.final_price !== body.final_price) return json(res, '200');
    if (!existing) orders.set(id, { body, id, status: 101, tradeNo: null, transTime: null, refunded: 0 });
    json(res, '000', { payment_url: `${options.baseUrl()}/jko/pay/${encodeURIComponent(id)}`, qr_img: null, qr_timeout: 1800 });
  });

  const transaction = (order: JkoOrder) => ({
    platform_order_id: order.id,
    status: order.status,
    tradeNo: order.tradeNo,
    trans_time: order.transTime,
    currency: 'TWD',
    final_price: order.body.final_price,
    redeem_amount: 0,
    debit_amount: order.body.final_price,
  });

  router.get('/jko/platform/inquiry', (req, res) => {
    const query = req.originalUrl.split('?')[1] ?? '';
    if (!signed(req, query)) return json(res, '200', null, 400);
    const ids = String(req.query.platform_order_ids ?? '').split(',').filter(Boolean).slice(0, 20);
    json(res, '000', { transactions: ids.flatMap((id) => (orders.has(id) ? [transaction(orders.get(id)!)] : [])) });
  });

  router.post('/jko/platform/refund', (req, res) => {
    const raw = typeof req.body === 'string' ? req.body : '';
    if (!signed(req, raw)) return json(res, '200', null, 400);
    const body = JSON.parse(raw) as { platform_order_id?: string; refund_amount?: number };
    const order = orders.get(String(body.platform_order_id ?? ''));
    if (!order || order.status !== 0) return json(res, '200');
    order.refunded = Number(body.refund_amount ?? order.body.final_price);
    json(res, '000', { refund_tradeNo: randomId('RF', 12) });
  });

  router.use('/jko/pay', express.urlencoded({ extended: false, limit: '5kb' }));
  router.get('/jko/pay/:id', (req, res) => {
    const order = orders.get(req.params.id);
    if (!order) return res.status(404).send(page('JKO Pay', 'JKO Pay', '<h1>No such order</h1>'));
    if (order.status === 0) return res.send(page('JKO Pay', 'JKO Pay', '<h1>Already paid</h1>'));
    res.send(
      page('JKO Pay', 'JKO Pay', `<h1>Pay NT$${escapeHtml(String(order.body.final_price))}</h1><p>Confirm the payment in the JKO Pay app.</p>
<form method="post" action="/jko/pay/${encodeURIComponent(order.id)}"><button name="action" value="pay" type="submit">Pay with JKO Pay</button><button class="secondary" name="action" value="cancel" type="submit">Cancel</button></form>`),
    );
  });

  router.post('/jko/pay/:id', (req, res) => {
    const order = orders.get(req.params.id);
    if (!order) return res.status(404).send(page('JKO Pay', 'JKO Pay', '<h1>No such order</h1>'));
    const back = String(order.body.result_display_url ?? '/');
    if ((req.body as { action?: string }).action === 'pay' && order.status !== 0) {
      order.status = 0;
      order.tradeNo = randomId('JK', 14);
      order.transTime = new Date(options.now().getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
      const url = order.body.result_url ? String(order.body.result_url) : undefined;
      if (url) {
        const payload = JSON.stringify({ transaction: transaction(order) });
        options.deliverer.send('jko', url, () => ({ headers: { 'Content-Type': 'application/json', DIGEST: jkoDigest(options.secretKey, payload) }, body: payload }), (status) => status === 200);
      }
    }
    res.redirect(303, back);
  });

  return { router, orders };
}
