import { describe, expect, it } from 'vitest';
import { betLines, combinedOdds } from './bet-lines.ts';
import { recordMoves, activeMark, MOVE_MARK_MS } from './price-moves.ts';
import { EMPTY_SLIP, type Slip, type SlipPick } from './slip.ts';
import { slipFormula, slipPreview, slipProblem, withAutoUnit } from './slip-rules.ts';
import { priceChanges } from './slip-prices.ts';

const pick = (eventId: string, market: SlipPick['market'] = 'HAD', selection = 'H', odds = '2.00', line: string | null = null): SlipPick => ({ eventId, market, line, selection, odds });
const slip = (patch: Partial<Slip>): Slip => ({ ...EMPTY_SLIP, ...patch });

describe('slip problems shown inline', () => {
  it('asks for 2 to 8 matches in an all-up, 6 with a correct-score, half-time/full-time or first-scorer leg', () => {
    expect(slipProblem(slip({ mode: 'allup', picks: [pick('a')] }))).toEqual({ code: 'legCount', minimum: 2, maximum: 8, legs: 1 });
    const seven = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => pick(id)).concat(pick('g', 'CRS', '1:0', '7.00'));
    expect(slipProblem(slip({ mode: 'allup', picks: seven }))).toEqual({ code: 'legCount', minimum: 2, maximum: 6, legs: 7 });
  });

  it('says when "at least N" has no formula', () => {
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => pick(id));
    expect(slipProblem(slip({ mode: 'allup', allUp: { kind: 'atLeast', wins: 4 }, picks: seven }))).toEqual({ code: 'noFormula', wins: 4, legs: 7 });
  });

  it('names the minimum: HK$30 an order, HK$200 with a handicap', () => {
    expect(slipProblem(slip({ picks: [pick('a')], unitDollars: 10 }))).toEqual({ code: 'belowMinimum', rule: 'purchase', minimum: 3000 });
    expect(slipProblem(slip({ picks: [pick('a', 'HDC', 'H', '1.90', '-0.5')], unitDollars: 100 }))).toEqual({ code: 'belowMinimum', rule: 'handicap', minimum: 20000 });
    expect(slipProblem(slip({ picks: [pick('a')], unitDollars: 30 }))).toBeNull();
    expect(slipProblem(slip({ picks: [pick('a')], unitDollars: null }))).toEqual({ code: 'noAmount' });
  });
});

describe('the amount per bet before the member types one', () => {
  it('is the smallest the stake rules take, so a first slip can be bought as it is: HK$30 for one single, HK$10 each from three bets, HK$200 with a handicap', () => {
    const single = withAutoUnit(slip({ picks: [pick('a')] }));
    expect(single.unitDollars).toBe(30);
    expect(slipProblem(single)).toBeNull();
    expect(withAutoUnit(slip({ picks: [pick('a'), pick('b')] })).unitDollars).toBe(15);
    expect(withAutoUnit(slip({ picks: [pick('a'), pick('b'), pick('c')] })).unitDollars).toBe(10);
    const allUp = withAutoUnit(slip({ mode: 'allup', allUp: { kind: 'atLeast', wins: 2 }, picks: [pick('a'), pick('b'), pick('c')] }));
    expect(allUp.unitDollars).toBe(10); // 3x4: 4 bets, HK$40
    expect(withAutoUnit(slip({ picks: [pick('a', 'HDC', 'H', '1.90', '-0.5')] })).unitDollars).toBe(200);
  });

  it('stays as typed once the member typed it, and on a slip stored before it followed the picks', () => {
    const typed = slip({ picks: [pick('a')], unitDollars: 10, autoUnit: false });
    expect(withAutoUnit(typed)).toBe(typed);
    const stored = { mode: 'single', picks: [pick('a')], allUp: { kind: 'all' }, unitDollars: 10, acceptBetterOdds: false } as Slip;
    expect(withAutoUnit(stored).unitDollars).toBe(10);
  });
});

describe('the preview before the quote', () => {
  it('prices a 3-match "at least 2" all-up at HK$10 as 3x4: 4 bets, HK$40 stake, the HK$30 fee', () => {
    const s = slip({ mode: 'allup', allUp: { kind: 'atLeast', wins: 2 }, unitDollars: 10, picks: [pick('a', 'HAD', 'H', '2.00'), pick('b', 'HAD', 'H', '2.00'), pick('c', 'HAD', 'H', '2.00')] });
    expect(slipFormula(s)?.code).toBe('3x4');
    // Everything wins: treble 10 × 8 + three doubles 10 × 4 = HK$200.
    expect(slipPreview(s)).toMatchObject({ bets: 4, stake: 4000, fee: 3000, total: 7000, maxPrize: 20000 });
  });

  it('counts a multiple-selection leg as one bet per selection', () => {
    const s = slip({ mode: 'allup', unitDollars: 10, picks: [pick('a', 'HAD', 'H'), pick('a', 'HAD', 'D'), pick('b')] });
    expect(slipPreview(s)?.bets).toBe(2);
  });
});

describe('proxy details', () => {
  it('lists every k-fold combination of an all-up with its stake, and each single', () => {
    const s = slip({ mode: 'allup', allUp: { kind: 'atLeast', wins: 2 }, picks: [pick('a', 'HAD', 'H', '2.00'), pick('b', 'HAD', 'H', '1.50'), pick('c', 'HAD', 'H', '3.00')] });
    const lines = betLines(s, slipFormula(s), 1000);
    expect(lines.map((l) => l.legs.map((leg) => leg[0]!.eventId).join('×'))).toEqual(['a×b×c', 'a×b', 'a×c', 'b×c']);
    expect(lines.map((l) => l.stake)).toEqual([1000, 1000, 1000, 1000]);
    expect(lines[0]).toMatchObject({ odds: '9.00', returns: 9000 });
    const singles = betLines(slip({ picks: [pick('a'), pick('b')] }), null, 2000);
    expect(singles.map((l) => [l.bets, l.stake, l.returns])).toEqual([[1, 2000, 4000], [1, 2000, 4000]]);
  });

  it('shows a multiple-selection leg as several bets without a single combined price', () => {
    const s = slip({ mode: 'allup', picks: [pick('a', 'HAD', 'H'), pick('a', 'HAD', 'D'), pick('b')] });
    expect(betLines(s, slipFormula(s), 1000)).toEqual([expect.objectContaining({ bets: 2, stake: 2000, odds: null, returns: null })]);
  });

  it('multiplies prices exactly', () => {
    expect(combinedOdds(['1.40', '1.95', '2.40'])).toBe('6.55');
    expect(combinedOdds(['bad'])).toBeNull();
  });
});

describe('price move marks', () => {
  it('keeps a ▲ / ▼ mark for a few seconds, then drops it', () => {
    const marks = recordMoves(new Map(), [{ key: 'k', from: '2.00', to: '2.10', direction: 'up' }], 1_000);
    expect(activeMark(marks, 'k', 1_000 + MOVE_MARK_MS - 1)).toMatchObject({ direction: 'up', from: '2.00' });
    expect(activeMark(marks, 'k', 1_000 + MOVE_MARK_MS)).toBeNull();
    expect(recordMoves(marks, [], 1_000 + MOVE_MARK_MS).size).toBe(0);
  });
});

describe('prices that moved since they were taken', () => {
  const taken = [pick('a', 'HAD', 'H', '2.10'), pick('b', 'HAD', 'A', '3.00'), pick('c', 'HAD', 'D', '3.20')];
  const live = (p: SlipPick) => ({ a: { odds: '2.25', state: 'open' as const }, b: { odds: '3.00', state: 'open' as const }, c: { odds: null, state: 'closed' as const } })[p.eventId as 'a'];

  it('compares each pick with the live list, and leaves a closed event to its own flag', () => {
    expect(priceChanges(taken, live, null)).toEqual([{ pick: taken[0], from: '2.10', to: '2.25', direction: 'up' }]);
  });

  it('takes the live price first and the server’s refusal where the list cannot tell, such as a withdrawn selection', () => {
    const refused = [
      { leg: 0, eventId: 'a', market: 'HAD' as const, line: null, selection: 'H', odds: '2.20', taken: '2.10' },
      { leg: 1, eventId: 'b', market: 'HAD' as const, line: null, selection: 'A', odds: '2.80', taken: '3.00' },
      { leg: 2, eventId: 'c', market: 'HAD' as const, line: null, selection: 'D', odds: null, taken: '3.20' },
    ];
    expect(priceChanges(taken, live, refused).map((c) => [c.pick.eventId, c.to, c.direction])).toEqual([
      ['a', '2.25', 'up'],
      ['c', null, null],
    ]);
  });
});
