import {
  divisionOdds,
  divisionUnitPrize,
  formatDrawNumber,
  type DrawDivisionResult,
  type DrawProduct,
  type DrawProductDetail,
  type DrawProductSummary,
  type DrawResult,
  type LotteryDrawWire,
  type PointsRateWire,
} from '@gp/common';
import type { LotteryDrawRow } from '../../db/types.ts';

const iso = (at: Date) => at.toISOString();

export interface DivisionRow {
  product_code: string;
  play: string;
  division: number;
  amount: number | null;
  winners: number | null;
  our_winners: number;
}

/** The tables a product's lines win from, with the play each belongs to (39樂合彩: one per play). */
export function tablesOf(product: DrawProduct) {
  return product.plays ? product.plays.map((p) => ({ play: p.code, table: p.table })) : [{ play: '', table: product.table }];
}

/**
 * What each division of `product` paid on a drawn draw. Fixed divisions show their amount (an
 * equal share of the cap when the winners — official count if entered, else ours — would pass it);
 * pool divisions the amount entered, or null while pending.
 */
export function presentDivisions(product: DrawProduct, rows: readonly DivisionRow[]): DrawDivisionResult[] {
  const mine = rows.filter((r) => r.product_code === product.code);
  return tablesOf(product).flatMap(({ play, table }) =>
    table.divisions.map((division) => {
      const row = mine.find((r) => r.play === play && r.division === division.id);
      const winners = row?.winners ?? null;
      const counted = winners ?? row?.our_winners ?? 0;
      const amount = divisionUnitPrize(division, {
        poolAmounts: row?.amount !== null && row?.amount !== undefined ? { [division.id]: Number(row.amount) } : {},
        winners: { [division.id]: counted },
      });
      const capped = division.prize.kind === 'fixed' && amount !== null && amount < division.prize.amount;
      return { division: division.id, play: play || null, name: division.name, localName: division.localName, kind: division.prize.kind, amount, winners, ourWinners: row?.our_winners ?? 0, capped };
    }),
  );
}

/** A draw as the API shows it to `product` (TWA04 sees 今彩539's draws with its own divisions). The seed only once drawn. */
export function presentLotteryDraw(product: DrawProduct, row: LotteryDrawRow, divisions: readonly DivisionRow[]): LotteryDrawWire {
  const drawn = row.status === 'drawn';
  const shown = drawn ? presentDivisions(product, divisions) : [];
  return {
    id: String(row.id),
    productCode: product.code,
    issue: row.issue,
    displayIssue: formatDrawNumber(product, row.issue),
    salesOpenAt: iso(row.sales_open_at),
    salesCloseAt: iso(row.sales_close_at),
    drawAt: iso(row.draw_at),
    status: row.status,
    seedHash: row.seed_hash,
    jackpot: row.jackpot === null ? null : { amount: Number(row.jackpot), currency: product.currency },
    result: drawn && row.result ? (row.result as DrawResult) : null,
    resultSource: drawn ? row.result_source : null,
    seed: drawn ? row.seed : null,
    drawnAt: drawn && row.drawn_at ? iso(row.drawn_at) : null,
    divisions: shown,
    final: drawn && shown.every((d) => d.kind === 'fixed' || d.amount !== null),
  };
}

export interface Rates {
  price: PointsRateWire;
  prize: PointsRateWire;
}

export function presentSummary(product: DrawProduct, rates: Rates, unitPrice: number, next: LotteryDrawRow | undefined): DrawProductSummary {
  return {
    code: product.code,
    name: product.name,
    localName: product.localName,
    family: 'draw',
    region: product.region,
    timezone: product.calendar.timezone,
    currency: product.currency,
    unitPrice,
    rates,
    availability: { ...product.availability },
    nextDraw: next ? { id: String(next.id), issue: next.issue, displayIssue: formatDrawNumber(product, next.issue), drawAt: iso(next.draw_at), salesCloseAt: iso(next.sales_close_at) } : null,
    jackpot: next?.jackpot !== null && next?.jackpot !== undefined ? { amount: Number(next.jackpot), currency: product.currency } : product.baseJackpot ? { amount: product.baseJackpot.amount, currency: product.currency } : null,
    rules: {
      zones: product.zones.map(({ pick, poolSize, drawCount }) => ({ pick, poolSize, drawCount })),
      multiDrawMax: product.multiDraw.max,
      salesCloseMinutes: product.calendar.salesCloseMinutes,
      superNumber: null,
      unconfirmed: unconfirmedFacts(product),
    },
  };
}

/** Which facts of a product the reference does not confirm, as dotted paths for the UI to label. */
export function unconfirmedFacts(product: DrawProduct): string[] {
  const sections: Record<string, { confidence: string } | null> = {
    unitStake: product.unitStake,
    partialUnit: product.partialUnit,
    table: product.table,
    multiDraw: product.multiDraw,
    calendar: product.calendar,
    baseJackpot: product.baseJackpot,
    builtInMultiplier: product.builtInMultiplier,
    ...Object.fromEntries((product.plays ?? []).map((p) => [`plays.${p.code}`, p.table])),
    ...Object.fromEntries(product.addOns.map((a) => [`addOns.${a.code}`, a])),
  };
  const out = Object.entries(sections).filter(([, s]) => s?.confidence === 'unconfirmed').map(([path]) => path);
  for (const fact of product.calendar.unconfirmed) out.push(`calendar.${fact}`);
  return [...new Set(out)];
}

function withOdds(product: DrawProduct, play?: string) {
  const odds = divisionOdds(product, play);
  const table = play ? product.plays!.find((p) => p.code === play)!.table : product.table;
  return { ...table, divisions: table.divisions.map((d) => ({ ...d, match: d.match.map((m) => ({ ...m, hits: [...m.hits] })), probability: odds.find((o) => o.division === d.id)!.probability })) };
}

export function presentDetail(summary: DrawProductSummary, product: DrawProduct, upcoming: LotteryDrawWire[]): DrawProductDetail {
  return {
    ...summary,
    operator: product.operator,
    unitStake: { ...product.unitStake },
    partialUnit: product.partialUnit && { ...product.partialUnit },
    serviceFeeBasisPoints: product.serviceFeeBasisPoints,
    zones: product.zones.map((z) => ({ ...z })),
    extra: product.extra && { ...product.extra },
    drawOf: product.drawOf,
    table: withOdds(product),
    plays: product.plays?.map((p) => ({ code: p.code, name: p.name, localName: p.localName, pick: p.pick, table: withOdds(product, p.code) })) ?? null,
    addOns: product.addOns.map((a) => ({ ...a, multipliers: a.multipliers.map((m) => ({ ...m })), fixedPrizes: Object.fromEntries(Object.entries(a.fixedPrizes).map(([k, v]) => [k, v])) })),
    builtInMultiplier: product.builtInMultiplier && { ...product.builtInMultiplier, values: product.builtInMultiplier.values.map((v) => ({ ...v })) },
    multiDraw: { ...product.multiDraw },
    maxLines: product.maxLines,
    maxEntries: product.maxEntries,
    calendar: {
      ...product.calendar,
      weekdays: [...product.calendar.weekdays],
      breaks: product.calendar.breaks.map((b) => ({ ...b })),
      moves: product.calendar.moves.map((m) => ({ ...m })),
      cancelled: [...product.calendar.cancelled],
      unconfirmed: [...product.calendar.unconfirmed],
    },
    numbering: { ...product.numbering },
    baseJackpot: product.baseJackpot && { ...product.baseJackpot },
    notes: [...product.notes],
    upcoming,
  };
}
