import type { Config } from '../config.ts';
import type { Logger } from '../platform/logger.ts';
import { ecpayProvider } from './ecpay/adapter.ts';
import { jkoProvider } from './jko/adapter.ts';
import { SANDBOX_KEYS, startPaymentsSandbox, type PaymentsSandbox } from './sandbox/server.ts';
import { stripeProvider } from './stripe/adapter.ts';
import type { PaymentProvider, ProviderName } from './types.ts';

/**
 * The providers this deployment pays with. A provider whose keys are configured is live; without
 * keys it uses the local sandbox when PAYMENTS=sandbox (the default) and is off when PAYMENTS=live.
 * The sandbox starts in this process, on PAYMENTS_SANDBOX_PORT, only if some provider needs it —
 * and only ever on 127.0.0.1, whatever HOST the site listens on: its test controls (mark a barcode
 * paid, dispute a charge) and its published keys must not be reachable from another machine
 * (issue 28). A production start with a sandboxed provider is refused (platform/production-readiness.ts).
 */
/** Where the payments sandbox listens: this machine only. */
export const SANDBOX_HOST = '127.0.0.1';

export function createPaymentsRuntime(deps: { config: Config; logger: Logger; now: () => Date }) {
  const { config, logger } = deps;
  const providers = new Map<ProviderName, PaymentProvider>();
  let sandbox: PaymentsSandbox | undefined;
  let listenOrigin: string | undefined;

  const keyed = {
    stripe: Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET),
    ecpay: Boolean(config.ECPAY_MERCHANT_ID && config.ECPAY_HASH_KEY && config.ECPAY_HASH_IV),
    jko: Boolean(config.JKO_API_KEY && config.JKO_SECRET_KEY && config.JKO_STORE_ID),
  };
  const needsSandbox = config.PAYMENTS === 'sandbox' && !(keyed.stripe && keyed.ecpay && keyed.jko);

  /** Where providers reach this site: PUBLIC_URL, else the address it listens on. */
  const origin = () => config.PUBLIC_URL?.replace(/\/$/, '') ?? listenOrigin;

  return {
    /**
     * `serveSandbox: false` (a worker-only process): the sandbox runs in the api process; reach it
     * at 127.0.0.1:PAYMENTS_SANDBOX_PORT when that is fixed, else sandboxed providers stay off here.
     */
    async start({ serveSandbox = true } = {}) {
      if (providers.size) return;
      let sandboxUrl: URL | undefined;
      if (needsSandbox && !serveSandbox && config.PAYMENTS_SANDBOX_PORT) sandboxUrl = new URL(`http://127.0.0.1:${config.PAYMENTS_SANDBOX_PORT}`);
      if (needsSandbox && serveSandbox) {
        sandbox = await startPaymentsSandbox({
          host: SANDBOX_HOST,
          port: config.PAYMENTS_SANDBOX_PORT,
          now: () => deps.now(),
          stripeWebhookUrl: () => (origin() ? `${origin()}/api/payments/stripe/webhook` : undefined),
          onError: (error) => logger.warn({ err: error }, 'payments sandbox delivery failed'),
        });
        logger.info({ url: sandbox.url }, 'payments sandbox started (test payments)');
      }
      if (sandbox) sandboxUrl = new URL(sandbox.url);
      const sandboxBase = sandboxUrl?.origin;
      if (keyed.stripe) {
        providers.set('stripe', stripeProvider({ mode: 'live', secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, methods: config.STRIPE_METHODS }));
      } else if (sandboxUrl) {
        providers.set(
          'stripe',
          stripeProvider({
            mode: 'sandbox',
            ...SANDBOX_KEYS.stripe,
            methods: config.STRIPE_METHODS,
            api: { host: sandboxUrl.hostname, port: Number(sandboxUrl.port), protocol: 'http' },
          }),
        );
      }
      if (keyed.ecpay) {
        providers.set(
          'ecpay',
          ecpayProvider({ mode: 'live', merchantId: config.ECPAY_MERCHANT_ID!, hashKey: config.ECPAY_HASH_KEY!, hashIv: config.ECPAY_HASH_IV!, baseUrl: config.ECPAY_URL, barcodeExpireDays: config.ECPAY_BARCODE_EXPIRE_DAYS }),
        );
      } else if (sandboxBase) {
        providers.set('ecpay', ecpayProvider({ mode: 'sandbox', ...SANDBOX_KEYS.ecpay, baseUrl: `${sandboxBase}/ecpay`, barcodeExpireDays: config.ECPAY_BARCODE_EXPIRE_DAYS }));
      }
      if (keyed.jko) {
        providers.set('jko', jkoProvider({ mode: 'live', apiKey: config.JKO_API_KEY!, secretKey: config.JKO_SECRET_KEY!, storeId: config.JKO_STORE_ID!, baseUrl: config.JKO_URL, refundFields: config.JKO_REFUND_FIELDS }));
      } else if (sandboxBase) {
        providers.set('jko', jkoProvider({ mode: 'sandbox', ...SANDBOX_KEYS.jko, baseUrl: `${sandboxBase}/jko` }));
      }
    },
    provider: (name: ProviderName) => providers.get(name),
    all: () => [...providers.values()],
    get sandbox() {
      return sandbox;
    },
    origin,
    /** The address the HTTP server listens on (the default origin when PUBLIC_URL is unset). */
    setListenOrigin(url: string) {
      listenOrigin = url;
    },
    async close() {
      await sandbox?.close();
      sandbox = undefined;
      providers.clear();
    },
  };
}

export type PaymentsRuntime = ReturnType<typeof createPaymentsRuntime>;
