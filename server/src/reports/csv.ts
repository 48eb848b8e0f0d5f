import type { DailyReport, Reconciliation } from '@gp/common';

/**
 * The CSV exports of the daily report and the reconciliation: GP as the screens show it, with two
 * decimals (`12.50`, never the hundredths `1250`), a product's own money likewise in its major unit
 * with its currency in the next column, one header line, RFC 4180 quoting.
 */

/** GP hundredths as GP with two decimals: `gp(1250)` → `12.50`, `gp(-5)` → `-0.05`. */
export function gp(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const cell = (value: string | number) => {
  const text = String(value);
  // A leading = + - @ would be a formula to a spreadsheet: prefixed with a quote (codes and causes only; amounts are numbers).
  const safe = typeof value === 'string' && /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};
const line = (cells: Array<string | number>) => cells.map(cell).join(',');

export function dailyReportCsv(report: DailyReport): string {
  const lines = [line(['date', 'time_zone', 'section', 'item', 'currency', 'count', 'money', 'stake', 'fees', 'gp_charged', 'gp_refunds', 'gp_prizes', 'gp_credits', 'gp_debits', 'trial_orders'])];
  for (const day of report.days) {
    for (const p of day.products) {
      lines.push(line([day.date, report.timeZone, 'product', p.productCode, p.stake.currency, p.orders, '', gp(p.stake.amount), gp(p.fees.amount), gp(p.charged), gp(p.refunds), gp(p.prizes), '', '', p.trialOrders]));
    }
    lines.push(line([day.date, report.timeZone, 'total', 'orders', '', day.totals.orders, '', '', '', gp(day.totals.charged), gp(day.totals.refunds), gp(day.totals.prizes), '', '', '']));
    for (const d of day.deposits) lines.push(line([day.date, report.timeZone, 'deposit', d.method, d.currency, d.count, gp(d.amount), '', '', '', '', '', gp(d.points), '', '']));
    lines.push(line([day.date, report.timeZone, 'pins', 'redeemed', '', day.pins.count, '', '', '', '', '', '', gp(day.pins.points), '', '']));
    lines.push(line([day.date, report.timeZone, 'adjustments', 'posted', '', day.adjustments.count, '', '', '', '', '', '', gp(day.adjustments.credits), gp(day.adjustments.debits), '']));
    // Withdrawals: what left balances (held) and came back (returned) as debits and credits; `paid_from_held` is the part of
    // earlier holds the bank paid out that day (no posting of its own: summing it with the debits would count it twice).
    const w = day.withdrawals;
    lines.push(line([day.date, report.timeZone, 'withdrawals', 'requested', '', w.requested.count, '', '', '', '', '', '', '', gp(w.requested.points), '']));
    lines.push(line([day.date, report.timeZone, 'withdrawals', 'paid_from_held', '', w.paid.count, '', '', '', '', '', '', '', gp(w.paid.points), '']));
    lines.push(line([day.date, report.timeZone, 'withdrawals', 'returned', '', w.returned.count, '', '', '', '', '', '', gp(w.returned.points), '', '']));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function reconciliationCsv(rec: Reconciliation): string {
  const lines = [line(['date', 'time_zone', 'row', 'check', 'cause', 'ref_type', 'ref_id', 'gp_expected', 'gp_actual', 'ok'])];
  for (const f of rec.figures) lines.push(line([rec.date, rec.timeZone, 'figure', f.check, '', '', '', gp(f.expected), gp(f.actual), f.ok ? 'yes' : 'no']));
  for (const m of rec.mismatches) lines.push(line([rec.date, rec.timeZone, 'mismatch', m.check, m.cause, m.refType, m.refId, m.expected === null ? '' : gp(m.expected), m.actual === null ? '' : gp(m.actual), 'no']));
  return `${lines.join('\r\n')}\r\n`;
}
