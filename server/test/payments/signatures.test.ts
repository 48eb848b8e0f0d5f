import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { checkMacMatches, checkMacValue, ecpayDate, ecpayUrlEncode, parseEcpayDate } from '../../src/payments/ecpay/check-mac.ts';
import { jkoDigest, jkoDigestMatches } from '../../src/payments/jko/digest.ts';

// The public ECPay stage merchant (integrations.md §1.4).
const KEY = 'pwFHCqoQZGmho4w6';
const IV = 'EkRm7iFT261dpevs';

describe('ECPay CheckMacValue (official vectors, integrations.md §1.5)', () => {
  it('A: the create-order example of developers.ecpay.com.tw ?p=2902', () => {
    const params = {
      TradeDesc: '促銷方案',
      PaymentType: 'aio',
      MerchantTradeDate: '2023/03/12 15:30:23',
      MerchantTradeNo: 'ecpay20230312153023',
      MerchantID: '3002607',
      ReturnURL: 'https://www.ecpay.com.tw/receive.php',
      ItemName: 'Apple iphone 15',
      TotalAmount: '30000',
      ChoosePayment: 'ALL',
      EncryptType: '1',
    };
    expect(checkMacValue(params, KEY, IV)).toBe('6C51C9E6888DE861FD62FB1DD17029FC742634498FD813DC43D4243B5685B840');
  });

  it('B: the payment notification of SDK_PHP GetCheckoutResponse.php, and a tampered copy fails', () => {
    const params = {
      MerchantID: '3002607',
      MerchantTradeNo: 'WPLL4E341E122DB44D62',
      PaymentDate: '2019/05/09 00:01:21',
      PaymentType: 'Credit_CreditCard',
      PaymentTypeChargeFee: '1',
      RtnCode: '1',
      RtnMsg: '交易成功',
      SimulatePaid: '0',
      TradeAmt: '500',
      TradeDate: '2019/05/09 00:00:18',
      TradeNo: '1905090000188278',
    };
    const mac = '6E7F053EF215FC851A050A2FF01D72CBE440EA138DC3E905647985DDF236FD25';
    expect(checkMacValue(params, KEY, IV)).toBe(mac);
    expect(checkMacMatches({ ...params, CheckMacValue: mac }, KEY, IV)).toBe(true);
    expect(checkMacMatches({ ...params, CheckMacValue: mac.toLowerCase() }, KEY, IV)).toBe(true);
    expect(checkMacMatches({ ...params, TradeAmt: '5000', CheckMacValue: mac }, KEY, IV)).toBe(false);
  });

  it('C: the MD5 e-invoice example keeps empty values (RtnMsg=)', () => {
    // https://developers.ecpay.com.tw/?p=38242 with the e-invoice stage keys.
    const params = { MerchantID: '2000132', RtnCode: '1', RtnMsg: '', TimeStamp: '1527667200' };
    const withEmpty = checkMacValue(params, 'ejCk326UnaZWKisg', 'q9jcZX8Ib9LM8wYk', 'md5');
    expect(withEmpty).toMatch(/^[0-9A-F]{32}$/);
    const { RtnMsg: _dropped, ...without } = params;
    expect(checkMacValue(without, 'ejCk326UnaZWKisg', 'q9jcZX8Ib9LM8wYk', 'md5')).not.toBe(withEmpty);
  });

  it('encodes like .NET UrlEncode: ! * ( ) - _ . literal, ~ and quote encoded, space as +', () => {
    expect(ecpayUrlEncode("a b!*()-_.~'")).toBe("a+b!*()-_.%7e%27");
    expect(ecpayUrlEncode('HashKey=K&A=1')).toBe('hashkey%3dk%26a%3d1');
  });

  it("dates are Taiwan time in ECPay's format and read back", () => {
    const at = new Date('2026-03-01T16:05:09Z');
    expect(ecpayDate(at)).toBe('2026/03/02 00:05:09');
    expect(parseEcpayDate('2026/03/02 00:05:09')?.toISOString()).toBe(at.toISOString());
    expect(parseEcpayDate('yesterday')).toBeNull();
  });
});

describe('JKO Pay DIGEST (open-doc.jkos.com 加簽加密說明)', () => {
  it('reproduces the documented inquiry example', () => {
    expect(jkoDigest('QxN1X', 'platform_order_ids=87,88')).toBe('a0836fefb028ea7493118c8b5eb6752113f552ac8ef35f3cb8cda91808c77188');
    expect(jkoDigestMatches('QxN1X', 'platform_order_ids=87,88', 'A0836FEFB028EA7493118C8B5EB6752113F552AC8EF35F3CB8CDA91808C77188')).toBe(true);
    expect(jkoDigestMatches('QxN1X', 'platform_order_ids=87,89', 'a0836fefb028ea7493118c8b5eb6752113f552ac8ef35f3cb8cda91808c77188')).toBe(false);
  });
});

describe('Stripe webhook signatures (the stripe package, integrations.md §3.3)', () => {
  const stripe = new Stripe('sk_test_signature');
  const payload = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } });

  it('a header the package signs verifies; a changed body or secret does not', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_test').id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload.replace('evt_1', 'evt_2'), header, 'whsec_test')).toThrow(/signature/i);
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(/signature/i);
  });

  it('a signature older than the 300 s tolerance is refused', () => {
    const timestamp = Math.floor(Date.now() / 1000) - 301;
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test', timestamp });
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_test')).toThrow(/tolerance/i);
  });
});
