import {
  footballCost,
  footballMaxPrize,
  HKS01_STAKE_RULES,
  settleFootballSlip,
  type FootballSlip,
  type LegOutcome,
  type LocalAmount,
  type MatchResult,
} from '@gp/common';

export type WorkedExampleId = 'fhaAllUp' | 'crs3x1' | 'crs3x7' | 'halfWin' | 'voidLeg';

export interface WorkedLeg {
  market: FootballSlip['legs'][number]['market'];
  line: string | null;
  selection: string;
  odds: string;
  result: MatchResult;
  outcome: LegOutcome;
}

export interface WorkedExample {
  id: WorkedExampleId;
  mode: FootballSlip['mode'];
  formula: string | null;
  unitStake: LocalAmount;
  legs: WorkedLeg[];
  bets: number;
  stake: LocalAmount;
  fee: LocalAmount;
  total: LocalAmount;
  /** What the slip returned, and the split by fold size (1 = singles), largest first. */
  payout: LocalAmount;
  byFold: { fold: number; amount: number }[];
  maxPrize: LocalAmount;
}

const HKD = (dollars: number): LocalAmount => ({ amount: dollars * 100, currency: 'HKD' });
const played = (ht: [number, number], ft: [number, number]): MatchResult => ({
  status: 'played',
  halfTime: { home: ht[0], away: ht[1] },
  fullTime: { home: ft[0], away: ft[1] },
});

type Leg = Omit<FootballSlip['legs'][number], 'eventId'> & { result: MatchResult };

/**
 * The slips of the help page: HKJC's official worked examples (reference §2.2) and two of the
 * rules they do not show (a split-line half win, a postponed all-up leg). The selections and
 * scores are ours; the odds and stakes are HKJC's.
 */
const SLIPS: readonly { id: WorkedExampleId; mode: FootballSlip['mode']; formula?: string; unit: LocalAmount; legs: Leg[] }[] = [
  {
    id: 'fhaAllUp',
    mode: 'allup',
    formula: '3x1',
    unit: HKD(1_000),
    legs: [
      { market: 'FHA', selection: 'H', odds: '1.40', result: played([1, 0], [1, 1]) },
      { market: 'FHA', selection: 'D', odds: '1.95', result: played([0, 0], [2, 0]) },
      { market: 'FHA', selection: 'A', odds: '2.40', result: played([0, 1], [0, 1]) },
    ],
  },
  {
    id: 'crs3x1',
    mode: 'allup',
    formula: '3x1',
    unit: HKD(100),
    legs: [
      { market: 'CRS', selection: '2:1', odds: '9.5', result: played([1, 1], [2, 1]) },
      { market: 'CRS', selection: '0:2', odds: '15', result: played([0, 1], [0, 2]) },
      { market: 'CRS', selection: '1:0', odds: '6.5', result: played([0, 0], [1, 0]) },
    ],
  },
  {
    id: 'crs3x7',
    mode: 'allup',
    formula: '3x7',
    unit: HKD(100),
    legs: [
      { market: 'CRS', selection: '3:1', odds: '22', result: played([1, 0], [3, 1]) },
      { market: 'CRS', selection: '1:1', odds: '7.5', result: played([0, 1], [1, 1]) },
      { market: 'CRS', selection: '0:2', odds: '15', result: played([0, 0], [0, 2]) },
    ],
  },
  {
    id: 'halfWin',
    mode: 'single',
    unit: HKD(200),
    legs: [{ market: 'HDC', line: '-0.5/-1.0', selection: 'H', odds: '1.90', result: played([1, 0], [2, 1]) }],
  },
  {
    id: 'voidLeg',
    mode: 'allup',
    formula: '2x1',
    unit: HKD(100),
    legs: [
      { market: 'HAD', selection: 'H', odds: '2.10', result: played([1, 0], [2, 0]) },
      { market: 'HAD', selection: 'A', odds: '3.00', result: { status: 'postponed' } },
    ],
  },
];

type SlipDefinition = (typeof SLIPS)[number];

function toSlip({ id, mode, formula, unit, legs }: SlipDefinition): FootballSlip {
  return {
    mode,
    ...(formula ? { formula } : {}),
    unitStake: unit,
    legs: legs.map(({ result: _result, ...pick }, i) => ({ ...pick, eventId: `${id}-${i + 1}` })),
  };
}

/** The slips behind the examples, for tests that check them against the purchase rules. */
export function workedExampleSlips(): { id: WorkedExampleId; slip: FootballSlip }[] {
  return SLIPS.map((definition) => ({ id: definition.id, slip: toSlip(definition) }));
}

/**
 * Every example settled live by common's `settleFootballSlip`, priced by `footballCost` (fee
 * from `HKS01_STAKE_RULES`) with its `footballMaxPrize`, so the page can never show a number
 * the settlement would not pay.
 *
 * Example: `workedExamples().find((e) => e.id === 'crs3x7')` → `{ bets: 7, stake: HK$700, payout: HK$312,700,
 * byFold: [treble 247,500, doubles 60,750, singles 4,450], … }` (amounts in cents).
 */
export function workedExamples(): WorkedExample[] {
  return SLIPS.map((definition) => {
    const slip = toSlip(definition);
    const results = Object.fromEntries(slip.legs.map((pick, i) => [pick.eventId, definition.legs[i]!.result]));
    const settled = settleFootballSlip(slip, results);
    const cost = footballCost(slip, HKS01_STAKE_RULES);
    return {
      id: definition.id,
      mode: definition.mode,
      formula: definition.formula ?? null,
      unitStake: definition.unit,
      legs: definition.legs.map((leg, i) => ({
        market: leg.market,
        line: leg.line ?? null,
        selection: leg.selection,
        odds: leg.odds,
        result: leg.result,
        outcome: settled.picks[i]!.outcome,
      })),
      bets: cost.bets,
      stake: cost.stake,
      fee: cost.fee,
      total: cost.total,
      payout: settled.payout,
      byFold: [...settled.byFold].sort((a, b) => b.fold - a.fold),
      maxPrize: footballMaxPrize(slip),
    };
  });
}
