import http from 'node:http';
import express from 'express';
import { createDeliverer, type DeliveryRules } from './delivery.ts';
import { ecpaySandbox } from './ecpay-sandbox.ts';
import { jkoSandbox } from './jko-sandbox.ts';
import { stripeSandbox } from './stripe-sandbox.ts';

/**
 * The test credentials the sandbox and our adapters share. ECPay's are its public stage merchant
 * (integrations.md §1.4); Stripe's and JKO's are made up (test keys, never accepted by the real ones).
 */
export const SANDBOX_KEYS = {
  stripe: { secretKey: 'sk_test_gpoints_sandbox', webhookSecret: 'whsec_gpoints_sandbox' },
  ecpay: { merchantId: '3002607', hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' },
  jko: { apiKey: 'jko_test_api_key', secretKey: 'jko_test_secret_key', storeId: 'gpoints-test-store' },
} as const;

export interface SandboxOptions {
  host: string;
  port: number;
  now: () => Date;
  /** Where the Stripe sandbox sends its webhook events (set once the site knows its address). */
  stripeWebhookUrl: () => string | undefined;
  delivery?: Partial<DeliveryRules>;
  onError: (error: unknown) => void;
}

export type PaymentsSandbox = Awaited<ReturnType<typeof startPaymentsSandbox>>;

/**
 * The local provider sandbox (README "Deposits"): one small HTTP service speaking Stripe's API at
 * `/v1` (the `stripe` package is pointed at it with host/port/protocol), ECPay's at `/ecpay` and
 * JKO Pay's at `/jko`, with their hosted pages. Test controls live under `/__sandbox`.
 */
export async function startPaymentsSandbox(options: SandboxOptions) {
  // ECPay retries every 5–15 minutes, up to 4 more times; the sandbox keeps the count, shortened.
  const deliverer = createDeliverer({ retryDelaysMs: [2_000, 5_000, 10_000, 20_000], duplicates: 0, holdBack: false, ...options.delivery }, options.onError);
  let url = '';
  const baseUrl = () => url;
  const stripe = stripeSandbox({ ...SANDBOX_KEYS.stripe, webhookUrl: options.stripeWebhookUrl, baseUrl, now: options.now, deliverer });
  const ecpay = ecpaySandbox({ ...SANDBOX_KEYS.ecpay, now: options.now, deliverer });
  const jko = jkoSandbox({ ...SANDBOX_KEYS.jko, baseUrl, now: options.now, deliverer });

  const app = express();
  app.disable('x-powered-by');
  app.use(stripe.api);
  app.use(stripe.pages);
  app.use(ecpay.router);
  app.use(jko.router);

  // Test controls: what a tester does in each provider's dashboard or at a store counter.
  const control = express.Router();
  control.use(express.json());
  control.post('/ecpay/pay', (req, res) => {
    const outcome = ecpay.payAtStore(String((req.body as { merchantTradeNo?: string }).merchantTradeNo ?? ''));
    res.status(outcome === 'paid' ? 200 : outcome === 'expired' ? 409 : 404).json({ outcome });
  });
  control.post('/stripe/dispute', (req, res) => {
    const ok = stripe.dispute(String((req.body as { paymentIntent?: string }).paymentIntent ?? ''));
    res.status(ok ? 200 : 404).json({ ok });
  });
  control.get('/notifications', (_req, res) => res.json(deliverer.log));
  control.post('/delivery', (req, res) => {
    Object.assign(deliverer.rules, req.body as Partial<DeliveryRules>);
    res.json(deliverer.rules);
  });
  control.post('/flush', async (_req, res) => {
    await deliverer.flush();
    res.json({ ok: true });
  });
  app.use('/__sandbox', control);

  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  url = `http://${host}:${port}`;

  return {
    url,
    host,
    port,
    /** Its Express app (the OpenAPI test reads its routes). */
    app,
    deliverer,
    ecpay,
    stripe,
    jko,
    async close() {
      deliverer.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
