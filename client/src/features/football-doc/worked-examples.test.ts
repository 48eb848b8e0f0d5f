import { HKS01_STAKE_RULES, validateFootballSlip } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { workedExamples, workedExampleSlips, type WorkedExampleId } from './worked-examples.ts';

const example = (id: WorkedExampleId) => workedExamples().find((e) => e.id === id)!;
const cents = (dollars: number) => Math.round(dollars * 100);

describe('worked examples on the help page', () => {
  it('pays HKJC’s FHA all-up: $1,000 at 1.40 × 1.95 × 2.40 returns $6,552', () => {
    const fha = example('fhaAllUp');
    expect(fha.payout).toEqual({ amount: cents(6_552), currency: 'HKD' });
    expect(fha.bets).toBe(1);
    expect(fha.legs.map((l) => l.outcome)).toEqual(['win', 'win', 'win']);
  });

  it('pays HKJC’s CRS 3x1: $100 at 9.5 × 15 × 6.5 returns $92,625', () => {
    expect(example('crs3x1').payout.amount).toBe(cents(92_625));
  });

  it('pays HKJC’s CRS 3x7: $100 a bet ($700) returns $312,700 = singles 4,450 + doubles 60,750 + treble 247,500', () => {
    const crs = example('crs3x7');
    expect(crs.bets).toBe(7);
    expect(crs.stake.amount).toBe(cents(700));
    expect(crs.payout.amount).toBe(cents(312_700));
    expect(crs.byFold).toEqual([
      { fold: 3, amount: cents(247_500) },
      { fold: 2, amount: cents(60_750) },
      { fold: 1, amount: cents(4_450) },
    ]);
    expect(crs.maxPrize.amount).toBe(cents(312_700));
  });

  it('pays a half win on −0.5/−1.0 won by one goal: $200 at 1.90 returns $290', () => {
    const half = example('halfWin');
    expect(half.legs[0]!.outcome).toBe('halfWin');
    expect(half.payout.amount).toBe(cents(290));
  });

  it('counts a postponed all-up leg at odds 1: $100 at 2.10 × 1 returns $210', () => {
    const voided = example('voidLeg');
    expect(voided.legs.map((l) => l.outcome)).toEqual(['win', 'void']);
    expect(voided.payout.amount).toBe(cents(210));
  });

  it('charges each example the configured handling fee on top of its stake', () => {
    for (const e of workedExamples()) {
      expect(e.total.amount, e.id).toBe(e.stake.amount + e.fee.amount);
      expect(e.fee.amount, e.id).toBe(HKS01_STAKE_RULES.fees.bands[0]!.fixed);
    }
  });

  it('uses only slips a member could actually buy', () => {
    for (const { id, slip } of workedExampleSlips()) expect(validateFootballSlip(slip), id).toBeNull();
  });
});
