import { accountsWithPasswords } from './auth/service.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger } from './platform/logger.ts';
import { createPlatform, type Platform } from './platform/platform.ts';
import { describeRefusal, isProductionStart, PUBLISHED_DEMO_PASSWORDS, readinessProblems, startRefusals } from './platform/production-readiness.ts';
import { DEMO_MEMBER, seedDemo } from './seed/demo.ts';
import { mailFolder } from './mail/service.ts';
import { startServer } from './server.ts';
import { enrolmentUrl } from './staff/service.ts';

/** Process entry: config → platform (db, queues, bus) → http + sockets and/or workers, by ROLE. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  // Production never starts open (issue 28): every reason is named, and nothing has started yet.
  const refusals = startRefusals(config);
  if (refusals.length) {
    console.error(describeRefusal(refusals));
    process.exit(78); // EX_CONFIG
  }
  const logger = createLogger(config.LOG_LEVEL, { role: config.ROLE });
  const platform = await createPlatform(config, logger);
  await refuseDemoAccountsInProduction(config, platform);
  if (config.DEMO) logger.warn({ demo: true }, 'DEMO: not a production deployment (simulated parts, demo accounts with published passwords)');
  else if (isProductionStart(config) && config.ALLOW_SIMULATED) {
    logger.warn({ simulated: readinessProblems(config).map((p) => p.setting) }, 'production start with simulated parts (ALLOW_SIMULATED=true)');
  }
  const server = await startServer(platform, config.ROLE, config.PORT, config.HOST);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5000);
    force.unref();
    try {
      await server.stop();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

  if (config.SEED_DEMO && config.ROLE !== 'worker') {
    const demo = await seedDemo(platform, server.services);
    printWelcome(server.url, demo, config);
    // Without SMTP_URL, password-reset and verification emails are files: say where (README "Email").
    if (!config.SMTP_URL) console.log(`  Mail:      ${mailFolder(config)} (no SMTP_URL: each email is an .eml file here)\n`);
  } else if (server.url) {
    logger.info({ url: server.url, role: config.ROLE }, 'listening');
  } else {
    logger.info({ role: config.ROLE }, 'worker running');
  }
}

/**
/**
 * A data directory seeded as a demo and then started as production would keep the demo's accounts
 * and their published passwords (a supervisor among them): refused, by name, before anything listens.
 */
async function refuseDemoAccountsInProduction(config: Config, platform: Platform) {
  if (!isProductionStart(config)) return;
  const emails = await accountsWithPasswords(platform.db, [config.OPERATOR_EMAIL, 'operator@example.com', DEMO_MEMBER.email], PUBLISHED_DEMO_PASSWORDS);
  if (!emails.length) return;
  console.error(describeRefusal(emails.map((email) => ({ setting: 'accounts', reason: `${email} still signs in with a published demo password: change it or remove the account`, simulated: false }))));
  await platform.close();
  process.exit(78);
}

/**
 * The start-up banner. Passwords, live PIN codes and the enrolment link are printed only for the
 * demo or outside production; a production start names the accounts, never a secret (anything
 * printed ends up in a log somebody else can read; docs/security.md).
 */
function printWelcome(url: string | undefined, demo: Awaited<ReturnType<typeof seedDemo>>, config: Config) {
  const showSecrets = config.DEMO || config.NODE_ENV !== 'production';
  const secret = (value: string) => (showSecrets ? ` / ${value}` : ' (password not printed in production)');
  const mode = config.DEMO
    ? '  DEMO (DEMO=true): not a production deployment. Payments, purchases, results and odds are simulated; the accounts below have published passwords.'
    : isProductionStart(config)
      ? '' // production never seeds (platform/production-readiness.ts)
      : `  ${config.NODE_ENV} mode: not a production deployment.`;
  const lines = [
    '',
    `  GPoints platform is running${!config.DATABASE_URL ? ' (embedded mode: PostgreSQL and job queues in this process)' : ''}`,
    ...(mode ? [mode, '  Production: docs/money-controls.md ("Production start").'] : []),
    '',
    `  Open:      ${url}`,
    `  Member:    ${demo.member.email}${secret(demo.member.password)}`,
    `  Operator:  ${demo.operator.email}${secret(demo.operator.password)}`,
    ...(demo.operator.enrolmentToken && url && showSecrets
      ? [`  Console:   ${enrolmentUrl(config.PUBLIC_URL ?? url, demo.operator.enrolmentToken)}`, '             (single-use: sign in there with the operator password to enrol an authenticator app)']
      : []),
    ...(demo.pins.length && showSecrets ? ['  Demo PINs (100 GP each, one use):', ...demo.pins.map((p) => `             ${p}`)] : []),
    '',
    '  Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
