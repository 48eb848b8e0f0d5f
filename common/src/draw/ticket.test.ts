import { describe, expect, it } from 'vitest';
import { DRAW_PRODUCTS } from './products.ts';
import { bestCaseWins, bestFixedDivision, divisionUnitPrize, maxFixedPrize, quotedMaxPrize, settleDrawTicket } from './settle.ts';
import { drawLineCost, drawTicketCost, expandTicket, validateDrawTicket, zonesOf, entryLineCount } from './ticket.ts';

const { HKA01, USA01, TWA03, TWA04, TWA05, TWA01 } = DRAW_PRODUCTS;
const seven = [1, 2, 3, 4, 5, 6, 7];

describe('expansion of system and banker entries', () => {
  it('Mark Six 7-number multiple = 7 lines; banker 2 + 5 legs = C(5,4) = 5 lines, each holding both bankers', () => {
    expect(expandTicket(HKA01, { entries: [{ zones: [seven] }], system: true })).toHaveLength(7);
    const banker = expandTicket(HKA01, { entries: [{ zones: [[3, 4, 5, 6, 7]], bankers: [[1, 2]] }] });
    expect(banker).toHaveLength(5);
    for (const line of banker) expect(line[0]).toEqual(expect.arrayContaining([1, 2]));
    expect(banker[0]).toEqual([[1, 2, 3, 4, 5, 6]]);
  });

  it('system across two zones multiplies: Powerball 6 whites × 2 red = C(6,5) × 2 = 12 lines', () => {
    expect(expandTicket(USA01, { entries: [{ zones: [[1, 2, 3, 4, 5, 6], [1, 2]] }], system: true })).toHaveLength(12);
  });

  it('39樂合彩: 5 numbers as 二合 = C(5,2) = 10 combinations, as 四合 = 5; the zone takes the play’s count', () => {
    const five = { entries: [{ zones: [[1, 2, 3, 4, 5]] }], system: true };
    expect(expandTicket(TWA04, { ...five, play: '2' })).toHaveLength(10);
    expect(expandTicket(TWA04, { ...five, play: '4' })).toHaveLength(5);
    expect(zonesOf(TWA04, '3')[0]!.pick).toBe(3);
    expect(entryLineCount(zonesOf(TWA04, '3'), { zones: [[1, 2, 3, 4, 5, 6]] })).toBe(20);
  });
});

describe('validation (API.md codes)', () => {
  it('out of range, duplicate, too few, too many for a system, over-pick without system', () => {
    expect(validateDrawTicket(HKA01, { entries: [{ zones: [[1, 2, 3, 4, 5, 50]] }] })).toMatchObject({ code: 'validation_failed', fields: { 'entries.0.zones.0': 'number_out_of_range' } });
    expect(validateDrawTicket(HKA01, { entries: [{ zones: [[1, 2, 3, 4, 5, 5]] }] })).toMatchObject({ fields: { 'entries.0.zones.0': 'duplicate_number' } });
    expect(validateDrawTicket(HKA01, { entries: [{ zones: [[1, 2, 3]] }] })).toMatchObject({ fields: { 'entries.0.zones.0': 'invalid' } });
    expect(validateDrawTicket(HKA01, { entries: [{ zones: [seven] }] })).toMatchObject({ code: 'selection_exceeds_pick_count' });
    expect(validateDrawTicket(HKA01, { entries: [{ zones: [seven] }], system: true })).toBeNull();
    const thirteen = Array.from({ length: 13 }, (_, i) => i + 1);
    expect(validateDrawTicket(HKA01, { entries: [{ zones: [thirteen] }], system: true })).toMatchObject({ fields: { 'entries.0.zones.0': 'too_many_numbers' } });
  });

  it('bankers: a banker repeated as a leg is a duplicate; more bankers than allowed is too many; the second zone of 威力彩 takes none', () => {
    expect(validateDrawTicket(HKA01, { entries: [{ zones: [[1, 3, 4, 5, 6, 7]], bankers: [[1, 2]] }] })).toMatchObject({ fields: { 'entries.0.zones.0': 'duplicate_number' } });
    expect(validateDrawTicket(HKA01, { entries: [{ zones: [[7, 8]], bankers: [[1, 2, 3, 4, 5, 6]] }] })).toMatchObject({ fields: { 'entries.0.bankers.0': 'too_many_numbers' } });
    expect(validateDrawTicket(TWA01, { entries: [{ zones: [[1, 2, 3, 4, 5, 6], [2, 3]], bankers: [[], [1]] }] })).toMatchObject({ fields: { 'entries.0.bankers.1': 'invalid' } });
  });

  it('wrong zone count, unknown add-on, 39樂合彩 without a play, partial unit on a plain line, too many lines', () => {
    expect(validateDrawTicket(USA01, { entries: [{ zones: [[1, 2, 3, 4, 5]] }] })).toMatchObject({ fields: { 'entries.0.zones': 'invalid' } });
    expect(validateDrawTicket(USA01, { entries: [{ zones: [[1, 2, 3, 4, 5], [1]] }], addOns: ['megaplier'] })).toMatchObject({ fields: { addOns: 'invalid' } });
    expect(validateDrawTicket(TWA04, { entries: [{ zones: [[1, 2]] }] })).toMatchObject({ fields: { play: 'invalid' } });
    expect(validateDrawTicket(HKA01, { entries: [{ zones: [[1, 2, 3, 4, 5, 6]] }], partialUnit: true })).toMatchObject({ fields: { partialUnit: 'invalid' } });
    const twelve = Array.from({ length: 12 }, (_, i) => i + 1);
    // C(12, 6) = 924 lines each; two such entries pass the 1,000-line bound.
    expect(validateDrawTicket(HKA01, { entries: [{ zones: [twelve] }, { zones: [twelve] }], system: true })).toMatchObject({ fields: { entries: 'too_many_numbers' }, details: { lines: 1_848 } });
  });

  it('a product not on sale refuses every ticket (雙贏彩)', () => {
    expect(validateDrawTicket(TWA05, { entries: [{ zones: [Array.from({ length: 12 }, (_, i) => i + 1)] }] })).toEqual({ code: 'product_not_on_sale', details: { reason: 'discontinued' } });
  });
});

describe('price', () => {
  it('Mark Six 7-number multiple for 3 draws: 7 lines × HK$10 + 10% fee at 32/250 = 986 GP hundredths a draw, 2,958 in all', () => {
    expect(drawTicketCost(HKA01, { entries: [{ zones: [seven] }], system: true }, { numerator: 32, denominator: 250 }, 3)).toEqual({
      lines: 7,
      stake: { amount: 7_000, currency: 'HKD' },
      fee: { amount: 700, currency: 'HKD' },
      points: 986,
      draws: 3,
      totalPoints: 2_958,
    });
  });

  it('the price of one line is its stake and fee at the rate, rounded up as charged: Mark Six HK$11 is 1.41 GP, not the 1.28 GP of HK$10 alone (issue 34)', () => {
    const rate = { numerator: 32, denominator: 250 };
    expect(drawLineCost(HKA01, {}, rate)).toMatchObject({ lines: 1, stake: { amount: 1_000 }, fee: { amount: 100 }, points: 141 });
    // The same figure a one-line order of that kind debits, add-ons included.
    const usd = { numerator: 100, denominator: 100 };
    expect(drawLineCost(USA01, { addOns: ['powerPlay'] }, usd).points).toBe(drawTicketCost(USA01, { entries: [{ zones: [[10, 20, 30, 40, 50], [7]] }], addOns: ['powerPlay'] }, usd).points);
    expect(drawLineCost(TWA04, { play: '3' }, { numerator: 1, denominator: 25 }).lines).toBe(1);
  });

  it('partial unit halves the stake; Power Play adds US$1 a line', () => {
    expect(drawTicketCost(HKA01, { entries: [{ zones: [seven] }], system: true, partialUnit: true }, { numerator: 32, denominator: 250 }).stake.amount).toBe(3_500);
    expect(drawTicketCost(USA01, { entries: [{ zones: [[1, 2, 3, 4, 5], [1]] }], addOns: ['powerPlay'] }, { numerator: 1, denominator: 1 })).toMatchObject({ stake: { amount: 300 }, fee: { amount: 30 }, points: 330 });
  });
});

describe('what a ticket could win (shown before paying) and the maximum-prize check', () => {
  it('Mark Six 7-number multiple: 1 line in the 1st division and 6 in the 2nd if all seven hit (the seventh as extra)', () => {
    expect(bestCaseWins(HKA01, { entries: [{ zones: [seven] }], system: true }).map(({ division, lines }) => ({ division, lines }))).toEqual([
      { division: 1, lines: 1 },
      { division: 2, lines: 6 },
    ]);
  });

  it('今彩539 6-number system: 1 line of 頭獎 (NT$8M) and 5 of 貳獎 (NT$20,000) if five of the six hit → NT$8.1M fixed at most', () => {
    const ticket = { entries: [{ zones: [[1, 2, 3, 4, 5, 6]] }], system: true };
    expect(maxFixedPrize(TWA03, ticket)).toEqual({ amount: 810_000_000, currency: 'TWD' });
  });

  it('a single Mark Six line: the 1st–3rd divisions are shared pools, so it is quoted the best fixed division, the 4th (HK$9,600), not 0 (issue 34)', () => {
    const line = { entries: [{ zones: [[1, 2, 3, 4, 5, 6]] }] };
    expect(bestFixedDivision(HKA01, {})).toEqual({ division: 4, amount: { amount: 960_000, currency: 'HKD' } });
    expect(quotedMaxPrize(HKA01, line)).toEqual({ amount: 960_000, currency: 'HKD' });
    // The limit keeps counting the best case (every picked number drawn): the 1st division, a pool.
    expect(maxFixedPrize(HKA01, line).amount).toBe(0);
    // A system ticket's best case already holds more than one line's best fixed prize.
    const system = { entries: [{ zones: [[1, 2, 3, 4, 5, 6]] }], system: true };
    expect(quotedMaxPrize(TWA03, system)).toEqual(maxFixedPrize(TWA03, system));
    // The partial unit pays its share of it.
    expect(bestFixedDivision(HKA01, { partialUnit: true })?.amount.amount).toBe(480_000);
  });

  it('Power Play: the maximum counts Match 5 at US$2M and other fixed prizes at 10×', () => {
    // One line: all five and the Powerball is the jackpot pool (0 fixed); it is quoted Match 5, US$2M with Power Play.
    expect(maxFixedPrize(USA01, { entries: [{ zones: [[1, 2, 3, 4, 5], [1]] }], addOns: ['powerPlay'] }).amount).toBe(0);
    expect(quotedMaxPrize(USA01, { entries: [{ zones: [[1, 2, 3, 4, 5], [1]] }], addOns: ['powerPlay'] }).amount).toBe(200_000_000);
    expect(maxFixedPrize(USA01, { entries: [{ zones: [[1, 2, 3, 4, 5], [1, 2]] }], system: true, addOns: ['powerPlay'] }).amount).toBe(200_000_000);
  });
});

describe('settlement: pools pending until entered, caps shared equally', () => {
  const result = { zones: [[1, 2, 3, 4, 5, 6]], extra: [10] };
  it('a Mark Six line in the 2nd division (pool) is pending, then pays the amount entered', () => {
    const ticket = { entries: [{ zones: [[1, 2, 3, 4, 5, 10]] }] };
    const pending = settleDrawTicket(HKA01, ticket, result, (d) => divisionUnitPrize(d, { poolAmounts: {}, winners: {} }));
    expect(pending).toMatchObject({ prize: { amount: 0 }, pendingDivisions: [2], lines: [{ division: 2, prize: null }] });
    const paid = settleDrawTicket(HKA01, ticket, result, (d) => divisionUnitPrize(d, { poolAmounts: { 2: 123_456_00 }, winners: {} }));
    expect(paid).toMatchObject({ prize: { amount: 12_345_600 }, pendingDivisions: [] });
  });

  it('今彩539 頭獎: NT$8M each up to 3 winners; 4 winners share NT$24M → NT$6M; 7 winners → NT$3,428,571 (fractions of a dollar dropped)', () => {
    const first = TWA03.table.divisions[0]!;
    expect(divisionUnitPrize(first, { poolAmounts: {}, winners: { 1: 3 } })).toBe(800_000_000);
    expect(divisionUnitPrize(first, { poolAmounts: {}, winners: { 1: 4 } })).toBe(600_000_000);
    expect(divisionUnitPrize(first, { poolAmounts: {}, winners: { 1: 7 } })).toBe(342_857_100);
  });

  it('雙贏彩 貳獎 cap NT$20M: draw 107037’s 2,407 winners would get NT$8,309 each instead of NT$100,000', () => {
    const second = TWA05.table.divisions[1]!;
    expect(divisionUnitPrize(second, { poolAmounts: {}, winners: { 2: 200 } })).toBe(10_000_000);
    expect(divisionUnitPrize(second, { poolAmounts: {}, winners: { 2: 2_407 } })).toBe(830_900);
  });
});
