import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './platform/logger.ts';
import { createPlatform } from './platform/platform.ts';
import { seedDemo } from './seed/demo.ts';
import { mailFolder } from './mail/service.ts';
import { startServer } from './server.ts';

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
  const logger = createLogger(config.LOG_LEVEL, { role: config.ROLE });
  const platform = await createPlatform(config, logger);
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
    printWelcome(server.url, demo, !config.DATABASE_URL, config.NODE_ENV !== 'production');
    // Without SMTP_URL, password-reset and verification emails are files: say where (README "Email").
    if (!config.SMTP_URL) console.log(`  Mail:      ${mailFolder(config)} (no SMTP_URL: each email is an .eml file here)\n`);
  } else if (server.url) {
    logger.info({ url: server.url, role: config.ROLE }, 'listening');
  } else {
    logger.info({ role: config.ROLE }, 'worker running');
  }
}

/**
 * The start-up banner. Passwords and live PIN codes are shown only outside production (the local
 * demo); in production the banner names the accounts and where the PINs are, never a secret
 * (issue 29 item 7: anything printed ends up in a log somebody else can read).
 */
function printWelcome(url: string | undefined, demo: Awaited<ReturnType<typeof seedDemo>>, embedded: boolean, showSecrets: boolean) {
  const secret = (value: string) => (showSecrets ? ` / ${value}` : ' (password not printed in production)');
  const lines = [
    '',
    `  GPoints platform is running${embedded ? ' (embedded mode: PostgreSQL and job queues in this process)' : ''}`,
    '',
    `  Open:      ${url}`,
    `  Member:    ${demo.member.email}${secret(demo.member.password)}`,
    `  Operator:  ${demo.operator.email}${secret(demo.operator.password)}`,
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
