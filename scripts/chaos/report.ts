/**
 * What a chaos run prints: one table (a row per mode × fault phase, plus the end-of-run audit),
 * the evidence of every failed check, the tails of the logs of a mode that failed, and the summary
 * line `Chaos: N passed, N failed` (one test per check per row) — always the last line.
 */
import path from 'node:path';
import type { AuditFigures, CheckResult } from './audit.ts';
import { CHECK_TITLES } from './audit.ts';
import type { FaultOutcome, Recovery } from './faults.ts';
import { tail } from './procs.ts';

export interface RowResult {
  mode: string;
  fault: string;
  startedAt: string;
  loadSeconds: number;
  settleSeconds: number;
  orders: { placed: number; terminal: number };
  /** Attempts that failed (network error, timeout, 5xx) and were retried with the same key. */
  failedAttempts: number;
  answers: { attempts: Record<string, number>; finals: Record<string, number> };
  uncertain: number;
  pins: { redeemed: number; points: number };
  /** Member socket disconnects by reason (socket.io-client's), since the row's start. */
  disconnects: Record<string, number>;
  outcome?: FaultOutcome;
  recovery?: Recovery;
  /** Per api node: /api/health answers (status or `no answer`) polled every 250 ms from the injection to the recovery. */
  healthDuringFault?: Record<string, Record<string, number>>;
  resyncMaxSeconds: number | null;
  /** Members of a returned api node whose socket never resynced. */
  resyncNever: number;
  checks: CheckResult[];
  figures?: AuditFigures;
  error?: string;
}

const CHECK_IDS = ['R', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

const cell = (check: CheckResult | undefined) => (!check || check.ok === null ? '–' : check.ok ? '✓' : `✗${check.offenders}`);
const secs = (s: number | null | undefined) => (s === null || s === undefined ? '–' : s.toFixed(1));

export function tally(rows: RowResult[], extraFailures = 0) {
  let passed = 0;
  let failed = extraFailures;
  for (const row of rows) {
    for (const check of row.checks) {
      if (check.ok === true) passed++;
      else if (check.ok === false) failed++;
    }
  }
  return { passed, failed };
}

export function printTable(rows: RowResult[], out: (line: string) => void) {
  const header = ['mode', 'fault', 'placed', 'terminal', 'faults', 'recovery h/o/p s', 'resync s', ...CHECK_IDS];
  const body = rows.map((r) => [
    r.mode,
    r.fault,
    String(r.orders.placed),
    String(r.orders.terminal),
    String(r.failedAttempts),
    r.recovery ? `${secs(r.recovery.healthSeconds)}/${secs(r.recovery.orderSeconds)}/${secs(r.recovery.purchaseSeconds)}` : '–',
    r.resyncNever ? `never×${r.resyncNever}` : secs(r.resyncMaxSeconds),
    ...CHECK_IDS.map((id) => (r.error && !r.checks.length ? '✗' : cell(r.checks.find((c) => c.id === id)))),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  out('');
  out(line(header));
  out(`  ${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const b of body) out(line(b));
  out('');
  out('  placed: orders answered 201 in the phase; terminal: of those, refunded (9) or settled at its audit;');
  out('  faults: attempts that failed (network error, timeout, 5xx) and were retried with the same Idempotency-Key;');
  out('  recovery: seconds from the restart to every api answering /api/health 200 / the first order placed / the first purchase;');
  out('  resync: slowest member socket back (reconnected + GET /api/me) after its api node answered again.');
  out(`  checks: ${CHECK_IDS.map((id) => `${id} ${CHECK_TITLES[id]}`).join('; ')}.`);
}

export function printDetails(rows: RowResult[], out: (line: string) => void) {
  const failures = rows.flatMap((r) => [
    ...(r.error ? [`${r.mode}/${r.fault}: ${r.error}`] : []),
    ...r.checks.filter((c) => c.ok === false).map((c) => `${r.mode}/${r.fault} ✗ ${c.id} (${c.title}), ${c.offenders} offender(s):\n${c.details.map((d) => `      - ${d}`).join('\n')}`),
  ]);
  if (failures.length) {
    out('');
    out('  Failed checks — evidence:');
    for (const failure of failures) out(`    ${failure}`);
  }
  const notes: string[] = [];
  for (const r of rows) {
    const f = r.figures;
    const codes = Object.entries(r.answers.attempts).filter(([k]) => !k.startsWith('2')).map(([k, n]) => `${k}×${n}`);
    if (codes.length) notes.push(`${r.mode}/${r.fault}: non-2xx attempts ${codes.join(', ')}`);
    if (r.healthDuringFault) {
      const seen = Object.entries(r.healthDuringFault).map(([node, counts]) => `${node} ${Object.entries(counts).map(([k, n]) => `${k}×${n}`).join(' ')}`);
      notes.push(`${r.mode}/${r.fault}: /api/health during the fault: ${seen.join('; ')}`);
    }
    if (r.uncertain) notes.push(`${r.mode}/${r.fault}: ${r.uncertain} request(s) never got a final answer`);
    if (r.fault !== 'end' && Object.keys(r.disconnects).length) {
      const ended = r.disconnects['io server disconnect'] ?? 0;
      notes.push(
        `${r.mode}/${r.fault}: socket disconnects ${Object.entries(r.disconnects).map(([k, n]) => `${k}×${n}`).join(', ')}` +
          (ended ? ` — ${ended} ended by the server, which socket.io-client does not reconnect by itself (the driver reconnects them)` : ''),
      );
    }
    if (!f) continue;
    if (f.lostAnswersAfterCommit) notes.push(`${r.mode}/${r.fault}: ${f.lostAnswersAfterCommit} order(s) whose answer was lost after the commit (a retry got it back)`);
    if (f.operatorTickets && (f.operatorTickets.forRefundedOrders || f.operatorTickets.purchasedWithoutTicket)) {
      notes.push(`${r.mode}/${r.fault}: simulated operator sold ${f.operatorTickets.total} ticket(s); ${f.operatorTickets.forRefundedOrders} for orders we refunded (flags: ${JSON.stringify(f.flags)}); ${f.operatorTickets.purchasedWithoutTicket} purchased order(s) without a ticket`);
    }
    if (f.outboxBacklog) notes.push(`${r.mode}/${r.fault}: ${f.outboxBacklog} outbox row(s) not yet delivered at the audit`);
  }
  if (notes.length) {
    out('');
    out('  Notes:');
    for (const note of notes) out(`    ${note}`);
  }
}

/** The tails of a mode's process logs, and their error-level lines (pino level ≥ 50). */
export function printLogTails(logFiles: string[], root: string, out: (line: string) => void, lines = 25) {
  for (const file of logFiles) {
    const all = tail(file, 100_000);
    if (!all.length) continue;
    const errors = all.filter((l) => (l.startsWith('{') ? /"level":(50|60)/.test(l) : /\bFATAL\b|\bPANIC\b|Error\b/.test(l)));
    out('');
    out(`  ── ${path.relative(root, file)}: ${errors.length} error line(s); the last ${Math.min(lines, all.length)} lines:`);
    for (const l of errors.slice(-8)) out(`    ! ${l.slice(0, 300)}`);
    for (const l of all.slice(-lines)) out(`    ${l.slice(0, 300)}`);
  }
}
