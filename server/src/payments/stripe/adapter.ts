import Stripe from 'stripe';
import type { CreatePayment, DepositRef, Observation, PartRefund, PaymentProvider, RefundOutcome, VerifiedNotification } from '../types.ts';
import { NotificationRejected } from '../types.ts';

export interface StripeOptions {
  mode: 'sandbox' | 'live';
  secretKey: string;
  webhookSecret: string;
  methods: ReadonlyArray<'card' | 'wechat_pay' | 'alipay'>;
  /** The API's address; absent: api.stripe.com. The sandbox passes its own (the official SDK takes host/port/protocol). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Checkout Sessions live at least 30 minutes (Stripe's minimum). */
const SESSION_MINUTES = 30;
const REPLY_OK = { status: 200, contentType: 'application/json', body: '{"received":true}' };
/** The refund's metadata key our withdrawal refunds carry their reference under (what `lookupRefund` matches). */
export const REFUND_REFERENCE_KEY = 'gp_refund';

function refundOutcome(refund: Stripe.Refund): RefundOutcome {
  if (refund.status === 'succeeded') return { outcome: 'succeeded', refundId: refund.id };
  if (refund.status === 'failed' || refund.status === 'canceled') return { outcome: 'failed', refundId: refund.id, reason: refund.failure_reason ?? refund.status };
  return { outcome: 'pending', refundId: refund.id };
}

/**
 * Stripe through the official `stripe` package: a hosted Checkout Session per deposit (card
 * numbers never reach us), fulfilled on `checkout.session.completed` (and `async_payment_*` for
 * wallets), reversed on `charge.refunded` and `charge.dispute.created`. Webhooks are verified with
 * `stripe.webhooks.constructEvent` on the raw body, 300 s tolerance against the platform's clock.
 */
export function stripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 10_000, ...(options.api ?? {}) });
  const methods = options.methods.map((method) => ({ method, currencies: ['USD', 'CNY'] as const }));

  const merchantRefOf = (object: { client_reference_id?: string | null; metadata?: Stripe.Metadata | null }) =>
    object.client_reference_id ?? object.metadata?.merchantRef ?? '';

  function sessionObservation(session: Stripe.Checkout.Session): Observation {
    const merchantRef = merchantRefOf(session);
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    if (session.status === 'complete' && session.payment_status === 'paid' && paymentIntent) {
      // Stripe sends minor units as a JSON integer: anything else is not an amount we credit.
      const amount = Number.isSafeInteger(session.amount_total) && (session.amount_total ?? -1) >= 0 ? session.amount_total : null;
      return { outcome: 'paid', merchantRef, providerTxnId: paymentIntent, amount, amountText: String(session.amount_total), currency: (session.currency ?? '').toUpperCase() };
    }
    if (session.status === 'expired') return { outcome: 'expired', merchantRef, reason: 'session_expired' };
    return { outcome: 'pending', merchantRef };
  }

  return {
    name: 'stripe',
    mode: options.mode,
    methods,

    async create(request: CreatePayment) {
      const expiresAt = new Date(request.now.getTime() + SESSION_MINUTES * 60_000 + 60_000);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          allowed_payment_method_types: [request.method as 'card' | 'wechat_pay' | 'alipay'],
          ...(request.method === 'wechat_pay' ? { payment_method_options: { wechat_pay: { client: 'web' } } } : {}),
          line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.description } } }],
          client_reference_id: request.merchantRef,
          metadata: { merchantRef: request.merchantRef, depositId: request.depositId },
          payment_intent_data: { metadata: { merchantRef: request.merchantRef } },
          success_url: request.returnUrl,
          cancel_url: `${request.returnUrl}${request.returnUrl.includes('?') ? '&' : '?'}cancelled=1`,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
        },
        // A retried create (a timeout) must not open a second session for one deposit.
        { idempotencyKey: `deposit-${request.merchantRef}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { start: { kind: 'redirect', url: session.url }, providerRef: session.id, expiresAt };
    },

    async verifyNotification(incoming): Promise<VerifiedNotification> {
      const header = incoming.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(incoming.rawBody, String(header ?? ''), options.webhookSecret, undefined, undefined, incoming.now.getTime());
      } catch (error) {
        const stale = /tolerance/i.test(String((error as Error).message));
        throw new NotificationRejected(stale ? 'stale' : 'signature', { status: 400, contentType: 'application/json', body: '{"error":"signature"}' });
      }
      // A refund of ours that Stripe settled later (pending → succeeded or failed): its reference, for the withdrawal it pays.
      const reference = event.type === 'charge.refund.updated' ? event.data.object.metadata?.[REFUND_REFERENCE_KEY] : undefined;
      return { dedupeKey: event.id, kind: event.type, observation: eventObservation(event), ...(reference ? { refundUpdated: { reference } } : {}), body: JSON.parse(incoming.rawBody.toString('utf8')), reply: REPLY_OK };
    },

    async query(deposit: DepositRef) {
      if (!deposit.providerRef) return { outcome: 'pending', merchantRef: deposit.merchantRef };
      return sessionObservation(await stripe.checkout.sessions.retrieve(deposit.providerRef));
    },

    async refund(deposit: DepositRef) {
      if (!deposit.providerTxnId) throw new Error('a Stripe deposit without a PaymentIntent cannot be refunded');
      await stripe.refunds.create({ payment_intent: deposit.providerTxnId }, { idempotencyKey: deposit.refundRef });
    },

    async refundPart(request: PartRefund) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.providerTxnId, amount: request.amount, metadata: { [REFUND_REFERENCE_KEY]: request.reference } },
          { idempotencyKey: request.reference },
        );
        return refundOutcome(refund);
      } catch (error) {
        // A 4xx about the request itself (more than is left to refund, a payment that cannot be
        // refunded) is Stripe's final no; a timeout, a 5xx or an idempotency conflict
        // (StripeIdempotencyError, its own class) leaves the answer unknown.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return { outcome: 'refused', reason: error.code ?? 'invalid_request' };
        throw error;
      }
    },

    async lookupRefund(providerTxnId: string, reference: string) {
      for await (const refund of stripe.refunds.list({ payment_intent: providerTxnId, limit: 100 })) {
        if (refund.metadata?.[REFUND_REFERENCE_KEY] === reference) return refundOutcome(refund);
      }
      return null;
    },
  };

  function eventObservation(event: Stripe.Event): Observation | null {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return sessionObservation(event.data.object);
      case 'checkout.session.async_payment_failed':
        return { outcome: 'failed', merchantRef: merchantRefOf(event.data.object), reason: 'payment_failed' };
      case 'checkout.session.expired':
        return { outcome: 'expired', merchantRef: merchantRefOf(event.data.object), reason: 'session_expired' };
      case 'charge.refunded': {
        const charge = event.data.object;
        const pi = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        return pi ? { outcome: 'reversed', merchantRef: charge.metadata?.merchantRef ?? '', providerTxnId: pi, reason: 'refund' } : null;
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        const pi = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
        return pi ? { outcome: 'reversed', merchantRef: dispute.metadata?.merchantRef ?? '', providerTxnId: pi, reason: 'chargeback' } : null;
      }
      default:
        return null;
    }
  }
}
