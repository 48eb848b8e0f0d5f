import type { CreatePayment, DepositRef, Observation, PaymentProvider, VerifiedNotification } from '../types.ts';
import { NotificationRejected } from '../types.ts';
import { decimalMinorUnits } from '../money.ts';
import { checkMacMatches, checkMacValue, ecpayDate, parseEcpayDate } from './check-mac.ts';

export interface EcpayOptions {
  mode: 'sandbox' | 'live';
  merchantId: string;
  hashKey: string;
  hashIv: string;
  /** `https://payment.ecpay.com.tw` (or -stage), or the sandbox's `/ecpay`. */
  baseUrl: string;
  barcodeExpireDays: number;
}

const OK = { status: 200, contentType: 'text/plain', body: '1|OK' };
const BAD_MAC = { status: 400, contentType: 'text/plain', body: '0|CheckMacValue Error' };
/** RtnCode of a code-retrieval notification that issued the code: ATM `2`, CVS/BARCODE `10100073`. */
const CODE_ISSUED = new Set(['2', '10100073']);

/**
 * ECPay AIO (全方位金流): the member's browser posts a signed form to ECPay's cashier (Taiwan credit
 * card, or a convenience-store BARCODE with an expiry); ECPay posts the code (PaymentInfoURL) and
 * the result (ReturnURL) to us, each with a CheckMacValue (SHA256), and expects `1|OK` back.
 * QueryTradeInfo/V5 answers where a trade stands; DoAction refunds card payments.
 */
export function ecpayProvider(options: EcpayOptions): PaymentProvider {
  const sign = (params: Record<string, string>) => ({ ...params, CheckMacValue: checkMacValue(params, options.hashKey, options.hashIv) });

  async function post(path: string, params: Record<string, string>) {
    const response = await fetch(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(sign(params)).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`ECPay ${path} answered ${response.status}`);
    return text;
  }

  return {
    name: 'ecpay',
    mode: options.mode,
    methods: [
      { method: 'cvs_barcode', currencies: ['TWD'] },
      { method: 'tw_card', currencies: ['TWD'] },
    ],

    async create(request: CreatePayment) {
      const back = `${request.notifyUrl('back')}?id=${request.depositId}`;
      const common: Record<string, string> = {
        MerchantID: options.merchantId,
        MerchantTradeNo: request.merchantRef,
        MerchantTradeDate: ecpayDate(request.now),
        PaymentType: 'aio',
        // Integer NT$ (our amounts are cents; the service allows whole dollars only).
        TotalAmount: String(request.amount / 100),
        TradeDesc: 'GPointsDeposit',
        ItemName: request.description,
        ReturnURL: request.notifyUrl('result'),
        EncryptType: '1',
        CustomField1: String(request.depositId),
        ClientBackURL: request.returnUrl,
      };
      if (request.method === 'cvs_barcode') {
        const expiresAt = new Date(request.now.getTime() + options.barcodeExpireDays * 86_400_000);
        const fields = sign({ ...common, ChoosePayment: 'BARCODE', StoreExpireDate: String(options.barcodeExpireDays), PaymentInfoURL: request.notifyUrl('info'), ClientRedirectURL: back });
        return { start: { kind: 'form', action: `${options.baseUrl}/Cashier/AioCheckOut/V5`, fields }, expiresAt };
      }
      const fields = sign({ ...common, ChoosePayment: 'Credit', OrderResultURL: back });
      return { start: { kind: 'form', action: `${options.baseUrl}/Cashier/AioCheckOut/V5`, fields } };
    },

    async verifyNotification(incoming): Promise<VerifiedNotification> {
      const params = Object.fromEntries(new URLSearchParams(incoming.rawBody.toString('utf8')));
      if (!params.MerchantTradeNo || !params.CheckMacValue) throw new NotificationRejected('malformed', BAD_MAC);
      if (!checkMacMatches(params, options.hashKey, options.hashIv) || params.MerchantID !== options.merchantId) {
        throw new NotificationRejected('signature', BAD_MAC);
      }
      const merchantRef = params.MerchantTradeNo;
      const code = params.RtnCode ?? '';
      let observation: Observation;
      if (incoming.channel === 'info') {
        observation = CODE_ISSUED.has(code)
          ? {
              outcome: 'barcode',
              merchantRef,
              providerTxnId: params.TradeNo ?? null,
              codes: [params.Barcode1, params.Barcode2, params.Barcode3, params.PaymentNo].filter((c): c is string => Boolean(c)),
              expiresAt: parseEcpayDate(params.ExpireDate),
            }
          : { outcome: 'failed', merchantRef, reason: `ecpay_${code}` };
      } else {
        observation =
          code === '1'
            ? {
                outcome: 'paid',
                merchantRef,
                providerTxnId: params.TradeNo ?? '',
                // Whole NT$ in decimal digits only (never `Number()`: it reads `0x12C` as 300).
                amount: decimalMinorUnits(params.TradeAmt, 0),
                amountText: params.TradeAmt ?? '',
                currency: 'TWD',
                // Paid with the dashboard's "simulate payment": ECPay says never deliver on it.
                simulated: params.SimulatePaid === '1',
              }
            : { outcome: 'failed', merchantRef, reason: `ecpay_${code}` };
      }
      // A retry of the same result differs only in RtnMsg ("paid" instead of 交易成功).
      return { dedupeKey: `${incoming.channel}:${merchantRef}:${params.TradeNo ?? ''}:${code}`, kind: `${incoming.channel}:${code}`, observation, body: params, reply: OK };
    },

    async query(deposit: DepositRef, now: Date): Promise<Observation> {
      const text = await post('/Cashier/QueryTradeInfo/V5', {
        MerchantID: options.merchantId,
        MerchantTradeNo: deposit.merchantRef,
        TimeStamp: String(Math.floor(now.getTime() / 1000)),
      });
      const reply = Object.fromEntries(new URLSearchParams(text));
      if (reply.CheckMacValue && !checkMacMatches(reply, options.hashKey, options.hashIv)) throw new Error('ECPay QueryTradeInfo reply failed its CheckMacValue');
      if (reply.TradeStatus === '1') {
        return { outcome: 'paid', merchantRef: deposit.merchantRef, providerTxnId: reply.TradeNo ?? '', amount: decimalMinorUnits(reply.TradeAmt, 0), amountText: reply.TradeAmt ?? '', currency: 'TWD' };
      }
      return { outcome: 'pending', merchantRef: deposit.merchantRef };
    },

    /**
     * DoAction has no idempotency field: the service claims `deposit.refundRef` on the deposit row
     * before calling here, so a refund reaches ECPay once however many times it is asked for.
     */
    async refund(deposit: DepositRef) {
      if (deposit.method !== 'tw_card' || !deposit.providerTxnId) throw new Error('only ECPay card payments can be refunded through the API');
      const text = await post('/CreditDetail/DoAction', {
        MerchantID: options.merchantId,
        MerchantTradeNo: deposit.merchantRef,
        TradeNo: deposit.providerTxnId,
        Action: 'R',
        TotalAmount: String(deposit.amount / 100),
      });
      const reply = Object.fromEntries(new URLSearchParams(text));
      if (reply.RtnCode !== '1') throw new Error(`ECPay refused the refund: ${reply.RtnMsg ?? text}`);
    },
  };
}
