import crypto from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';

const USAGE = `usage:
  npm run staff -- create --email EMAIL --name NAME [--password-stdin] [--url https://your.site]
      the first supervisor: once, while there is none. Prints the password (generated unless one
      is piped in with --password-stdin, at least 12 characters) and a single-use enrolment link.
  npm run staff -- enrol-link --email EMAIL [--url https://your.site]
      a new single-use enrolment link for a staff member who has not enrolled an authenticator yet
      (the first link expired, or was lost). Every later staff member gets theirs from a supervisor.`;

/**
 * How a production deployment gets its first supervisor (docs/money-controls.md): there is no
 * seeded account and no default password; this command makes one, with a password it generates
 * (or is given on stdin), and a single-use link that enrols their authenticator — the password
 * alone does not. Run it once against the deployment's database (DATABASE_URL, or DATA_DIR's
 * embedded one); in the Docker image: `node server/dist/server/src/staff/cli.js create …`.
 */
async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, url: { type: 'string' }, 'password-stdin': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  const [command] = positionals;
  const email = values.email?.trim().toLowerCase() ?? '';
  const validEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254;
  if (values.help || positionals.length !== 1 || !validEmail || (command === 'create' && !values.name?.trim()) || (command !== 'create' && command !== 'enrol-link')) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const password = command === 'create' ? (values['password-stdin'] ? await passwordFromStdin() : generatedPassword()) : undefined;
  if (password !== undefined && password.length < 12) {
    console.error('the password must have at least 12 characters');
    process.exit(2);
  }

  // Only now the database side: a usage error answers at once, without loading it.
  const [{ loadConfig }, { openForCommandLine }, { createFirstSupervisor, issueLinkByEmail }, { enrolmentUrl }] = await Promise.all([
    import('../config.ts'),
    import('../db/command-line.ts'),
    import('./first-supervisor.ts'),
    import('./enrolment.ts'),
  ]);
  const config = loadConfig();
  const { db, secret, close } = await openForCommandLine(config);
  const origin = values.url ?? config.PUBLIC_URL ?? '';
  const via = { via: 'command line', osUser: os.userInfo().username };
  try {
    const link =
      command === 'create'
        ? await createFirstSupervisor({ db, secret, config }, { email, name: values.name!.trim(), password: password! }, via)
        : await issueLinkByEmail({ db, secret, config }, email, via);
    const lines = [
      ...(command === 'create' ? [`supervisor ${email} created`, `password:        ${password}`] : []),
      `enrolment link:  ${enrolmentUrl(origin, link.token)}`,
      `                 (single use, until ${link.expiresAt.toISOString()}; open it, sign in with the password, scan the code)`,
      ...(origin ? [] : ['                 (no PUBLIC_URL or --url: put the site address in front of /admin)']),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await close();
  }
  process.exit(0);
}

/** 24 characters of an unambiguous alphabet: about 140 bits, and readable over the phone. */
function generatedPassword() {
  const alphabet = '23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  let out = '';
  while (out.length < 24) {
    const byte = crypto.randomBytes(1)[0]!;
    if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length];
  }
  return out;
}

async function passwordFromStdin() {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

main().catch(async (error) => (await import('../db/command-line.ts')).failCommandLine(error));
