import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * Security headers on every answer (issue 29 item 2, ASVS V14.4), set by helmet:
 *
 * - a Content-Security-Policy that runs only this site's own scripts (no inline script: the client
 *   has none, its theme script is /theme-boot.js), including the service worker (`worker-src`);
 *   connections go to this site (API, Socket.IO) and to the Elastic APM server when one is set;
 *   images may be `data:` (the TOTP QR code) and `blob:` (scans the client fetched); inline styles
 *   are allowed (React's `style` attributes); forms may post to this site and to payment providers
 *   (https; the local sandboxes in sandbox mode); nothing may frame the site (`frame-ancestors 'none'`);
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`,
 *   `Cross-Origin-Opener-Policy: same-origin`, `X-Frame-Options: DENY` for older browsers;
 * - `Strict-Transport-Security` (two years, subdomains) only when PUBLIC_URL is https: over plain
 *   http (the demo on localhost) it would be ignored or, worse, pin a host that has no TLS.
 *
 * Stored uploads replace the CSP with a sandboxing one of their own (platform/http.ts `sendStoredFile`).
 */
export function securityHeaders(config: Pick<Config, 'PUBLIC_URL' | 'APM_SERVER_URL' | 'PAYMENTS'>) {
  const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
  const apm = config.APM_SERVER_URL ? [new URL(config.APM_SERVER_URL).origin] : [];
  const localSandboxes = config.PAYMENTS === 'sandbox' ? ['http://127.0.0.1:*', 'http://localhost:*'] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...apm],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https:', ...localSandboxes],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Same-site only: the PWA's files and the API are this site's; nothing else should embed them.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
