import type { DepositCurrency, DepositMethod, PaymentProviderName, PaymentStart } from '@gp/common';

export type { DepositCurrency, DepositMethod, PaymentStart };
export type ProviderName = PaymentProviderName;

export interface CreatePayment {
  depositId: number;
  /** Our order number as the provider sees it. */
  merchantRef: string;
  method: DepositMethod;
  /** Minor units (cents). */
  amount: number;
  currency: DepositCurrency;
  description: string;
  /** Where the member's browser comes back to. */
  returnUrl: string;
  /** Where the provider posts its notifications (server to server); one per channel a provider has. */
  notifyUrl: (channel: string) => string;
  now: Date;
}

export interface CreatedPayment {
  start: PaymentStart;
  /** The provider's own id for this attempt when it gives one at once (a Checkout Session). */
  providerRef?: string;
  expiresAt?: Date;
}

/** One fact a provider told us about one payment (by a verified notification or a query). */
export type Observation =
  | { outcome: 'pending'; merchantRef: string }
  | { outcome: 'barcode'; merchantRef: string; providerTxnId: string | null; codes: string[]; expiresAt: Date | null }
  /** `amount`: minor units, or null when the provider's figure was not plain decimal digits (`amountText` keeps what it sent). */
  | { outcome: 'paid'; merchantRef: string; providerTxnId: string; amount: number | null; amountText?: string; currency: string; simulated?: boolean }
  | { outcome: 'failed' | 'expired'; merchantRef: string; reason: string }
  | { outcome: 'reversed'; merchantRef: string; providerTxnId: string; reason: 'refund' | 'chargeback' };

export interface ProviderReply {
  status: number;
  contentType: string;
  body: string;
}

/** A notification whose signature checked out: what it says, and what the provider expects back. */
export interface VerifiedNotification {
  /** What makes two deliveries the same message (a replay or a retry is a no-op). */
  dedupeKey: string;
  kind: string;
  observation: Observation | null;
  /** A refund of ours changed at the provider (Stripe's `charge.refund.updated`): the reference it carries in its metadata. */
  refundUpdated?: { reference: string };
  body: unknown;
  reply: ProviderReply;
}

export interface IncomingNotification {
  channel: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** The query string as received (JKO signs GET queries). */
  now: Date;
}

/** What `query` and `refund` need of a deposit. */
export interface DepositRef {
  id: string;
  merchantRef: string;
  method: DepositMethod;
  amount: number;
  currency: string;
  providerRef: string | null;
  providerTxnId: string | null;
  /**
   * Our reference for this deposit's refund (`R` + merchantRef), claimed on the deposit row before
   * the provider is called, so one refund is asked for once: Stripe gets it as the Idempotency-Key,
   * JKO as its refund order id; ECPay's DoAction has no such field, so for ECPay the claim is what
   * keeps a second click from reaching it.
   */
  refundRef: string;
}

/** Part of a payment given back to where it came from (a withdrawal of deposited points not yet played). */
export interface PartRefund {
  /** The provider's payment (Stripe's PaymentIntent). */
  providerTxnId: string;
  /** Minor units of the payment's currency. */
  amount: number;
  /** Ours, stable for this one refund: the idempotency key, and the refund's metadata `lookup` finds it by. */
  reference: string;
}

/**
 * What became of a refund. `refused`: the provider said no for good (nothing was refunded);
 * `pending`: accepted, not yet settled (Stripe's `pending` / `requires_action`).
 */
export type RefundOutcome =
  | { outcome: 'succeeded' | 'pending'; refundId: string }
  | { outcome: 'failed'; refundId: string | null; reason: string }
  | { outcome: 'refused'; reason: string };

/** The signature did not check out, or the message is too old: refused, nothing changes. */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: 'signature' | 'stale' | 'malformed',
    readonly reply: ProviderReply,
  ) {
    super(`notification refused: ${reason}`);
  }
}

/**
 * One payment provider, speaking its real protocol (the base URL decides whether that is the
 * provider or our local sandbox of it).
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  readonly mode: 'sandbox' | 'live';
  readonly methods: ReadonlyArray<{ method: DepositMethod; currencies: readonly DepositCurrency[] }>;
  create(request: CreatePayment): Promise<CreatedPayment>;
  /** Checks a notification's signature (and freshness where the protocol carries a time); throws `NotificationRejected`. */
  verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification>;
  /** Asks the provider where a payment stands. */
  query(deposit: DepositRef, now: Date): Promise<Observation>;
  /** Gives the money back; the deposit's points are taken back by the caller. */
  refund(deposit: DepositRef, now: Date): Promise<void>;
  /**
   * The refund rail (withdrawals/refunds.ts), only where the provider refunds part of a payment to
   * its own method: Stripe. Throws when the answer is unknown (a timeout, a 5xx): ask `lookup` first.
   */
  refundPart?(request: PartRefund): Promise<RefundOutcome>;
  /** The refund made under `reference` for this payment, if any (Stripe: its metadata), before any retry. */
  lookupRefund?(providerTxnId: string, reference: string): Promise<RefundOutcome | null>;
}
