import express, { Router } from 'express';
import Stripe from 'stripe';
import type { Deliverer } from './delivery.ts';
import { escapeHtml, money, page, randomId } from './pages.ts';

export interface StripeSandboxOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events go (a Stripe dashboard's webhook endpoint). */
  webhookUrl: () => string | undefined;
  baseUrl: () => string;
  now: () => Date;
  deliverer: Deliverer;
}

interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_method_types: string[];
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
  url: string | null;
  intentMetadata: Record<string, string>;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded' | 'failed' | 'pending';
  failure_reason: string | null;
  created: number;
}

/**
 * Test cards, as on docs.stripe.com/testing (integrations.md §3.2): any future expiry, any CVC.
 * `3ds`: the card asks for a 3-D Secure challenge first.
 */
export const STRIPE_TEST_CARDS: Record<string, 'success' | 'declined' | 'insufficient_funds' | '3ds'> = {
  '4242424242424242': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': '3ds',
  '4000002500003155': '3ds',
  '4000000000003220': '3ds',
};

/**
 * Stripe's API as far as our adapter uses it (Checkout Sessions, refunds), spoken over HTTP so the
 * official `stripe` package is exercised end to end, with a hosted Checkout page (test cards,
 * 3-D Secure challenge, WeChat Pay QR and Alipay approval) and signed webhook events.
 */
export function stripeSandbox(options: StripeSandboxOptions) {
  const signer = new Stripe(options.secretKey);
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Session>();
  const idempotent = new Map<string, unknown>();
  /** Test controls: PaymentIntents whose next refunds fail (a closed card), and refund replies to lose (a first answer or its replay). */
  const failing = new Set<string>();
  /** PaymentIntents whose next refunds stay `pending` until a test settles them (a bank slow to confirm a card refund). */
  const pending = new Set<string>();
  let repliesToLose = 0;
  const api = Router();
  const pages = Router();
  const seconds = () => Math.floor(options.now().getTime() / 1000);

  const stripeError = (res: express.Response, status: number, message: string, type = 'invalid_request_error') => res.status(status).json({ error: { type, message } });

  function current(session: Session) {
    if (session.status === 'open' && session.expires_at < seconds()) expire(session);
    return session;
  }

  function emit(type: string, object: unknown) {
    const url = options.webhookUrl();
    if (!url) return;
    const event = { id: randomId('evt_', 24), object: 'event', api_version: '2025-01-01', created: seconds(), livemode: false, type, data: { object } };
    const payload = JSON.stringify(event);
    options.deliverer.send(
      'stripe',
      url,
      () => ({
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret, timestamp: seconds() }) },
        body: payload,
      }),
      (status) => status >= 200 && status < 300,
    );
  }

  const view = (session: Session) => {
    const { intentMetadata: _hidden, ...rest } = current(session);
    return rest;
  };

  function expire(session: Session) {
    session.status = 'expired';
    session.url = null;
    emit('checkout.session.expired', view(session));
  }

  function complete(session: Session) {
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = randomId('pi_', 24);
    session.url = null;
    intents.set(session.payment_intent, session);
    emit('checkout.session.completed', view(session));
  }

  api.use('/v1', express.urlencoded({ extended: true, limit: '100kb' }));
  api.use('/v1', (req, res, next) => {
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) return stripeError(res, 401, 'Invalid API Key provided.');
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string') {
      const stored = idempotent.get(key);
      if (stored && req.originalUrl.startsWith('/v1/refunds') && repliesToLose > 0) {
        repliesToLose -= 1;
        res.socket?.destroy();
        return;
      }
      if (stored) return res.json(stored);
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        if (res.statusCode < 500) idempotent.set(key, body);
        return json(body);
      };
    }
    next();
  });

  api.post('/v1/checkout/sessions', (req, res) => {
    const body = req.body as Record<string, unknown>;
    const item = (body.line_items as Array<{ price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } }; quantity?: string }> | undefined)?.[0];
    const amount = Number(item?.price_data?.unit_amount) * Number(item?.quantity ?? 1);
    const currency = String(item?.price_data?.currency ?? '');
    if (body.mode !== 'payment' || !Number.isSafeInteger(amount) || amount <= 0 || !currency || !body.success_url) return stripeError(res, 400, 'Missing required param.');
    const types = (body.allowed_payment_method_types ?? body.payment_method_types ?? ['card']) as string[];
    const id = randomId('cs_test_', 40);
    const session: Session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency,
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      intentMetadata: ((body.payment_intent_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {}),
      payment_intent: null,
      payment_method_types: types,
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url ?? body.success_url),
      expires_at: Number(body.expires_at ?? seconds() + 24 * 3600),
      created: seconds(),
      livemode: false,
      url: `${options.baseUrl()}/stripe/checkout/${id}`,
    };
    sessions.set(id, session);
    res.json(view(session));
  });

  api.get('/v1/checkout/sessions/:id', (req, res) => {
    const session = sessions.get(req.params.id);
    if (!session) return stripeError(res, 404, `No such checkout.session: '${req.params.id}'`);
    res.json(view(session));
  });

  api.post('/v1/checkout/sessions/:id/expire', (req, res) => {
    const session = sessions.get(req.params.id);
    if (!session) return stripeError(res, 404, `No such checkout.session: '${req.params.id}'`);
    if (current(session).status !== 'open') return stripeError(res, 400, 'Only open sessions can be expired.');
    expire(session);
    res.json(view(session));
  });

  /** Every refund made, per PaymentIntent (what `GET /v1/refunds?payment_intent=` lists, newest first). */
  const refunds = new Map<string, Refund[]>();

  api.post('/v1/refunds', (req, res) => {
    const body = req.body as { payment_intent?: string; amount?: string; metadata?: Record<string, string> };
    const pi = String(body.payment_intent ?? '');
    const session = intents.get(pi);
    if (!session) return stripeError(res, 404, `No such payment_intent: '${pi}'`);
    const made = refunds.get(pi) ?? [];
    const refunded = made.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount === undefined ? session.amount_total - refunded : Number(body.amount);
    if (refunded >= session.amount_total) return stripeError(res, 400, `Charge ch_${pi.slice(3)} has already been refunded.`);
    if (!Number.isSafeInteger(amount) || amount <= 0) return stripeError(res, 400, 'Invalid positive integer');
    if (amount > session.amount_total - refunded) return stripeError(res, 400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - refunded})`);
    const fails = failing.has(pi);
    const waits = pending.has(pi) && !fails;
    const refund: Refund = {
      id: randomId('re_', 24),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: pi,
      metadata: body.metadata ?? {},
      status: fails ? 'failed' : waits ? 'pending' : 'succeeded',
      failure_reason: fails ? 'expired_or_canceled_card' : null,
      created: seconds(),
    };
    refunds.set(pi, [refund, ...made]);
    if (!fails && !waits) emit('charge.refunded', chargeOf(session, { refunded: refunded + amount === session.amount_total, amount_refunded: refunded + amount }));
    if (repliesToLose > 0) {
      // The refund is made, and the answer is lost on the way (a timeout): as Stripe does, the key
      // keeps the first answer, so a retry under it gets this refund, never a second one.
      repliesToLose -= 1;
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string') idempotent.set(key, refund);
      res.socket?.destroy();
      return;
    }
    res.json(refund);
  });

  api.get('/v1/refunds', (req, res) => {
    const pi = String(req.query.payment_intent ?? '');
    const data = pi ? (refunds.get(pi) ?? []) : [...refunds.values()].flat();
    res.json({ object: 'list', url: '/v1/refunds', has_more: false, data });
  });

  const chargeOf = (session: Session, extra: Record<string, unknown>) => ({
    id: `ch_${session.payment_intent!.slice(3)}`,
    object: 'charge',
    amount: session.amount_total,
    currency: session.currency,
    payment_intent: session.payment_intent,
    metadata: session.intentMetadata,
    ...extra,
  });

  /** A chargeback: the card holder disputed the payment (a test control, as the Stripe dashboard's test disputes). */
  function dispute(paymentIntent: string) {
    const session = intents.get(paymentIntent);
    if (!session) return false;
    emit('charge.dispute.created', {
      id: randomId('dp_', 24),
      object: 'dispute',
      amount: session.amount_total,
      currency: session.currency,
      charge: `ch_${paymentIntent.slice(3)}`,
      payment_intent: paymentIntent,
      metadata: session.intentMetadata,
      reason: 'fraudulent',
      status: 'needs_response',
    });
    return true;
  }

  // The hosted Checkout page: card numbers are typed here, never on the merchant's site.
  pages.use(express.urlencoded({ extended: false, limit: '20kb' }));
  const checkoutPage = (session: Session, error = '') => {
    const method = session.payment_method_types[0] ?? 'card';
    const head = `<h1>Pay ${escapeHtml(money(session.amount_total, session.currency))}</h1>`;
    const err = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
    // A GET form drops its action's query string: the cancel URL's own parameters (the deposit id,
    // `cancelled=1`) go as hidden fields, so "Cancel and return" lands where Stripe would send the member.
    const back = new URL(session.cancel_url);
    const kept = [...back.searchParams].map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
    const cancel = `<form method="get" action="${escapeHtml(`${back.origin}${back.pathname}`)}">${kept}<button class="secondary" type="submit">Cancel and return</button></form>`;
    if (method === 'card') {
      return page('Stripe Checkout', 'Stripe', `${head}<form method="post" action="/stripe/checkout/${session.id}/pay">
<label for="name">Cardholder name</label><input id="name" name="name" autocomplete="cc-name" required>
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" placeholder="12 / 34" required>
<label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" required>
${err}<button type="submit">Pay</button></form>${cancel}
<p class="hint">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for 3-D Secure.</p>`);
    }
    const label = method === 'wechat_pay' ? 'WeChat Pay' : 'Alipay';
    const qr = method === 'wechat_pay' ? `<p>Scan the QR code with WeChat.</p><div aria-label="QR code" style="width:160px;height:160px;background:repeating-linear-gradient(45deg,#000 0 6px,#fff 6px 12px);margin:12px auto"></div>` : '<p>Log in to Alipay to approve the payment.</p>';
    return page(`Stripe Checkout — ${label}`, 'Stripe', `${head}${qr}${err}<form method="post" action="/stripe/checkout/${session.id}/wallet">
<button name="result" value="approve" type="submit">Approve test payment</button><button class="secondary" name="result" value="fail" type="submit">Fail test payment</button></form>${cancel}`);
  };

  const openSession = (id: string, res: express.Response) => {
    const session = sessions.get(id);
    if (!session) {
      res.status(404).send(page('Not found', 'Stripe', '<h1>This checkout page does not exist.</h1>'));
      return undefined;
    }
    if (current(session).status !== 'open') {
      res.status(410).send(page('Closed', 'Stripe', `<h1>This checkout is ${session.status}.</h1><a href="${escapeHtml(session.success_url)}">Return</a>`));
      return undefined;
    }
    return session;
  };
  const finish = (session: Session, res: express.Response) => {
    complete(session);
    res.redirect(303, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
  };

  pages.get('/stripe/checkout/:id', (req, res) => {
    const session = openSession(req.params.id, res);
    if (session) res.send(checkoutPage(session));
  });

  pages.post('/stripe/checkout/:id/pay', (req, res) => {
    const session = openSession(req.params.id, res);
    if (!session) return;
    const number = String((req.body as { number?: string }).number ?? '').replace(/\D/g, '');
    const verdict = STRIPE_TEST_CARDS[number];
    if (verdict === 'success') return finish(session, res);
    if (verdict === '3ds') return res.redirect(303, `/stripe/checkout/${session.id}/3ds`);
    const message = verdict === 'declined' ? 'Your card was declined.' : verdict === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card number is incorrect.';
    res.status(402).send(checkoutPage(session, message));
  });

  pages.get('/stripe/checkout/:id/3ds', (req, res) => {
    const session = openSession(req.params.id, res);
    if (!session) return;
    res.send(
      page('3-D Secure', 'Stripe', `<h1>3-D Secure authentication</h1><p>Your bank asks you to confirm this payment of ${escapeHtml(money(session.amount_total, session.currency))}.</p>
<form method="post" action="/stripe/checkout/${session.id}/3ds"><button name="result" value="complete" type="submit">Complete authentication</button><button class="secondary" name="result" value="fail" type="submit">Fail authentication</button></form>`),
    );
  });

  pages.post('/stripe/checkout/:id/3ds', (req, res) => {
    const session = openSession(req.params.id, res);
    if (!session) return;
    if ((req.body as { result?: string }).result === 'complete') return finish(session, res);
    res.status(402).send(checkoutPage(session, 'We are unable to authenticate your payment method. Please choose a different payment method and try again.'));
  });

  pages.post('/stripe/checkout/:id/wallet', (req, res) => {
    const session = openSession(req.params.id, res);
    if (!session) return;
    if ((req.body as { result?: string }).result === 'approve') return finish(session, res);
    res.status(402).send(checkoutPage(session, 'The payment was not approved.'));
  });

  /** Test controls for the refund rail: later refunds of `paymentIntent` fail; the next `count` refund replies are lost after the refund is made. */
  const refundControls = {
    failRefundsOf: (paymentIntent: string) => failing.add(paymentIntent),
    loseRefundReplies: (count: number) => {
      repliesToLose = count;
    },
    refundsOf: (paymentIntent: string) => [...(refunds.get(paymentIntent) ?? [])],
    /** Later refunds of `paymentIntent` stay `pending` (until `settlePendingRefunds`). */
    holdRefundsOf: (paymentIntent: string) => pending.add(paymentIntent),
    /** Its pending refunds settle as `to` (Stripe's `charge.refund.updated` moment); a success sends `charge.refunded`. */
    settlePendingRefunds: (paymentIntent: string, to: 'succeeded' | 'failed') => {
      pending.delete(paymentIntent);
      const session = intents.get(paymentIntent);
      for (const refund of refunds.get(paymentIntent) ?? []) {
        if (refund.status !== 'pending') continue;
        refund.status = to;
        refund.failure_reason = to === 'failed' ? 'expired_or_canceled_card' : null;
        emit('charge.refund.updated', refund);
        if (to === 'succeeded' && session) {
          const total = (refunds.get(paymentIntent) ?? []).filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
          emit('charge.refunded', chargeOf(session, { refunded: total === session.amount_total, amount_refunded: total }));
        }
      }
    },
  };

  return { api, pages, dispute, sessions, refunds: refundControls };
}
