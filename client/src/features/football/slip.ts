import {
  ALLUP_LIMITS,
  allMustWin,
  allUpFormula,
  atLeastFormula,
  FOOTBALL_MARKETS,
  FOOTBALL_PRODUCT_CODE,
  type AllUpFormula,
  type FootballOrderBody,
  type FootballSlip,
  type MarketCode,
} from '@gp/common';

/** One price the member clicked: a selection of one market (and line) of one event. */
export interface SlipPick {
  eventId: string;
  market: MarketCode;
  /** The line of HHA, HDC, HIL, FHL and CHL; null for markets without one. */
  line: string | null;
  selection: string;
  /** The price taken: what the member saw when picking (or accepted since). The order sends it. */
  odds: string;
  /** The event as it was when picked, so the slip still names it after it leaves the list. */
  event?: PickEvent;
}

export interface PickEvent {
  code: string;
  home: string;
  away: string;
  kickOffAt: string;
  /** FGS: the player's name (the list's `players` are gone with the event). */
  selectionName?: string;
  /** The teams' names in other languages, where the source has them. */
  names?: { home?: Readonly<Record<string, string>>; away?: Readonly<Record<string, string>> };
}

export type ProxyMode = 'single' | 'allup';

/**
 * How the all-up's bets are chosen: "all must win" (n×1, follows the number of matches), "at
 * least N win" (the formula of every k-fold with k ≥ N) or one formula from the full list.
 */
export type AllUpChoice = { kind: 'all' } | { kind: 'atLeast'; wins: number } | { kind: 'formula'; code: string };

/** The bet slip (cart) as the screen keeps it, per member. */
export interface Slip {
  mode: ProxyMode;
  picks: readonly SlipPick[];
  allUp: AllUpChoice;
  /** Amount per bet in whole Hong Kong dollars (HKJC takes whole dollars); null while blank. */
  unitDollars: number | null;
  /**
   * True until the member types an amount: it then follows the picks, the smallest that the stake
   * rules take (`withAutoUnit`: HK$30 for one single, HK$10 a bet from three bets). Absent on a slip
   * stored before it existed: that amount was the member's.
   */
  autoUnit?: boolean;
  /** Send `acceptBetterOdds`: a price that moved up since it was taken is bought at the better price. */
  acceptBetterOdds: boolean;
}

export const EMPTY_SLIP: Slip = { mode: 'single', picks: [], allUp: { kind: 'all' }, unitDollars: 10, autoUnit: true, acceptBetterOdds: false };

/** A pick's identity (the price it is on, not the price). */
export const pickKey = (p: { eventId: string; market: string; line: string | null; selection: string }) =>
  `${p.eventId}|${p.market}|${p.line ?? ''}|${p.selection}`;

/** A market's identity inside an event: `HDC|-0.5/-1.0`. */
export const marketKey = (market: string, line: string | null) => `${market}|${line ?? ''}`;

export interface PickChange {
  slip: Slip;
  /** Picks taken out because an all-up allows one market per match (HKJC removes the earlier pick). */
  replaced: SlipPick[];
  removed: boolean;
}

/**
 * Clicking a price: removes the pick when it is already in the slip, else adds it. In an all-up
 * a match takes one market only, so picking another market of a match already in the slip
 * replaces the earlier picks on that match (as HKJC's betslip does); more selections in the same
 * market of one match are kept together as a multiple-selection leg. Singles take any picks.
 *
 * Example: all-up with e1 HAD `H`, then e1 CRS `1:0` → the slip holds e1 CRS `1:0`, `replaced` is e1 HAD `H`.
 */
export function togglePick(slip: Slip, pick: SlipPick): PickChange {
  const key = pickKey(pick);
  if (slip.picks.some((p) => pickKey(p) === key)) {
    return { slip: { ...slip, picks: slip.picks.filter((p) => pickKey(p) !== key) }, replaced: [], removed: true };
  }
  const replaced = slip.mode === 'allup' ? slip.picks.filter((p) => p.eventId === pick.eventId && p.market !== pick.market) : [];
  const kept = slip.picks.filter((p) => !replaced.includes(p));
  return { slip: { ...slip, picks: [...kept, pick] }, replaced, removed: false };
}

/** The matches of the slip in order of first pick: an all-up's legs. */
export function slipEvents(slip: Pick<Slip, 'picks'>): string[] {
  return [...new Set(slip.picks.map((p) => p.eventId))];
}

/** The most matches an all-up may have with these picks: 8, or 6 with CRS, FCS, HFT or FGS. */
export function maxAllUpLegs(picks: readonly SlipPick[]): number {
  return picks.some((p) => FOOTBALL_MARKETS[p.market].restricted) ? ALLUP_LIMITS.maxLegsRestricted : ALLUP_LIMITS.maxLegs;
}

/** Matches of an all-up slip with picks on more than one market (after switching from singles). */
export function conflictingEvents(slip: Slip): string[] {
  if (slip.mode !== 'allup') return [];
  const markets = new Map<string, Set<string>>();
  for (const p of slip.picks) markets.set(p.eventId, (markets.get(p.eventId) ?? new Set()).add(p.market));
  return [...markets].filter(([, m]) => m.size > 1).map(([id]) => id);
}

/**
 * The all-up formula a choice means on `legs` matches, or null when there is none: "all must
 * win" is n×1; "at least N" is the formula of every k-fold with k ≥ N (none exists for some N on
 * 7 and 8 legs); a formula from the picker applies only to its own leg count, otherwise the slip
 * falls back to all must win (the member added or removed a match since choosing it).
 *
 * Example: `resolveFormula({ kind: 'atLeast', wins: 2 }, 3)` → 3x4; `({ kind: 'atLeast', wins: 3 }, 7)` → null.
 */
export function resolveFormula(choice: AllUpChoice, legs: number): AllUpFormula | null {
  if (legs < ALLUP_LIMITS.minLegs || legs > ALLUP_LIMITS.maxLegs) return null;
  switch (choice.kind) {
    case 'all':
      return allMustWin(legs);
    case 'atLeast':
      return choice.wins >= legs ? allMustWin(legs) : atLeastFormula(legs, Math.max(1, choice.wins));
    case 'formula': {
      const formula = allUpFormula(choice.code);
      return formula && formula.legs === legs ? formula : allMustWin(legs);
    }
  }
}

/** The slip in the shape of the common rules (`slipBets`, `footballCost`, `validateFootballSlip`). */
export function toFootballSlip(slip: Slip, formula: AllUpFormula | null): FootballSlip {
  return {
    mode: slip.mode,
    ...(slip.mode === 'allup' && formula ? { formula: formula.code } : {}),
    legs: slip.picks.map((p) => ({
      eventId: p.eventId,
      market: p.market,
      ...(p.line !== null ? { line: p.line } : {}),
      selection: p.selection,
      odds: p.odds,
    })),
    unitStake: { amount: (slip.unitDollars ?? 0) * 100, currency: 'HKD' },
  };
}

/**
 * The `POST /api/orders` (and `/quote`) body, or null while the slip cannot be priced: no picks,
 * no amount, an all-up without a formula for its number of matches.
 */
export function orderBody(slip: Slip): FootballOrderBody | null {
  if (slip.picks.length === 0 || slip.unitDollars === null || slip.unitDollars <= 0) return null;
  const formula = slip.mode === 'allup' ? resolveFormula(slip.allUp, slipEvents(slip).length) : null;
  if (slip.mode === 'allup' && !formula) return null;
  const { mode, formula: code, legs, unitStake } = toFootballSlip(slip, formula);
  return { productCode: FOOTBALL_PRODUCT_CODE, mode, ...(code ? { formula: code } : {}), legs: [...legs], unitStake, acceptBetterOdds: slip.acceptBetterOdds };
}

/** A price to take for a pick (from an `odds_changed` refusal or the live list). */
export interface PriceUpdate {
  eventId: string;
  market: string;
  line: string | null;
  selection: string;
  /** The current price, or null when the selection is no longer offered. */
  odds: string | null;
}

/**
 * The member accepted the current prices: each pick takes its new price; a pick whose selection
 * is no longer offered stays as it was (it is flagged on screen for the member to remove).
 */
export function acceptPrices(slip: Slip, prices: readonly PriceUpdate[]): Slip {
  const byKey = new Map(prices.map((p) => [pickKey(p), p.odds]));
  return {
    ...slip,
    picks: slip.picks.map((p) => {
      const odds = byKey.get(pickKey(p));
      return odds ? { ...p, odds } : p;
    }),
  };
}
