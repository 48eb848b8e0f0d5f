import type { FieldCode } from '../errors.ts';
import type { LocalAmount } from '../products/types.ts';
import { toPoints, type PointsRate } from '../settle/convert.ts';
import type { DivisionTable, DrawProduct, Zone } from './types.ts';

/**
 * Draw-lottery tickets: what a member asks for (entries, possibly system or banker), what that
 * expands to (single lines, each one play the operator sells), and what it costs.
 *
 * An entry lists numbers per zone. A zone with more numbers than the game needs is a system
 * (multiple) entry: every combination is bought. `bankers[z]` are numbers of zone z fixed in every
 * combination (膽拖 / Mark Six banker); the zone's other numbers are legs. Lines of one entry =
 * the product over zones of C(legs, pick − bankers).
 * Mark Six 7-number multiple → C(7, 6) = 7 lines; banker 2 + 5 legs → C(5, 4) = 5 lines.
 */
export interface DrawEntry {
  zones: number[][];
  /** Banker numbers per zone (same order as `zones`), listed apart from the legs in `zones[z]`. */
  bankers?: number[][];
}

export interface DrawTicketRequest {
  entries: DrawEntry[];
  /** Required for entries with more numbers than a zone needs (API.md `system`). */
  system?: boolean;
  /** 39樂合彩: `'2' | '3' | '4'` (二合/三合/四合). */
  play?: string;
  addOns?: string[];
  /** Mark Six HK$5 partial unit (system and banker entries only). */
  partialUnit?: boolean;
}

/** A single line: one sorted list of numbers per zone. */
export type DrawLine = number[][];

export interface DrawTicketProblem {
  code: 'validation_failed' | 'selection_exceeds_pick_count' | 'product_not_on_sale';
  fields?: Record<string, FieldCode>;
  details?: Record<string, unknown>;
}

/** The zones a line of `play` fills: 39樂合彩's single zone takes 2, 3 or 4 numbers by play. */
export function zonesOf(product: DrawProduct, play?: string): Zone[] {
  const type = playOf(product, play);
  if (!type) return [...product.zones];
  return product.zones.map((zone, i) => (i === 0 ? { ...zone, pick: type.pick, bankers: zone.bankers && { max: Math.min(zone.bankers.max, type.pick - 1) } } : zone));
}

/** 39樂合彩's play of that code, or `null` for products with one way to play (and for unknown codes). */
export function playOf(product: DrawProduct, play?: string) {
  return product.plays?.find((p) => p.code === play) ?? null;
}

/** The division table lines of `play` win from. */
export function tableOf(product: DrawProduct, play?: string): DivisionTable {
  return playOf(product, play)?.table ?? product.table;
}

/** C(n, k) as a safe integer (`Infinity` when it would not be one). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) {
    result = (result * (n - Math.min(k, n - k) + i)) / i;
    if (result > Number.MAX_SAFE_INTEGER) return Infinity;
  }
  return Math.round(result);
}

/** How many lines an entry expands to (without building them). @example Mark Six { zones: [[1..7]] } → 7 */
export function entryLineCount(zones: readonly Zone[], entry: DrawEntry): number {
  let lines = 1;
  zones.forEach((zone, z) => {
    const legs = entry.zones[z]?.length ?? 0;
    const bankers = entry.bankers?.[z]?.length ?? 0;
    lines *= choose(legs, zone.pick - bankers);
  });
  return lines;
}

function combinations(pool: readonly number[], k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= pool.length - (k - pick.length); i++) {
      pick.push(pool[i]!);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/**
 * The single lines an entry stands for, each zone sorted; in a stable order (zone by zone,
 * combinations in ascending order) so a line's index means the same thing at purchase and settlement.
 */
export function expandEntry(zones: readonly Zone[], entry: DrawEntry): DrawLine[] {
  let lines: DrawLine[] = [[]];
  zones.forEach((zone, z) => {
    const bankers = [...(entry.bankers?.[z] ?? [])].sort((a, b) => a - b);
    const legs = [...(entry.zones[z] ?? [])].sort((a, b) => a - b);
    const choices = combinations(legs, zone.pick - bankers.length).map((c) => [...bankers, ...c].sort((a, b) => a - b));
    lines = lines.flatMap((line) => choices.map((choice) => [...line, choice]));
  });
  return lines;
}

/** Every line of a ticket, entry by entry. */
export function expandTicket(product: DrawProduct, ticket: Pick<DrawTicketRequest, 'entries' | 'play'> & Partial<DrawTicketRequest>): DrawLine[] {
  const zones = zonesOf(product, ticket.play);
  return ticket.entries.flatMap((entry) => expandEntry(zones, entry));
}

const isWhole = (n: unknown): n is number => Number.isSafeInteger(n);

/**
 * Why a ticket cannot be bought, or `null`. Field codes (`validation_failed`), per API.md:
 * `entries.<i>.zones.<z>`: `number_out_of_range`, `duplicate_number` (also a banker repeated as a
 * leg), `too_many_numbers` (more than the zone's system limit), `invalid` (too few numbers, no
 * legs); `entries.<i>.bankers.<z>`: `too_many_numbers`, `invalid` (zone takes no bankers);
 * `entries`: `too_many_numbers` (more than `maxEntries`, or more than `maxLines` lines);
 * `play`, `addOns`, `partialUnit`: `invalid`. More numbers than a zone needs without `system`
 * (and without bankers) is `selection_exceeds_pick_count`. A product not on sale:
 * `product_not_on_sale`.
 *
 * Example: HKA01 `{ entries: [{ zones: [[1, 2, 3, 4, 5, 6, 7]] }] }` → `selection_exceeds_pick_count`;
 * with `system: true` → `null` (7 lines).
 */
export function validateDrawTicket(product: DrawProduct, ticket: DrawTicketRequest): DrawTicketProblem | null {
  if (!product.availability.onSale) return { code: 'product_not_on_sale', details: { reason: product.availability.reasonCode } };
  const fields: Record<string, FieldCode> = {};
  const flag = (field: string, code: FieldCode) => {
    fields[field] ??= code;
  };
  if (product.plays ? !playOf(product, ticket.play) : ticket.play !== undefined) flag('play', 'invalid');
  for (const code of ticket.addOns ?? []) if (!product.addOns.some((a) => a.code === code)) flag('addOns', 'invalid');
  if (new Set(ticket.addOns ?? []).size !== (ticket.addOns ?? []).length) flag('addOns', 'invalid');
  const zones = zonesOf(product, ticket.play);
  if (!Array.isArray(ticket.entries) || ticket.entries.length === 0) return { code: 'validation_failed', fields: { ...fields, entries: 'required' } };
  if (ticket.entries.length > product.maxEntries) flag('entries', 'too_many_numbers');

  let overPicked: { entry: number; zone: number; pick: number; selected: number } | null = null;
  let combination = false;
  let lines = 0;
  ticket.entries.forEach((entry, i) => {
    if (!Array.isArray(entry.zones) || entry.zones.length !== zones.length) {
      flag(`entries.${i}.zones`, 'invalid');
      return;
    }
    if (entry.bankers !== undefined && (!Array.isArray(entry.bankers) || entry.bankers.length > zones.length)) {
      flag(`entries.${i}.bankers`, 'invalid');
      return;
    }
    zones.forEach((zone, z) => {
      const at = `entries.${i}.zones.${z}`;
      const legs = entry.zones[z]!;
      const bankers = entry.bankers?.[z] ?? [];
      const seen = new Set<number>();
      for (const [list, path] of [[bankers, `entries.${i}.bankers.${z}`], [legs, at]] as const) {
        if (!Array.isArray(list)) {
          flag(path, 'invalid');
          continue;
        }
        for (const n of list) {
          if (!isWhole(n)) flag(path, 'invalid');
          else if (n < 1 || n > zone.poolSize) flag(path, 'number_out_of_range');
          else if (seen.has(n)) flag(path, 'duplicate_number');
          else seen.add(n);
        }
      }
      if (!Array.isArray(legs) || !Array.isArray(bankers)) return;
      if (bankers.length > 0) {
        combination = true;
        if (!zone.bankers) flag(`entries.${i}.bankers.${z}`, 'invalid');
        else if (bankers.length > zone.bankers.max) flag(`entries.${i}.bankers.${z}`, 'too_many_numbers');
      }
      const total = bankers.length + legs.length;
      if (total < zone.pick || (bankers.length > 0 && total === zone.pick)) flag(at, 'invalid');
      if (total > zone.pick) {
        combination = true;
        if (bankers.length === 0 && !ticket.system) overPicked ??= { entry: i, zone: z, pick: zone.pick, selected: total };
        else if (total > (zone.system?.maxNumbers ?? zone.pick)) flag(at, 'too_many_numbers');
      }
    });
    lines += entryLineCount(zones, entry);
  });
  if (lines > product.maxLines) flag('entries', 'too_many_numbers');
  if (ticket.partialUnit && (!product.partialUnit || !combination)) flag('partialUnit', 'invalid');
  if (Object.keys(fields).length) return { code: 'validation_failed', fields, details: lines > product.maxLines ? { lines, maxLines: product.maxLines } : undefined };
  if (overPicked) return { code: 'selection_exceeds_pick_count', details: overPicked };
  return null;
}

/** What one line stakes (minor units): the unit (or Mark Six's partial unit) plus each add-on. */
export function lineStake(product: DrawProduct, ticket: Pick<DrawTicketRequest, 'addOns' | 'partialUnit'>): number {
  const unit = ticket.partialUnit && product.partialUnit ? product.partialUnit.stake : product.unitStake.amount;
  let addOns = 0;
  for (const code of ticket.addOns ?? []) addOns += product.addOns.find((a) => a.code === code)?.stake ?? 0;
  return unit + addOns;
}

export interface DrawCost {
  lines: number;
  /** Per draw: stake with the operator and our service fee, in the product's currency. */
  stake: LocalAmount;
  fee: LocalAmount;
  /** Per draw, GP hundredths: (stake + fee) at the currency's rate, rounded up. */
  points: number;
  draws: number;
  /** All draws together, GP hundredths. */
  totalPoints: number;
}

/**
 * What a ticket costs: per draw, then for `draws` draws. `rate` is the deployment's POINTS_RATES
 * rate for the product's currency (GP hundredths per minor unit); the price is rounded up, never
 * in our favour by more than one hundredth.
 *
 * Example: HKA01, one 7-number multiple at HK$10 with a 10% fee, rate 32/250, 3 draws →
 * lines 7, stake HK$70 (7000), fee HK$7 (700), points ceil(7700 × 32 / 250) = 986, totalPoints 2958.
 */
export function drawTicketCost(product: DrawProduct, ticket: DrawTicketRequest, rate: PointsRate, draws = 1): DrawCost {
  const zones = zonesOf(product, ticket.play);
  let lines = 0;
  for (const entry of ticket.entries) lines += entryLineCount(zones, entry);
  const stake = lines * lineStake(product, ticket);
  const fee = Math.ceil((stake * product.serviceFeeBasisPoints) / 10_000);
  const exact = toPoints({ amount: stake + fee, currency: product.currency }, rate);
  // toPoints rounds down; a price rounds up when the conversion is not exact.
  const points = (BigInt(stake + fee) * BigInt(rate.numerator)) % BigInt(rate.denominator) === 0n ? exact : exact + 1;
  return { lines, stake: { amount: stake, currency: product.currency }, fee: { amount: fee, currency: product.currency }, points, draws, totalPoints: points * draws };
}

/**
 * What one plain line of a ticket of this kind costs (its play, add-ons and partial unit), fee
 * included, exactly as `drawTicketCost` prices a one-line ticket: the "price of one line" a screen
 * quotes is what a one-line order debits, to the hundredth.
 *
 * Example: HKA01 at HK$10 with a 10% fee, rate 32/250 → stake HK$10, fee HK$1, points
 * ceil(1100 × 32 / 250) = 141 (1.41 GP), not the 1.28 GP the stake alone converts to.
 */
export function drawLineCost(product: DrawProduct, ticket: Pick<DrawTicketRequest, 'play' | 'addOns' | 'partialUnit'>, rate: PointsRate): DrawCost {
  const line = { zones: zonesOf(product, ticket.play).map((zone) => Array.from({ length: zone.pick }, (_, i) => i + 1)) };
  return drawTicketCost(product, { ...ticket, entries: [line] }, rate);
}
