import { KENO_PRODUCTS } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { cryptoRandomBelow } from '../../shared/random/crypto-random.ts';
import { autoPick, boardAreas, clampMultiplier, EMPTY_TICKET, orderBody, parseMultiplier, sideMarkets, ticketProblem, ticketUnits, toggleNumber, withAutoMultiplier, type Ticket } from './ticket.ts';

const ticket = (patch: Partial<Ticket>): Ticket => ({ ...EMPTY_TICKET, ...patch });

describe('picking numbers', () => {
  it('refuses a fourth number on a 3-star play, and says why', () => {
    expect(toggleNumber([5, 9, 12], 40, 3)).toEqual({ ok: false, reason: 'limit' });
  });

  it('always lets a chosen number be removed, even above the count', () => {
    expect(toggleNumber([5, 9, 12], 9, 3)).toEqual({ ok: true, numbers: [5, 12] });
    expect(toggleNumber([5, 9, 12, 30], 30, 2)).toEqual({ ok: true, numbers: [5, 9, 12] });
  });

  it('keeps the chosen numbers in order as they are added', () => {
    expect(toggleNumber([41, 5], 23, 3)).toEqual({ ok: true, numbers: [5, 23, 41] });
  });

  it('asks for the count to play before the first number', () => {
    expect(toggleNumber([], 7, null)).toEqual({ ok: false, reason: 'choose_stars' });
  });

  it('fills the rest at random, keeping what was chosen, without repeats and within the pool', () => {
    for (let run = 0; run < 200; run++) {
      const picked = autoPick([7, 66], 10, 80);
      expect(picked).toHaveLength(10);
      expect(new Set(picked).size).toBe(10);
      expect(picked).toEqual(expect.arrayContaining([7, 66]));
      expect(picked.every((n) => n >= 1 && n <= 80)).toBe(true);
      expect([...picked].sort((a, b) => a - b)).toEqual(picked);
    }
    expect(autoPick([], 3, 70, () => 0)).toEqual([1, 2, 3]);
    expect(autoPick([1, 2, 3, 4], 2, 80)).toEqual([1, 2]);
  });

  it('draws uniform integers below the bound', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(cryptoRandomBelow(5));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('splits the board into 01–40 / 41–80, or 01–35 / 36–70 for Speed Keno', () => {
    expect(boardAreas(80)).toEqual([[1, 40], [41, 80]]);
    expect(boardAreas(70)).toEqual([[1, 35], [36, 70]]);
  });
});

describe('the ticket as an order', () => {
  it('builds API.md’s body from a complete ticket', () => {
    const t = ticket({ stars: 3, numbers: [1, 23, 45], bigSmall: 'big', multiplier: 2 });
    expect(orderBody(t, 'TWB01', '115016038')).toEqual({
      productCode: 'TWB01',
      issue: '115016038',
      trial: false,
      multiplier: 2,
      plays: [
        { type: 'pick', stars: 3, numbers: [1, 23, 45] },
        { type: 'bigSmall', pick: 'big' },
      ],
    });
    expect(ticketUnits(t)).toBe(4);
  });

  it('counts super numbers one unit each and sends them only while the option is on', () => {
    const t = ticket({ oddEven: 'odd', superNumber: true, superNumbers: [7, 66], multiplier: 3, trial: true });
    expect(orderBody(t, 'TWB01', '1')?.plays).toEqual([
      { type: 'oddEven', pick: 'odd' },
      { type: 'superNumber', numbers: [7, 66] },
    ]);
    expect(orderBody(t, 'TWB01', '1')?.trial).toBe(true);
    expect(ticketUnits(t)).toBe(9);
    expect(orderBody({ ...t, superNumber: false }, 'TWB01', '1')?.plays).toEqual([{ type: 'oddEven', pick: 'odd' }]);
  });

  it('holds back an unfinished pick, too many numbers, an empty ticket and a ticket with no issue on sale', () => {
    expect(ticketProblem(ticket({ stars: 5, numbers: [1, 2] }))).toEqual({ code: 'pick_more', count: 3 });
    expect(ticketProblem(ticket({ stars: 2, numbers: [1, 2, 3] }))).toEqual({ code: 'selection_exceeds_pick_count', stars: 2, selected: 3 });
    expect(ticketProblem(ticket({ stars: null, numbers: [1] }))).toEqual({ code: 'choose_stars' });
    expect(ticketProblem(EMPTY_TICKET)).toEqual({ code: 'empty' });
    expect(ticketProblem(ticket({ stars: 4 }))).toEqual({ code: 'empty' });
    expect(orderBody(ticket({ stars: 5, numbers: [1, 2] }), 'TWB01', '1')).toBeNull();
    expect(orderBody(ticket({ stars: 1, numbers: [1] }), 'TWB01', null)).toBeNull();
  });

  it('plays only the side bets when stars are chosen but no number is', () => {
    expect(orderBody(ticket({ stars: 4, bigSmall: 'small' }), 'TWB01', '1')?.plays).toEqual([{ type: 'bigSmall', pick: 'small' }]);
  });

  it('refuses a typed multiplier it cannot take instead of cutting it: 10.5 is not 10, 11 is not 10', () => {
    expect(parseMultiplier('3', 10)).toBe(3);
    expect(parseMultiplier(' 10 ', 10)).toBe(10);
    expect(parseMultiplier('10.5', 10)).toBe('invalid');
    expect(parseMultiplier('11', 10)).toBe('invalid');
    expect(parseMultiplier('0', 10)).toBe('invalid');
    expect(parseMultiplier('-2', 10)).toBe('invalid');
    expect(parseMultiplier('', 10)).toBe('empty');
  });

  it('a ticket whose multiplier field holds something unusable cannot be ordered', () => {
    const t = ticket({ stars: 1, numbers: [7], multiplier: null });
    expect(ticketProblem(t)).toEqual({ code: 'multiplier' });
    expect(orderBody(t, 'TWB01', '1')).toBeNull();
  });

  it('the − and + buttons keep the multiplier within 1 and the product’s maximum', () => {
    expect(clampMultiplier(0, 10)).toBe(1);
    expect(clampMultiplier(12, 10)).toBe(10);
    expect(clampMultiplier(3.7, 10)).toBe(3);
    expect(clampMultiplier(Number.NaN, 10)).toBe(1);
  });

  it('offers only the side bets the product sells: BINGO big/small and odd/even with draw, small odd and small even; none for Canada Keno', () => {
    const rules = (code: 'TWB01' | 'CAB01') => ({ sideBets: KENO_PRODUCTS[code].sideBets }) as never;
    expect(sideMarkets(rules('TWB01'))).toEqual({ bigSmall: ['big', 'small'], oddEven: ['odd', 'even', 'smallOdd', 'smallEven', 'draw'] });
    expect(sideMarkets(rules('CAB01'))).toEqual({ bigSmall: [], oddEven: [] });
  });

  it('until the member sets it, the multiplier is the smallest that makes the 3-unit minimum, so a first ticket can be bought as it is', () => {
    const onePick = withAutoMultiplier(ticket({ stars: 1, numbers: [7] }), 3, 10);
    expect(onePick.multiplier).toBe(3);
    expect(ticketUnits(onePick)).toBe(3);
    expect(ticketProblem(onePick, 3)).toBeNull();
    // A second and third play bring it down again: three plays at ×1 are the minimum already.
    expect(withAutoMultiplier(ticket({ stars: 1, numbers: [7], bigSmall: 'big' }), 3, 10).multiplier).toBe(2);
    expect(withAutoMultiplier(ticket({ stars: 1, numbers: [7], bigSmall: 'big', oddEven: 'odd' }), 3, 10).multiplier).toBe(1);
    // Nothing picked yet: the multiplier a single play will need. Never past the product's maximum.
    expect(withAutoMultiplier(EMPTY_TICKET, 3, 10).multiplier).toBe(3);
    expect(withAutoMultiplier(EMPTY_TICKET, 3, 2).multiplier).toBe(2);
  });

  it('a multiplier the member set stays as set, even under the minimum (the summary then says why Buy waits)', () => {
    const chosen = ticket({ stars: 1, numbers: [7], multiplier: 1, autoMultiplier: false });
    expect(withAutoMultiplier(chosen, 3, 10)).toBe(chosen);
    expect(ticketProblem(chosen, 3)).toEqual({ code: 'below_minimum', units: 1, minimum: 3 });
  });
});
