import { z } from 'zod';
import { paged } from './fields.ts';

/** Deposit currencies (issue 14, spec §3): GPoints are charged in USD, TWD or CNY. */
export const DEPOSIT_CURRENCIES = ['USD', 'TWD', 'CNY'] as const;
export type DepositCurrency = (typeof DEPOSIT_CURRENCIES)[number];

/**
 * How a member pays (spec §2: convenience-store barcode, card, credit card, WeChat Pay, Alipay,
 * JKO Pay). `card`, `wechat_pay`, `alipay`: Stripe's hosted Checkout. `tw_card`: ECPay's Taiwan
 * card page. `cvs_barcode`: an ECPay convenience-store barcode paid later. `jko`: JKO Pay.
 */
export const DEPOSIT_METHODS = ['card', 'wechat_pay', 'alipay', 'tw_card', 'cvs_barcode', 'jko'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const PAYMENT_PROVIDERS = ['stripe', 'ecpay', 'jko'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const DEPOSIT_STATES = ['created', 'pending', 'paid', 'failed', 'expired', 'refunded', 'held'] as const;
export type DepositStateName = (typeof DEPOSIT_STATES)[number];

/** POST /api/deposits: an amount in minor units (cents) of `currency`, paid by `method`. */
export const depositBody = z.object({
  amount: z.number({ error: 'required' }).int({ error: 'invalid' }).positive({ error: 'invalid' }).max(1_000_000_000, { error: 'invalid' }),
  currency: z.enum(DEPOSIT_CURRENCIES, { error: 'invalid' }),
  method: z.enum(DEPOSIT_METHODS, { error: 'invalid' }),
});
export type DepositBody = z.infer<typeof depositBody>;

/** What the browser does next to pay: follow a link, or post a form (ECPay's cashier is a top-level form post). */
export type PaymentStart = { kind: 'redirect'; url: string } | { kind: 'form'; action: string; fields: Record<string, string> };

export const depositView = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  method: z.enum(DEPOSIT_METHODS),
  currency: z.enum(DEPOSIT_CURRENCIES),
  /** Minor units. */
  amount: z.number().int(),
  /** GP hundredths credited (or to be credited). */
  points: z.number().int(),
  state: z.enum(DEPOSIT_STATES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** A store barcode's codes once issued. */
  barcode: z.array(z.string()).nullable(),
  /** How to (re)open the provider's page while the deposit is open; null otherwise. */
  start: z.unknown().nullable(),
  sandbox: z.boolean(),
});
export type DepositView = Omit<z.infer<typeof depositView>, 'start'> & { start: PaymentStart | null };
export const depositPage = paged(depositView);

export interface DepositOptions {
  /** True when payments go to the local provider sandboxes (the "test payments" banner). */
  sandbox: boolean;
  currencies: Array<{ currency: DepositCurrency; rate: { numerator: number; denominator: number }; min: number; max: number; presets: number[] }>;
  methods: Array<{ method: DepositMethod; provider: PaymentProviderName; currencies: DepositCurrency[]; sandbox: boolean }>;
  /** GP hundredths a member may still deposit today. */
  dailyRemaining: number;
}

/** Points a refund or chargeback could not take back (already spent): ordering waits until they are settled. */
export interface WalletDebtView {
  outstanding: number;
  debts: Array<{ id: string; refType: string; refId: string; amount: number; remaining: number; createdAt: string }>;
}
