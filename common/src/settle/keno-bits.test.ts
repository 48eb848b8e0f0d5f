import { describe, expect, it } from 'vitest';
import type { KenoProduct, SideOption } from '../products/types.ts';
import { KENO_PRODUCTS } from '../products/keno.ts';
import { withOverrides } from '../products/overrides.ts';
import { kenoPrizes, packKenoTickets, popcount32, prepareKenoDraw } from './keno-bits.ts';
import { settleKenoTicket, type KenoPlay, type KenoTicket } from './keno.ts';
import { drawWith } from './test-draws.ts';

/** A small deterministic generator (mulberry32): the same tickets on every run. */
function random(seed: number) {
  return (below: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % below);
  };
}

function numbersOf(rand: (n: number) => number, count: number, pool: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(1 + rand(pool));
  return [...chosen];
}

/** Any ticket the product sells, including the shapes the packed columns cannot hold (two picks, an option twice). */
function randomTicket(product: KenoProduct, rand: (n: number) => number): KenoTicket {
  const pool = product.matrix.poolSize;
  const plays: KenoPlay[] = [];
  const picks = rand(10) === 0 ? 2 : rand(8) === 0 ? 0 : 1;
  for (let i = 0; i < picks; i++) {
    const stars = product.picks.min + rand(product.picks.max - product.picks.min + 1);
    plays.push({ type: 'pick', stars, numbers: numbersOf(rand, stars, pool) });
  }
  const offered = (Object.keys(product.sideBets) as SideOption[]).filter((o) => product.sideBets[o]?.offered);
  for (let i = rand(4); i > 0 && offered.length; i--) {
    const option = offered[rand(offered.length)]!;
    plays.push(option === 'big' || option === 'small' ? { type: 'bigSmall', pick: option } : { type: 'oddEven', pick: option });
  }
  if (product.superNumber?.offered && rand(3) === 0) {
    for (let i = rand(8) === 0 ? 2 : 1; i > 0; i--) plays.push({ type: 'superNumber', numbers: numbersOf(rand, 1 + rand(product.superNumber.maxNumbers), pool) });
  }
  if (plays.length === 0) plays.push({ type: 'superNumber', numbers: [1] });
  return { multiplier: 1 + rand(product.maxMultiplier.value), plays };
}

describe('keno prizes as bit sets', () => {
  it('counts the bits of a 32-bit word', () => {
    for (const [word, bits] of [[0, 0], [1, 1], [0xffffffff, 32], [0x80000001, 2], [0x0f0f0f0f, 16]] as const) expect(popcount32(word)).toBe(bits);
  });

  // A member's prize must not depend on which path computed it: the packed one is checked
  // against the definition on thousands of tickets of every product, on draws with and without
  // side-market winners, and with the Canada-style per-ticket rules switched on for BINGO.
  const products: Array<[string, KenoProduct]> = [
    ...Object.entries(KENO_PRODUCTS),
    ['TWB01 with refunds, one prize and a per-ticket cap', withOverrides(KENO_PRODUCTS.TWB01, { source: 'test', sideBetNoWinner: { rule: 'refund' }, caps: { perTicket: { onePrize: true, amount: 500_000 } } })],
  ];
  for (const [name, product] of products) {
    it(`gives settleKenoTicket's prize for every ticket: ${name}`, () => {
      const rand = random(name.length * 7919);
      const bingo = product.matrix.drawCount === 20 && product.matrix.poolSize === 80;
      const draws = bingo
        ? [drawWith({ big: 13, odd: 10 }), drawWith({ big: 10, odd: 13 }), drawWith({ big: 11, odd: 11 }), numbersOf(rand, 20, 80)]
        : [numbersOf(rand, product.matrix.drawCount, product.matrix.poolSize), numbersOf(rand, product.matrix.drawCount, product.matrix.poolSize)];
      for (const numbers of draws) {
        const tickets = Array.from({ length: 3000 }, () => randomTicket(product, rand));
        const draw = prepareKenoDraw(product, numbers);
        const packed = packKenoTickets(product, tickets, draw);
        const prizes = kenoPrizes(draw, packed, new Float64Array(tickets.length));
        const expected = tickets.map((ticket) => settleKenoTicket(product, ticket, { numbers }).prize.amount);
        expect(Array.from(prizes)).toEqual(expected);
        expect(expected.some((prize) => prize > 0)).toBe(true);
      }
    });
  }
});
