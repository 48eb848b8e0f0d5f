import type { Operation } from './operation.ts';

/**
 * Everything the server answers besides the JSON API: the payment providers' notifications and
 * returns, the web app, Socket.IO's endpoint, BullMQ's dashboard, and the local sandboxes (the
 * payments sandbox on its own port, the LINE sandbox on the site). server/test/http/openapi-routes.test.ts
 * reads the running app's routes and fails on one missing here or in OPERATIONS.
 */
export const EDGE_OPERATIONS: Operation[] = [
  // Payment providers: mounted before the JSON parser, each signature checked over the raw body (docs/payments.md).
  { method: 'post', path: '/api/payments/stripe/webhook', audience: 'provider', requestType: 'application/json', responseType: 'application/json', summary: 'Stripe webhook (checkout.session.completed, async payment succeeded or failed, expired, charge.refunded, charge.dispute.created, and charge.refund.updated for a refund withdrawal, settled by lookup), verified by `Stripe-Signature` with STRIPE_WEBHOOK_SECRET (300 s tolerance); a deposit is credited once', errors: [] },
  { method: 'post', path: '/api/payments/ecpay/result', audience: 'provider', requestType: 'application/x-www-form-urlencoded', responseType: 'text/plain', summary: "ECPay's payment result (ReturnURL), verified by CheckMacValue (SHA256); answered `1|OK` once recorded", errors: [] },
  { method: 'post', path: '/api/payments/ecpay/info', audience: 'provider', requestType: 'application/x-www-form-urlencoded', responseType: 'text/plain', summary: "ECPay's code notification (PaymentInfoURL: a convenience-store barcode issued), verified by CheckMacValue; answered `1|OK`", errors: [] },
  { method: 'post', path: '/api/payments/jko/result', audience: 'provider', requestType: 'application/json', responseType: 'application/json', summary: "JKO Pay's result callback (result_url), checked by its DIGEST; a deposit is credited only for what the Inquiry API confirms", errors: [] },
  { method: 'get', path: '/api/payments/ecpay/back', audience: 'provider', status: 303, summary: "The member's browser back from ECPay (`?id=<deposit>`): redirected to the deposit's result page", errors: [] },
  { method: 'post', path: '/api/payments/ecpay/back', audience: 'provider', status: 303, requestType: 'application/x-www-form-urlencoded', summary: "The member's browser back from ECPay by form post (OrderResultURL, ClientRedirectURL): redirected to the deposit's result page", errors: [] },

  // The web app and the live connection.
  { method: 'get', path: '/', audience: 'web', responseType: 'text/html', summary: 'The web app; on ADMIN_HOST, a redirect to /admin (the back-office console)', errors: [] },
  { method: 'get', path: '/{page}', expressPath: String(/^(?!\/(api|socket\.io)\/).*/), audience: 'web', responseType: 'text/html', summary: "The web app's files (hashed assets cached for a year, the service worker revalidated), and index.html for any other path outside /api and /socket.io: the client routes it", errors: [] },
  { method: 'get', path: '/socket.io/', audience: 'realtime', summary: 'Socket.IO: `subscribe`/`unsubscribe` public channels, private `order`, `balance`, `inbox`, `support`, `queue_changed` events (docs/api.md)', errors: [] },
  { method: 'get', path: '/admin/queues', mount: true, audience: 'job-board', responseType: 'text/html', summary: "BullMQ's dashboard and its own API below this path; 403 for anyone but a signed-in supervisor", errors: [] },

  // LINE Login's sandbox: an OpenID Connect provider (oidc-provider) configured like LINE.
  { method: 'get', path: '/sandbox/line', mount: true, audience: 'sandbox', summary: 'LINE_SANDBOX=true (and no LINE channel set): an OpenID Connect provider configured like LINE (PKCE, client_secret_post, HS256 ID tokens) with its discovery document, authorize, token and sign-in pages below this path', errors: [] },

  // The payments sandbox (server/src/payments/sandbox/): its own HTTP server, speaking each provider's API.
  { method: 'post', path: '/v1/checkout/sessions', server: 'payments-sandbox', audience: 'sandbox', requestType: 'application/x-www-form-urlencoded', summary: "Stripe's API: create a Checkout Session (the `stripe` package is pointed here)", errors: [] },
  { method: 'get', path: '/v1/checkout/sessions/{id}', server: 'payments-sandbox', audience: 'sandbox', summary: "Stripe's API: a Checkout Session", errors: [] },
  { method: 'post', path: '/v1/checkout/sessions/{id}/expire', server: 'payments-sandbox', audience: 'sandbox', summary: "Stripe's API: expire an open Checkout Session", errors: [] },
  { method: 'post', path: '/v1/refunds', server: 'payments-sandbox', audience: 'sandbox', requestType: 'application/x-www-form-urlencoded', summary: "Stripe's API: refund a payment (sends `charge.refunded`)", errors: [] },
  { method: 'get', path: '/v1/refunds', server: 'payments-sandbox', audience: 'sandbox', summary: "Stripe's API: list a payment's refunds (`payment_intent`), newest first — what a retry looks up before it asks again", errors: [] },
  { method: 'get', path: '/stripe/checkout/{id}', server: 'payments-sandbox', audience: 'sandbox', responseType: 'text/html', summary: "Stripe's hosted checkout page: test cards 4242 4242 4242 4242 (paid), 4000 0000 0000 0002 (declined), 4000 0027 6000 3184 (3-D Secure)", errors: [] },
  { method: 'post', path: '/stripe/checkout/{id}/pay', server: 'payments-sandbox', audience: 'sandbox', requestType: 'application/x-www-form-urlencoded', responseType: 'text/html', summary: 'The hosted checkout page: pay by card', errors: [] },
  { method: 'get', path: '/stripe/checkout/{id}/3ds', server: 'payments-sandbox', audience: 'sandbox', responseType: 'text/html', summary: 'The hosted checkout page: the 3-D Secure challenge', errors: [] },
  { method: 'post', path: '/stripe/checkout/{id}/3ds', server: 'payments-sandbox', audience: 'sandbox', requestType: 'application/x-www-form-urlencoded', responseType: 'text/html', summary: 'The hosted checkout page: answer the 3-D Secure challenge', errors: [] },
  { method: 'post', path: '/stripe/checkout/{id}/wallet', server: 'payments-sandbox', audience: 'sandbox', requestType: 'application/x-www-form-urlencoded', responseType: 'text/html', summary: 'The hosted checkout page: pay with WeChat Pay or Alipay', errors: [] },
  { method: 'post', path: '/ecpay/Cashier/AioCheckOut/V5', server: 'payments-sandbox', audience: 'sandbox', requestType: 'application/x-www-form-urlencoded', responseType: 'text/html', summary: "ECPay's AIO checkout (a browser form post, CheckMacValue checked): the card page, or the barcodes to pay at a store", errors: [] },
  { method: 'post', path: '/ecpay/sandbox/card/{ref}', server: 'payments-sandbox', audience: 'sandbox', requestType: 'application/x-www-form-urlencoded', responseType: 'text/html', summary: "ECPay's card page: pay (stage card 4311 9522 2222 2222) or decline", errors: [] },
  { method: 'post', path: '/ecpay/Cashier/QueryTradeInfo/V5', server: 'payments-sandbox', audience: 'sandbox', requestType: 'application/x-www-form-urlencoded', responseType: 'text/plain', summary: "ECPay's QueryTradeInfo: a trade's state, signed", errors: [] },
  { method: 'post', path: '/ecpay/CreditDetail/DoAction', server: 'payments-sandbox', audience: 'sandbox', requestType: 'application/x-www-form-urlencoded', responseType: 'text/plain', summary: "ECPay's card refund (`Action=R`)", errors: [] },
  { method: 'post', path: '/jko/platform/entry', server: 'payments-sandbox', audience: 'sandbox', summary: "JKO Pay's Entry API: create an order (DIGEST checked), answers its payment URL", errors: [] },
  { method: 'get', path: '/jko/platform/inquiry', server: 'payments-sandbox', audience: 'sandbox', summary: "JKO Pay's Inquiry API: orders' states (`platform_order_ids`)", errors: [] },
  { method: 'post', path: '/jko/platform/refund', server: 'payments-sandbox', audience: 'sandbox', summary: "JKO Pay's Refund API (field names as JKO_REFUND_FIELDS)", errors: [] },
  { method: 'get', path: '/jko/pay/{id}', server: 'payments-sandbox', audience: 'sandbox', responseType: 'text/html', summary: "JKO Pay's payment page", errors: [] },
  { method: 'post', path: '/jko/pay/{id}', server: 'payments-sandbox', audience: 'sandbox', requestType: 'application/x-www-form-urlencoded', status: 303, summary: "JKO Pay's payment page: pay or cancel; sends the result callback and returns the browser", errors: [] },
  { method: 'post', path: '/__sandbox/ecpay/pay', server: 'payments-sandbox', audience: 'sandbox', summary: 'Test control: pay a convenience-store barcode as at a store counter, `{ "merchantTradeNo": "GP…" }` (409 when it expired)', errors: [] },
  { method: 'post', path: '/__sandbox/stripe/dispute', server: 'payments-sandbox', audience: 'sandbox', summary: 'Test control: open a dispute on a payment, `{ "paymentIntent": "pi_…" }` (sends `charge.dispute.created`)', errors: [] },
  { method: 'get', path: '/__sandbox/notifications', server: 'payments-sandbox', audience: 'sandbox', summary: 'Test control: every notification the sandbox sent, with its attempts', errors: [] },
  { method: 'post', path: '/__sandbox/delivery', server: 'payments-sandbox', audience: 'sandbox', summary: 'Test control: how notifications are delivered, `{ "duplicates": 3 }` or `{ "holdBack": true }`', errors: [] },
  { method: 'post', path: '/__sandbox/flush', server: 'payments-sandbox', audience: 'sandbox', summary: 'Test control: deliver held-back notifications, newest first', errors: [] },
];
