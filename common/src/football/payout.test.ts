import { describe, expect, it } from 'vitest';
import { HKJC_CONVENTIONS } from './conventions.ts';
import { allUpFormula, singles } from './formulas.ts';
import { roundToStep, structurePayout } from './payout.ts';

const formula = (code: string) => allUpFormula(code)!;
const won = (...odds: number[]) => odds.map((o) => [o]);

describe('the official worked examples (reference §0, §2.2; spec §9)', () => {
  it('a HK$1,000 single at 2.10 returns HK$2,100', () => {
    expect(structurePayout(100_000, singles(1), won(2_100)).amount).toBe(210_000);
  });

  it('stake 100 at odds 2.0 returns 200', () => {
    expect(structurePayout(10_000, singles(1), won(2_000)).amount).toBe(20_000);
  });

  it('FHA all-up, HK$1,000 at 1.40 × 1.95 × 2.40 → HK$6,552', () => {
    expect(structurePayout(100_000, formula('3x1'), won(1_400, 1_950, 2_400)).amount).toBe(655_200);
  });

  it('CRS 3x1, HK$100 at 9.5 × 15 × 6.5 → HK$92,625', () => {
    expect(structurePayout(10_000, formula('3x1'), won(9_500, 15_000, 6_500)).amount).toBe(9_262_500);
  });

  it('CRS 3x7, HK$100 a bet at 22 / 7.5 / 15 → HK$312,700: singles 4,450, doubles 60,750, treble 247,500', () => {
    expect(structurePayout(10_000, formula('3x7'), won(22_000, 7_500, 15_000))).toEqual({
      amount: 31_270_000,
      returningBets: 7,
      byFold: [
        { fold: 3, amount: 24_750_000 },
        { fold: 2, amount: 6_075_000 },
        { fold: 1, amount: 445_000 },
      ],
    });
  });
});

describe('legs that are not plain wins', () => {
  it('a void leg counts as odds 1 (CRS 3x1 at HK$100, middle match void: 22 × 1 × 15 → HK$33,000)', () => {
    expect(structurePayout(10_000, formula('3x1'), won(22_000, 1_000, 15_000)).amount).toBe(3_300_000);
  });

  it('a half-won HDC leg counts (1 + odds) / 2 (2x1 at HK$100: 1.45 × 2.00 → HK$290)', () => {
    expect(structurePayout(10_000, formula('2x1'), won(1_450, 2_000)).amount).toBe(29_000);
  });

  it('a half-lost leg counts ½ (2x1 at HK$100: 0.5 × 2.00 → HK$100)', () => {
    expect(structurePayout(10_000, formula('2x1'), won(500, 2_000)).amount).toBe(10_000);
  });

  it('a lost leg loses every bet it is in (3x4, leg 3 lost: only the 1-2 double pays)', () => {
    const paid = structurePayout(10_000, formula('3x4'), won(2_000, 3_000, 0));
    expect(paid.amount).toBe(60_000);
    expect(paid.returningBets).toBe(1);
  });

  it('only the winning selection of a multiple-selection leg pays (2x1, HAD H at 2.10 and D at 3.20, home wins, × 1.80)', () => {
    const paid = structurePayout(10_000, formula('2x1'), [[2_100, 0], [1_800]]);
    expect(paid).toMatchObject({ amount: 37_800, returningBets: 1 });
  });

  it('a void multiple-selection leg returns each of its selections at odds 1', () => {
    const paid = structurePayout(10_000, formula('2x1'), [[1_000, 1_000, 1_000], [1_800]]);
    expect(paid).toMatchObject({ amount: 54_000, returningBets: 3 });
  });
});

describe('dividends to the nearest 10 cents, exactly', () => {
  it.each<[string, number[], number]>([
    ['HK$10 at 1.50 × 1.05 = 15.75 → 15.80 (halves up)', [1_500, 1_050], 1_580],
    ['HK$10 at 1.85 × 1.87 = 34.595 → 34.60', [1_850, 1_870], 3_460],
    ['HK$10 at 1.25 × 1.25 = 15.625 → 15.60', [1_250, 1_250], 1_560],
    ['HK$10 at 1.55 × 1.55 = 24.025 → 24.00', [1_550, 1_550], 2_400],
    ['HK$10 at 1.10 × 1.15 = 12.65 → 12.70 (floating point makes it 12.6499…, 12.60)', [1_100, 1_150], 1_270],
  ])('%s', (_, odds, cents) => {
    expect(structurePayout(1_000, formula('2x1'), won(...odds)).amount).toBe(cents);
  });

  it('rounds each bet, or the ticket once when the convention says so', () => {
    // Two singles each half-won at 2.15: HK$15.75 each.
    const legs = won(1_575, 1_575);
    expect(structurePayout(1_000, singles(2), legs).amount).toBe(3_160);
    const perTicket = { ...HKJC_CONVENTIONS, rounding: { ...HKJC_CONVENTIONS.rounding, scope: 'perTicket' as const } };
    expect(structurePayout(1_000, singles(2), legs, perTicket).amount).toBe(3_150);
  });

  it('stays exact on eight legs at long odds', () => {
    // HK$10 on 8 legs at 9.99: 10 × 9.99^8 = HK$992,027,944.0699… → HK$992,027,944.10.
    expect(structurePayout(1_000, formula('8x1'), won(...new Array(8).fill(9_990))).amount).toBe(99_202_794_410);
  });

  it('refuses a payout beyond safe integers rather than lose cents', () => {
    expect(() => structurePayout(1_000_000, formula('8x1'), won(...new Array(8).fill(1_000_000)))).toThrow(RangeError);
  });

  it('rounds a fraction to the step, halves up', () => {
    expect(roundToStep(1_575n, 100n, 10)).toBe(20n); // 15.75 → 20
    expect(roundToStep(1_499n, 100n, 10)).toBe(10n);
    expect(roundToStep(0n, 7n, 10)).toBe(0n);
  });
});
