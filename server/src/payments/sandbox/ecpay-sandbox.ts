import express, { Router } from 'express';
import { checkMacMatches, checkMacValue, ecpayDate } from '../ecpay/check-mac.ts';
import type { Deliverer } from './delivery.ts';
import { autoPost, escapeHtml, page } from './pages.ts';

export interface EcpaySandboxOptions {
  merchantId: string;
  hashKey: string;
  hashIv: string;
  now: () => Date;
  deliverer: Deliverer;
}

interface Trade {
  params: Record<string, string>;
  tradeNo: string;
  status: 'unpaid' | 'paid' | 'failed' | 'refunded';
  paymentType: string;
  tradeDate: Date;
  paidAt: Date | null;
  barcodes: string[] | null;
  expiresAt: Date | null;
}

/** ECPay's stage test card (ECPay's docs name one; the number is unconfirmed, see integrations.md §1.4). */
export const ECPAY_TEST_CARD = '4311952222222222';

/**
 * ECPay AIO as documented (integrations.md §1): the cashier takes a signed form post, shows a card
 * page or issues a BARCODE (PaymentInfoURL, RtnCode 10100073) that is paid later at a store counter
 * (ReturnURL, RtnCode 1), every notification signed with CheckMacValue and retried until the
 * merchant answers `1|OK` (retries say RtnMsg=paid). QueryTradeInfo/V5 (3-minute TimeStamp) and
 * DoAction refunds work on the same records.
 */
export function ecpaySandbox(options: EcpaySandboxOptions) {
  const trades = new Map<string, Trade>();
  const router = Router();
  const sign = (params: Record<string, string>) => ({ ...params, CheckMacValue: checkMacValue(params, options.hashKey, options.hashIv) });
  let serial = 0;
  const tradeNo = () => {
    serial += 1;
    return `${ecpayDate(options.now()).replace(/\D/g, '').slice(2, 10)}${String(serial).padStart(8, '0')}`.slice(0, 20);
  };

  function notify(url: string | undefined, fields: (attempt: number) => Record<string, string>) {
    if (!url) return;
    options.deliverer.send(
      'ecpay',
      url,
      (attempt) => ({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(sign(fields(attempt))).toString() }),
      (status, body) => status === 200 && body.trim() === '1|OK',
    );
  }

  const base = (trade: Trade) => ({
    MerchantID: options.merchantId,
    MerchantTradeNo: trade.params.MerchantTradeNo!,
    StoreID: '',
    TradeNo: trade.tradeNo,
    TradeAmt: trade.params.TotalAmount!,
    PaymentType: trade.paymentType,
    TradeDate: ecpayDate(trade.tradeDate),
    CustomField1: trade.params.CustomField1 ?? '',
    CustomField2: '',
    CustomField3: '',
    CustomField4: '',
  });

  function paid(trade: Trade, rtnCode = '1') {
    trade.status = rtnCode === '1' ? 'paid' : 'failed';
    trade.paidAt = options.now();
    notify(trade.params.ReturnURL, (attempt) => ({
      ...base(trade),
      RtnCode: rtnCode,
      RtnMsg: rtnCode !== '1' ? '交易失敗' : attempt === 0 ? '交易成功' : 'paid',
      PaymentDate: ecpayDate(trade.paidAt!),
      PaymentTypeChargeFee: '0',
      SimulatePaid: '0',
    }));
  }

  router.use(express.urlencoded({ extended: false, limit: '50kb' }));

  router.post('/ecpay/Cashier/AioCheckOut/V5', (req, res) => {
    const params = req.body as Record<string, string>;
    if (!checkMacMatches(params, options.hashKey, options.hashIv) || params.MerchantID !== options.merchantId) {
      return res.status(400).send(page('ECPay', 'ECPay', '<h1>CheckMacValue Error</h1>'));
    }
    const ref = params.MerchantTradeNo ?? '';
    if (!/^[A-Za-z0-9]{1,20}$/.test(ref) || !/^\d+$/.test(params.TotalAmount ?? '')) return res.status(400).send(page('ECPay', 'ECPay', '<h1>Parameter Error</h1>'));
    if (trades.has(ref)) return res.status(409).send(page('ECPay', 'ECPay', '<h1>訂單編號重複 (MerchantTradeNo already used)</h1>'));
    const choose = params.ChoosePayment;
    const trade: Trade = { params, tradeNo: tradeNo(), status: 'unpaid', paymentType: '', tradeDate: options.now(), paidAt: null, barcodes: null, expiresAt: null };
    trades.set(ref, trade);
    const amount = `NT$${escapeHtml(params.TotalAmount!)}`;
    if (choose === 'BARCODE') {
      trade.paymentType = 'BARCODE_BARCODE';
      const days = Number(params.StoreExpireDate ?? 7);
      trade.expiresAt = new Date(options.now().getTime() + days * 86_400_000);
      const d = ecpayDate(trade.expiresAt).replace(/\D/g, '');
      trade.barcodes = [`${d.slice(2, 8)}6G3`, `${trade.tradeNo.slice(-16).padStart(16, '0')}`, `${d.slice(4, 8)}${String(params.TotalAmount).padStart(9, '0')}00`];
      const info = {
        ...base(trade),
        RtnCode: '10100073',
        RtnMsg: 'Get CVS Code Succeeded.',
        ExpireDate: ecpayDate(trade.expiresAt),
        Barcode1: trade.barcodes[0]!,
        Barcode2: trade.barcodes[1]!,
        Barcode3: trade.barcodes[2]!,
      };
      notify(params.PaymentInfoURL, () => info);
      const codes = trade.barcodes.map((c) => `<code data-testid="sandbox-barcode">${escapeHtml(c)}</code>`).join('');
      const back = params.ClientRedirectURL
        ? `<form method="post" action="${escapeHtml(params.ClientRedirectURL)}">${Object.entries(sign(info))
            .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
            .join('')}<button type="submit">Return to the shop</button></form>`
        : '';
      return res.send(page('ECPay barcode', 'ECPay', `<h1>Pay ${amount} at a convenience store</h1><p>Show these barcodes at the counter before ${escapeHtml(ecpayDate(trade.expiresAt))}.</p>${codes}${back}`));
    }
    if (choose === 'Credit') {
      trade.paymentType = 'Credit_CreditCard';
      return res.send(
        page('ECPay card', 'ECPay', `<h1>Pay ${amount} by card</h1><form method="post" action="/ecpay/sandbox/card/${escapeHtml(ref)}">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" required>
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" required>
<label for="cvc">Security code</label><input id="cvc" name="cvc" required><button type="submit">Pay</button></form>
<p class="hint">Test card ${ECPAY_TEST_CARD} succeeds; any other number is declined.</p>`),
      );
    }
    return res.status(400).send(page('ECPay', 'ECPay', '<h1>ChoosePayment not supported by the sandbox</h1>'));
  });

  router.post('/ecpay/sandbox/card/:ref', (req, res) => {
    const trade = trades.get(req.params.ref);
    if (!trade || trade.status !== 'unpaid') return res.status(404).send(page('ECPay', 'ECPay', '<h1>No such open trade</h1>'));
    const ok = String((req.body as { number?: string }).number ?? '').replace(/\D/g, '') === ECPAY_TEST_CARD;
    paid(trade, ok ? '1' : '10100248');
    const back = trade.params.OrderResultURL;
    if (back) return res.send(autoPost(back, sign({ ...base(trade), RtnCode: ok ? '1' : '10100248', RtnMsg: ok ? 'Succeeded' : 'Declined', PaymentDate: ecpayDate(trade.paidAt!) }), 'ECPay'));
    res.send(page('ECPay', 'ECPay', ok ? '<h1>Paid</h1>' : '<h1>Declined</h1>'));
  });

  router.post('/ecpay/Cashier/QueryTradeInfo/V5', (req, res) => {
    const params = req.body as Record<string, string>;
    if (!checkMacMatches(params, options.hashKey, options.hashIv)) return res.status(400).send('CheckMacValue Error');
    // TimeStamp is valid for 3 minutes.
    if (Math.abs(Math.floor(options.now().getTime() / 1000) - Number(params.TimeStamp)) > 180) return res.status(400).send('TimeStamp Error');
    const trade = trades.get(params.MerchantTradeNo ?? '');
    const reply: Record<string, string> = trade
      ? {
          MerchantID: options.merchantId,
          MerchantTradeNo: trade.params.MerchantTradeNo!,
          TradeNo: trade.tradeNo,
          TradeAmt: trade.params.TotalAmount!,
          PaymentType: trade.paymentType,
          TradeDate: ecpayDate(trade.tradeDate),
          PaymentDate: trade.paidAt ? ecpayDate(trade.paidAt) : '',
          TradeStatus: trade.status === 'paid' ? '1' : trade.status === 'failed' ? '10200095' : '0',
          StoreID: '',
          CustomField1: trade.params.CustomField1 ?? '',
        }
      : { MerchantID: options.merchantId, MerchantTradeNo: params.MerchantTradeNo ?? '', TradeStatus: '10200047', TradeAmt: '0', TradeNo: '' };
    res.type('text/plain').send(new URLSearchParams(sign(reply)).toString());
  });

  router.post('/ecpay/CreditDetail/DoAction', (req, res) => {
    const params = req.body as Record<string, string>;
    if (!checkMacMatches(params, options.hashKey, options.hashIv)) return res.status(400).send('CheckMacValue Error');
    const trade = trades.get(params.MerchantTradeNo ?? '');
    const ok = trade?.status === 'paid' && trade.paymentType === 'Credit_CreditCard' && params.TradeNo === trade.tradeNo && params.Action === 'R';
    if (ok) trade.status = 'refunded';
    res.type('text/plain').send(new URLSearchParams({ MerchantID: options.merchantId, MerchantTradeNo: params.MerchantTradeNo ?? '', TradeNo: params.TradeNo ?? '', RtnCode: ok ? '1' : '0', RtnMsg: ok ? 'OK' : 'Refund refused' }).toString());
  });

  /** The member pays the barcode at a store counter (D+0 here; real BARCODE notifications come about D+2). */
  function payAtStore(merchantTradeNo: string): 'paid' | 'expired' | 'not_found' {
    const trade = trades.get(merchantTradeNo);
    if (!trade || trade.status !== 'unpaid' || !trade.barcodes) return 'not_found';
    if (trade.expiresAt && trade.expiresAt < options.now()) return 'expired';
    paid(trade);
    return 'paid';
  }

  return { router, payAtStore, trades };
}
