/**
 * The number picker's state (what the member has tapped), kept apart from the lottery's rules:
 * how many numbers a zone takes, how far a system entry may go and whether bankers are allowed
 * come from the product (`PickerZone`, built from common's product data in `picker-zones.ts`);
 * whether a finished ticket is valid, how it expands and what it costs are common's functions.
 * This file only keeps taps inside those limits so the board never shows an impossible ticket.
 */

import { cryptoRandomBelow } from '../../shared/random/crypto-random.ts';

/** One number zone as the picker needs it: "6 of 1–49" (`from` 1, `to` 49, `pick` 6). */
export interface PickerZone {
  from: number;
  to: number;
  /** How many numbers a standard line picks in this zone. */
  pick: number;
  /** The most numbers a system (multiple) entry may choose here; `pick` when the zone takes no system. */
  systemMax: number;
  /** The most banker (膽) numbers a line may fix in this zone; 0 when the zone takes none. */
  bankerMax: number;
}

/**
 * How the ticket is entered: `standard` lines of exactly `pick` numbers each, one `system`
 * (multiple) entry with more numbers than the matrix needs, or one `banker` entry (膽拖: bankers
 * kept on every line, legs filling the rest).
 */
export type EntryMode = 'standard' | 'system' | 'banker';

/** One line (or the one system/banker entry): per zone, the numbers chosen and the bankers among them. */
export interface PickerLine {
  /** Legs: every chosen number that is not a banker, per zone, ascending. */
  numbers: readonly (readonly number[])[];
  /** Banker numbers per zone, ascending (always empty outside banker mode). */
  bankers: readonly (readonly number[])[];
}

export const emptyLine = (zones: readonly PickerZone[]): PickerLine => ({
  numbers: zones.map(() => []),
  bankers: zones.map(() => []),
});

/** The most numbers (bankers and legs together) a zone may hold in `mode`. */
export function zoneCapacity(zone: PickerZone, mode: EntryMode): number {
  return mode === 'standard' ? zone.pick : Math.max(zone.pick, zone.systemMax);
}

/** How many numbers of a zone are chosen (bankers and legs). */
export const chosenCount = (line: PickerLine, zone: number) => (line.numbers[zone]?.length ?? 0) + (line.bankers[zone]?.length ?? 0);

export type ToggleTarget = 'numbers' | 'bankers';

export type PickerToggle =
  | { ok: true; line: PickerLine }
  /**
   * `full`: the zone holds as many numbers as this entry takes; `bankers_full`: the zone's banker
   * limit is reached (a banker entry keeps at least one leg, so never more than `pick - 1`);
   * `no_bankers`: this zone takes none.
   */
  | { ok: false; reason: 'full' | 'bankers_full' | 'no_bankers' };

const sorted = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b);

const replaceAt = <T,>(list: readonly T[], index: number, value: T): T[] => list.map((item, i) => (i === index ? value : item));

/**
 * Taps number `n` of zone `zoneIndex`: a chosen number (leg or banker) is removed; a new one is
 * added as a leg or, with `target` `bankers`, as a banker, unless the zone is already full for
 * the entry mode. Removing always works.
 *
 * Example (Mark Six, 6 of 49, system up to 10): standard with 6 chosen → adding a 7th is
 * `{ ok: false, reason: 'full' }`; system → accepted; banker with 5 bankers → `bankers_full`.
 */
export function toggleNumber(line: PickerLine, zones: readonly PickerZone[], zoneIndex: number, n: number, mode: EntryMode, target: ToggleTarget = 'numbers'): PickerToggle {
  const zone = zones[zoneIndex];
  if (!zone) return { ok: false, reason: 'full' };
  const legs = line.numbers[zoneIndex] ?? [];
  const bankers = line.bankers[zoneIndex] ?? [];
  if (legs.includes(n)) return { ok: true, line: { ...line, numbers: replaceAt(line.numbers, zoneIndex, legs.filter((x) => x !== n)) } };
  if (bankers.includes(n)) return { ok: true, line: { ...line, bankers: replaceAt(line.bankers, zoneIndex, bankers.filter((x) => x !== n)) } };
  if (n < zone.from || n > zone.to) return { ok: false, reason: 'full' };
  if (legs.length + bankers.length >= zoneCapacity(zone, mode)) return { ok: false, reason: 'full' };
  if (target === 'bankers' && mode === 'banker') {
    if (zone.bankerMax <= 0) return { ok: false, reason: 'no_bankers' };
    if (bankers.length >= Math.min(zone.bankerMax, zone.pick - 1)) return { ok: false, reason: 'bankers_full' };
    return { ok: true, line: { ...line, bankers: replaceAt(line.bankers, zoneIndex, sorted([...bankers, n])) } };
  }
  return { ok: true, line: { ...line, numbers: replaceAt(line.numbers, zoneIndex, sorted([...legs, n])) } };
}

/**
 * How many legs quick pick leaves in a zone: a standard line gets exactly `pick`; a system entry
 * keeps its size (at least one more than `pick`, the smallest system); a banker entry fills its
 * legs so bankers and legs together are one more than `pick` (the smallest banker entry).
 */
function quickPickTarget(zone: PickerZone, mode: EntryMode, chosen: number, bankers: number): number {
  if (mode === 'standard' || zone.systemMax <= zone.pick) return zone.pick - bankers;
  return Math.min(zoneCapacity(zone, mode), Math.max(chosen, zone.pick + 1)) - bankers;
}

/**
 * Quick pick for one line: keeps what the member chose and fills every zone at random up to the
 * entry's size (see `quickPickTarget`). `randomBelow` is injectable for tests.
 */
export function quickPickLine(line: PickerLine, zones: readonly PickerZone[], mode: EntryMode, randomBelow: (bound: number) => number = cryptoRandomBelow): PickerLine {
  const numbers = zones.map((zone, i) => {
    const bankers = line.bankers[i] ?? [];
    const legs = line.numbers[i] ?? [];
    const target = Math.max(0, quickPickTarget(zone, mode, legs.length + bankers.length, bankers.length));
    const kept = legs.slice(0, target);
    const free: number[] = [];
    for (let n = zone.from; n <= zone.to; n += 1) if (!kept.includes(n) && !bankers.includes(n)) free.push(n);
    const picked = [...kept];
    while (picked.length < target && free.length > 0) picked.push(free.splice(randomBelow(free.length), 1)[0]!);
    return sorted(picked);
  });
  return { numbers, bankers: zones.map((_, i) => line.bankers[i] ?? []) };
}

/** Whether a line has nothing chosen at all. */
export const isBlank = (line: PickerLine) => line.numbers.every((z) => z.length === 0) && line.bankers.every((z) => z.length === 0);

/**
 * What is still missing before a line can be priced, zone by zone (null: complete for the mode).
 * Common's validation has the last word; this is only the picker's "pick 3 more" hint.
 */
export function lineShortfall(line: PickerLine, zones: readonly PickerZone[], mode: EntryMode): { zone: number; missing: number } | null {
  for (const [i, zone] of zones.entries()) {
    const chosen = chosenCount(line, i);
    const needed = mode === 'standard' || zone.systemMax <= zone.pick ? zone.pick : zone.pick + 1;
    if (mode === 'banker' && zone.bankerMax > 0 && (line.bankers[i]?.length ?? 0) === 0) return { zone: i, missing: Math.max(1, needed - chosen) };
    if (chosen < needed) return { zone: i, missing: needed - chosen };
  }
  return null;
}

/** The picker's lines after a change of entry mode: a system or banker entry is one line; bankers only exist in banker mode. */
export function linesForMode(lines: readonly PickerLine[], zones: readonly PickerZone[], mode: EntryMode): PickerLine[] {
  const first = lines[0] ?? emptyLine(zones);
  if (mode === 'standard') {
    // Bankers fold back into legs, trimmed to the line's size.
    return lines.map((line) => ({
      numbers: zones.map((zone, i) => sorted([...(line.bankers[i] ?? []), ...(line.numbers[i] ?? [])]).slice(0, zone.pick)),
      bankers: zones.map(() => []),
    }));
  }
  if (mode === 'system') {
    return [{ numbers: zones.map((_, i) => sorted([...(first.bankers[i] ?? []), ...(first.numbers[i] ?? [])])), bankers: zones.map(() => []) }];
  }
  return [{ numbers: first.numbers.map((z) => [...z]), bankers: first.bankers.map((z) => [...z]) }];
}
