import type { CreatePayment, DepositRef, Observation, PaymentProvider, VerifiedNotification } from '../types.ts';
import { NotificationRejected } from '../types.ts';
import { decimalMinorUnits } from '../money.ts';
import { jkoDigest, jkoDigestMatches } from './digest.ts';

export interface JkoOptions {
  mode: 'sandbox' | 'live';
  apiKey: string;
  secretKey: string;
  storeId: string;
  /** The host JKO gives at contract time, or the sandbox's `/jko`. */
  baseUrl: string;
  /** Refund request field names (JKO_REFUND_FIELDS: unconfirmed, third-party docs); these defaults otherwise. */
  refundFields?: { orderId: string; refundId: string; amount: string };
}

const REFUND_FIELDS = { orderId: 'platform_order_id', refundId: 'refund_order_id', amount: 'refund_amount' };

interface JkoTransaction {
  platform_order_id: string;
  status: number;
  tradeNo?: string;
  final_price?: number | string;
  currency?: string;
}

const REPLY_OK = { status: 200, contentType: 'application/json', body: '{"result":"000"}' };
const REPLY_BAD = { status: 400, contentType: 'application/json', body: '{"result":"200"}' };

/** `YYYY-mm-dd HH:MM:SS` in Taiwan time (UTC+8), JKO's `valid_time`. */
const jkoTime = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/**
 * JKO Pay OnlinePay: Entry (create, returns the payment page), Inquiry, Refund, each request
 * signed with DIGEST = HMAC-SHA256(secret, payload). What the result callback carries and how it
 * is signed is not in JKO's public docs (integrations.md §2): we check a DIGEST of its body as the
 * requests carry one, and whatever it says, we credit only what Inquiry confirms.
 */
export function jkoProvider(options: JkoOptions): PaymentProvider {
  async function call(method: 'GET' | 'POST', path: string, payload: string) {
    const url = method === 'GET' ? `${options.baseUrl}${path}?${payload}` : `${options.baseUrl}${path}`;
    const response = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json', 'API-KEY': options.apiKey, DIGEST: jkoDigest(options.secretKey, payload) },
      ...(method === 'POST' ? { body: payload } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => null)) as { result?: string; message?: string | null; result_object?: unknown } | null;
    if (!response.ok || !body) throw new Error(`JKO ${path} answered ${response.status}`);
    return body;
  }

  async function inquiry(merchantRef: string): Promise<Observation> {
    const body = await call('GET', '/platform/inquiry', `platform_order_ids=${encodeURIComponent(merchantRef)}`);
    if (body.result !== '000') throw new Error(`JKO inquiry failed: ${body.result}`);
    const transactions = (body.result_object as { transactions?: JkoTransaction[] } | undefined)?.transactions ?? [];
    const tx = transactions.find((t) => t.platform_order_id === merchantRef);
    if (!tx) return { outcome: 'pending', merchantRef };
    if (tx.status === 0 && tx.tradeNo) {
      return { outcome: 'paid', merchantRef, providerTxnId: tx.tradeNo, amount: decimalMinorUnits(tx.final_price, 2), amountText: String(tx.final_price ?? ''), currency: tx.currency ?? 'TWD' };
    }
    return { outcome: 'pending', merchantRef };
  }

  return {
    name: 'jko',
    mode: options.mode,
    methods: [{ method: 'jko', currencies: ['TWD'] }],

    async create(request: CreatePayment) {
      const price = request.amount / 100;
      const expiresAt = new Date(request.now.getTime() + 30 * 60_000);
      const payload = JSON.stringify({
        platform_order_id: request.merchantRef,
        store_id: options.storeId,
        currency: 'TWD',
        total_price: price,
        final_price: price,
        // GPoints are a stored value: no JKO coins or coupons against them.
        unredeem: price,
        valid_time: jkoTime(expiresAt),
        result_url: request.notifyUrl('result'),
        result_display_url: request.returnUrl,
      });
      const body = await call('POST', '/platform/entry', payload);
      const url = (body.result_object as { payment_url?: string } | undefined)?.payment_url;
      if (body.result !== '000' || !url) throw new Error(`JKO entry failed: ${body.result} ${body.message ?? ''}`);
      return { start: { kind: 'redirect', url }, expiresAt };
    },

    async verifyNotification(incoming): Promise<VerifiedNotification> {
      const text = incoming.rawBody.toString('utf8');
      if (!jkoDigestMatches(options.secretKey, text, headerOf(incoming.headers, 'digest'))) throw new NotificationRejected('signature', REPLY_BAD);
      let tx: JkoTransaction | undefined;
      try {
        tx = (JSON.parse(text) as { transaction?: JkoTransaction }).transaction;
      } catch {
        tx = undefined;
      }
      if (!tx?.platform_order_id) throw new NotificationRejected('malformed', REPLY_BAD);
      // Not credited on the callback's word: Inquiry is the source of truth.
      const observation = await inquiry(tx.platform_order_id);
      return { dedupeKey: `result:${tx.platform_order_id}:${tx.tradeNo ?? ''}:${tx.status}`, kind: `result:${tx.status}`, observation, body: JSON.parse(text), reply: REPLY_OK };
    },

    query: (deposit: DepositRef) => inquiry(deposit.merchantRef),

    async refund(deposit: DepositRef) {
      const names = options.refundFields ?? REFUND_FIELDS;
      const payload = JSON.stringify({ [names.orderId]: deposit.merchantRef, [names.refundId]: deposit.refundRef, [names.amount]: deposit.amount / 100 });
      const body = await call('POST', '/platform/refund', payload);
      if (body.result !== '000') throw new Error(`JKO refused the refund: ${body.result}`);
    },
  };
}

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};
