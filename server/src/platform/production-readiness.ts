import type { Config } from '../config.ts';

/**
 * Why a production start is refused (issue 28, docs/money-controls.md): with NODE_ENV=production
 * (and not DEMO=true, the embedded demo `npm start` runs) the server starts only when nothing below
 * holds. Each reason names its setting; `simulated` ones — a part of the platform that is a
 * simulation or a sandbox — are allowed by ALLOW_SIMULATED=true (a staging deployment that says so),
 * the others never are.
 *
 * One check per line in CHECKS: a new requirement of production is one more line there.
 */
export interface ReadinessProblem {
  /** The setting to change. */
  setting: string;
  reason: string;
  /** A simulated part or sandbox: allowed when ALLOW_SIMULATED=true. */
  simulated: boolean;
}

type Check = (config: Config) => ReadinessProblem | null;

/** The demo's published passwords (README, docker-compose.yml): never a production account's. */
export const PUBLISHED_DEMO_PASSWORDS = ['operator-pass-2026', 'demo-pass-2026'] as const;

const simulated = (setting: string, reason: string): ReadinessProblem => ({ setting, reason, simulated: true });
const never = (setting: string, reason: string): ReadinessProblem => ({ setting, reason, simulated: false });

/** Which payment providers would run on the local sandbox: PAYMENTS=sandbox and no keys of their own. */
function sandboxedProviders(config: Config) {
  if (config.PAYMENTS !== 'sandbox') return [];
  const keyed = {
    stripe: Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET),
    ecpay: Boolean(config.ECPAY_MERCHANT_ID && config.ECPAY_HASH_KEY && config.ECPAY_HASH_IV),
    jko: Boolean(config.JKO_API_KEY && config.JKO_SECRET_KEY && config.JKO_STORE_ID),
  };
  return Object.entries(keyed).filter(([, has]) => !has).map(([name]) => name);
}

const CHECKS: Check[] = [
  (c) => (sandboxedProviders(c).length ? simulated('PAYMENTS', `payments: ${sandboxedProviders(c).join(', ')} would pay through the local sandbox (no keys set); set their keys, or PAYMENTS=live to leave them off`) : null),
  (c) => (c.PURCHASE_GATEWAY === 'simulated' ? simulated('PURCHASE_GATEWAY', 'purchases: the simulated operator sells every ticket; use PURCHASE_GATEWAY=manual') : null),
  (c) => (c.RESULT_SOURCE === 'simulated' ? simulated('RESULT_SOURCE', 'keno results are drawn by our own seeded RNG; use RESULT_SOURCE=feeds (official result feeds) or manual') : null),
  (c) => (c.DRAW_RESULT_SOURCE === 'simulated' ? simulated('DRAW_RESULT_SOURCE', 'draw-lottery results and pool amounts are simulated; use DRAW_RESULT_SOURCE=feeds (official result feeds) or manual') : null),
  (c) => (c.FOOTBALL_RESULT_SOURCE === 'simulated' ? simulated('FOOTBALL_RESULT_SOURCE', 'football results are simulated; use FOOTBALL_RESULT_SOURCE=manual') : null),
  (c) => (c.ODDS_SOURCE === 'simulated' ? simulated('ODDS_SOURCE', 'football fixtures and odds come from our scoring model; use ODDS_SOURCE=hkjc') : null),
  (c) => (c.LINE_SANDBOX ? simulated('LINE_SANDBOX', 'LINE login is the local sandbox provider, which logs anyone in as anyone') : null),
  (c) => (c.SEED_DEMO ? never('SEED_DEMO', 'demo seeding is on: a demo member, demo PINs and the seeded supervisor with a published password') : null),
  // Password-reset links and security notices must reach members by email, not lie in files on the server (docs/security.md).
  (c) => (!c.SMTP_URL ? never('SMTP_URL', 'no mail server: password-reset links and security notices would be written to .eml files on this server instead of being emailed; set SMTP_URL=smtp://user:pass@host:587') : null),
  (c) => (c.STAFF_MFA !== 'required' ? never('STAFF_MFA', 'staff reach the back office with a password alone; STAFF_MFA=required') : null),
  (c) => ((PUBLISHED_DEMO_PASSWORDS as readonly string[]).includes(c.OPERATOR_PASSWORD) && c.SEED_DEMO ? never('OPERATOR_PASSWORD', 'the seeded operator would have the published demo password') : null),
];

/** Whether this start is held to production's rules: NODE_ENV=production, and not the demo. */
export const isProductionStart = (config: Pick<Config, 'NODE_ENV' | 'DEMO'>) => config.NODE_ENV === 'production' && !config.DEMO;

/** Every reason `config` is not a production deployment, simulated parts included. */
export function readinessProblems(config: Config): ReadinessProblem[] {
  return CHECKS.map((check) => check(config)).filter((problem): problem is ReadinessProblem => problem !== null);
}

/** What refuses this start: nothing outside production; in production every problem, less the simulated ones ALLOW_SIMULATED allows. */
export function startRefusals(config: Config): ReadinessProblem[] {
  if (!isProductionStart(config)) return [];
  return readinessProblems(config).filter((problem) => !(problem.simulated && config.ALLOW_SIMULATED));
}

/** The refusal as printed: one line per reason, and the ways out. */
export function describeRefusal(problems: ReadinessProblem[]): string {
  return [
    `Refusing to start with NODE_ENV=production (${problems.length} reason${problems.length === 1 ? '' : 's'}):`,
    ...problems.map((p) => `  - ${p.setting}: ${p.reason}${p.simulated ? ' [simulated: ALLOW_SIMULATED=true allows it]' : ''}`),
    'The embedded demo is `npm start` (DEMO=true). See docs/money-controls.md "Production start".',
  ].join('\n');
}
