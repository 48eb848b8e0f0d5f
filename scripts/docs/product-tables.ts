import {
  CURRENCY_MINOR_DIGITS,
  DRAW_PRODUCTS,
  FOOTBALL_PRODUCT_CODE,
  HKJC_CONVENTIONS,
  HKS01_STAKE_RULES,
  KENO_PRODUCTS,
  type CurrencyCode,
  type LocalAmount,
} from '@gp/common';
import { escapeCell } from './markdown.ts';

/**
 * The product tables of docs/games.md, made from the catalogue in common/ (the data the server
 * sells and settles with), so the page cannot drift from it. Each row names the facts the data
 * marks `unconfirmed`: the rules pages show their sources to members, and a deployment may
 * override them (docs/configuration.md: KENO_RULE_OVERRIDES, DRAW_RULE_OVERRIDES).
 */

/** `{ amount: 2500, currency: 'TWD' }` → `TWD 25`; `{ amount: 140, currency: 'AUD' }` → `AUD 1.40`. */
export function money({ amount, currency }: LocalAmount): string {
  const digits = CURRENCY_MINOR_DIGITS[currency as CurrencyCode];
  const whole = Math.trunc(amount / 10 ** digits);
  const minor = amount % 10 ** digits;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${grouped}${minor ? `.${String(minor).padStart(digits, '0')}` : ''}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Words for the fields the catalogue marks: `sideBets.smallOdd` → `side bet small odd`. */
const LABELS: Record<string, string> = {
  maxMultiplier: 'maximum multiplier',
  sideBets: 'side bet',
  sideBetNoWinner: 'side bet without a winning side',
  caps: 'caps',
  unitStake: 'stake a unit',
  matrix: 'number pool',
  picks: 'numbers picked',
  prizeTable: 'prize table',
  multiDraw: 'multi-draw limit',
  calendar: 'calendar',
  salesCloseSeconds: 'sales cut-off',
  salesCloseMinutes: 'sales cut-off',
  intervalSeconds: 'interval',
  dailyWindow: 'daily hours',
  issueAnchor: 'issue numbering anchor',
  numbering: 'draw numbering',
  timezone: 'time zone',
  weekdays: 'weekdays',
  time: 'draw time',
  breaks: 'year-end break',
};
const words = (camel: string) => LABELS[camel] ?? camel.replace(/(?<=[a-z])[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/** The paths of every fact in `value` marked `confidence: 'unconfirmed'` (not descending into schedules). */
function unconfirmedPaths(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const own = (value as { confidence?: string }).confidence === 'unconfirmed' && path ? [path] : [];
  const nested = Object.entries(value).flatMap(([key, inner]) =>
    key === 'schedule' || key === 'calendar' ? [] : unconfirmedPaths(inner, path ? `${path}.${key}` : key),
  );
  return [...own, ...nested];
}

/** `['sideBets.odd', 'sideBets.even', 'caps']` → `side bets (odd, even); caps`. */
function factList(paths: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const path of paths) {
    const [head, ...rest] = path.split('.');
    groups.set(head!, [...(groups.get(head!) ?? []), ...(rest.length ? [rest.map(words).join(' ')] : [])]);
  }
  return [...groups].map(([head, parts]) => (parts.length ? `${words(head)}s (${parts.join(', ')})` : words(head))).join('; ') || '—';
}

/** `[1, 2, 3, 4, 5, 6]` → `Mon–Sat`; `[2, 4, 6]` → `Tue Thu Sat`. */
function weekdays(days: readonly number[]): string {
  const consecutive = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  return consecutive ? `${WEEKDAYS[days[0]!]}–${WEEKDAYS[days.at(-1)!]}` : days.map((d) => WEEKDAYS[d]).join(' ');
}

/** `Mark Six (六合彩)`, but `Powerball (Australia)` alone when the local name adds nothing. */
const productName = (p: { name: string; localName: string }) => (p.name.includes(p.localName) ? p.name : `${p.name} (${p.localName})`);

export function kenoTable(): string {
  const rows = Object.values(KENO_PRODUCTS).map((p) => {
    const s = p.schedule;
    const hours = s.dailyWindow ? `${s.dailyWindow.first}–${s.dailyWindow.last}` : 'around the clock';
    const draws = `every ${s.intervalSeconds / 60} min, ${hours} ${s.timezone}; sales close ${s.salesCloseSeconds} s before`;
    const unconfirmed = factList([...unconfirmedPaths(p), ...(s.unconfirmed ?? [])]);
    return `| \`${p.code}\` | ${productName(p)} | ${p.matrix.drawCount} of ${p.matrix.poolSize}, pick ${p.picks.min}–${p.picks.max} | ${money(p.unitStake)} | ${draws} | ${escapeCell(unconfirmed)} |`;
  });
  return ['| code | product | numbers | stake a unit | draws | unconfirmed |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

export function drawTable(): string {
  const rows = Object.values(DRAW_PRODUCTS).map((p) => {
    const c = p.calendar;
    const draws = `${weekdays(c.weekdays)} ${c.time} ${c.timezone}; sales close ${c.salesCloseMinutes} min before`;
    const zones = p.zones.map((z) => `${z.pick}/${z.poolSize}`).join(' + ') + (p.extra ? ' + extra' : '');
    const game = p.drawOf ? `plays on ${p.drawOf}'s draw` : zones;
    const sale = p.availability.onSale ? '' : ` **not on sale**: ${p.availability.reason}`;
    const unconfirmed = factList([...unconfirmedPaths(p), ...c.unconfirmed]);
    return `| \`${p.code}\` | ${productName(p)}${escapeCell(sale)} | ${game} | ${money(p.unitStake)} | ${draws} | ${p.table.confidence} | ${escapeCell(unconfirmed)} |`;
  });
  return ['| code | product | numbers | stake a line | draws (local time) | prize table | unconfirmed |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

/** Football's stake rules and settlement conventions, each with its confidence. */
export function footballFacts(): string {
  const r = HKS01_STAKE_RULES;
  const stake = (name: string, fact: LocalAmount & { confidence: string; source: string }) => `| ${name} | ${money(fact)} | ${fact.confidence} | ${escapeCell(fact.source)} |`;
  const conventions = Object.entries(HKJC_CONVENTIONS).map(([key, fact]) => {
    const provenance = 'provenance' in fact ? fact.provenance : fact;
    const value = Object.entries(fact)
      .filter(([name, v]) => name !== 'confidence' && name !== 'source' && typeof v !== 'object')
      .map(([name, v]) => `${words(name)}: ${String(v)}`)
      .join(', ');
    return `| ${words(key)} | ${escapeCell(value || 'see source')} | ${provenance.confidence} | ${escapeCell(provenance.source)} |`;
  });
  return [
    `\`${FOOTBALL_PRODUCT_CODE}\` (currency ${r.currency}):`,
    '',
    '| fact | value | confidence | source |',
    '|---|---|---|---|',
    stake('minimum stake a bet', { ...r.minUnitStake, currency: r.currency }),
    stake('stake step', { ...r.unitStakeStep, currency: r.currency }),
    stake('handicap minimum', { ...r.handicapMinimum, currency: r.currency }),
    stake('minimum purchase', { ...r.minimumPurchase, currency: r.currency }),
    `| handling fee | ${r.fees.bands.map((b) => `from ${money({ amount: b.fromStake, currency: r.currency })}: ${money({ amount: b.fixed, currency: r.currency })} + ${b.basisPoints / 100}%`).join('; ')} | ${r.fees.confidence} | ${escapeCell(r.fees.source)} |`,
    ...conventions,
  ].join('\n');
}
