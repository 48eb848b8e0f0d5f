import type { KenoProduct } from '../products/types.ts';
import type { KenoLine, KenoSettlement } from './keno.ts';

/** Why a line pays less than its table prize. */
export type CapRule = 'starPool' | 'sharedTopPrize' | 'onePrize' | 'perTicket';

/**
 * The rules one ticket carries on its own (Canada): only its best prize counts, and all of it
 * together is capped per draw. Lines keep their order; the cap is taken from the first winning
 * lines, so the line prizes always add up to the ticket's prize. Changes the given lines in
 * place: callers pass lines they have just built.
 */
export function applyTicketRules(product: KenoProduct, lines: KenoLine[]): KenoSettlement {
  const { perTicket } = product.caps;
  if (perTicket?.onePrize) {
    let best: KenoLine | null = null;
    for (const line of lines) if (line.outcome === 'win' && line.prize > (best?.prize ?? 0)) best = line;
    for (const line of lines) if (line.outcome === 'win' && line !== best && line.prize > 0) reduce(line, 0, 'onePrize');
  }
  if (perTicket) {
    let room = perTicket.amount;
    for (const line of lines) {
      if (line.outcome !== 'win') continue;
      if (line.prize > room) reduce(line, room, 'perTicket');
      room -= line.prize;
    }
  }
  let amount = 0;
  for (const line of lines) amount += line.prize;
  return { prize: { amount, currency: product.currency }, lines };
}

function reduce(line: KenoLine, prize: number, rule: CapRule): void {
  line.prize = prize;
  line.adjustments.push(rule);
}

/**
 * The per-draw caps, applied to the settlements of every winning ticket of one draw together
 * (tickets that won nothing may be left out). Returns new settlements in the same order;
 * recomputes from each line's `basePrize`, so applying it twice changes nothing.
 * - BINGO: if the 10-star prizes of the draw add up to more than NT$100M, each is cut to its
 *   share of NT$100M, rounded down to whole dollars, so together they never exceed it.
 * - Canada: with two or more 10-of-10 tickets, each gets at most its stake's share of
 *   CAD 200,000 (rounded down to the cent), and no ticket more than CAD 100,000.
 *
 * Example (BINGO): two 10/10 tickets at ×20 (NT$100M each) → each `prize.amount` 5_000_000_000 (NT$50M).
 */
export function applyDrawCaps(product: KenoProduct, settlements: readonly KenoSettlement[]): KenoSettlement[] {
  const tickets = settlements.map((settlement) => {
    if (settlement.prize.currency !== product.currency) {
      throw new RangeError(`a ${settlement.prize.currency} settlement is not a ${product.code} settlement`);
    }
    return settlement.lines.map((line): KenoLine => ({ ...line, prize: line.basePrize, adjustments: [] }));
  });
  const { starPool, sharedTopPrize } = product.caps;

  if (starPool) {
    const inPool = winningPicks(tickets, (line) => line.stars === starPool.stars).map(({ line }) => line);
    const total = sum(inPool.map((line) => line.basePrize));
    if (total > BigInt(starPool.pool)) {
      const unit = total * BigInt(starPool.roundTo);
      for (const line of inPool) {
        const share = (BigInt(line.basePrize) * BigInt(starPool.pool)) / unit;
        reduce(line, Number(share) * starPool.roundTo, 'starPool');
      }
    }
  }

  if (sharedTopPrize) {
    const { stars, matches, pool, minTickets } = sharedTopPrize;
    const hits = winningPicks(tickets, (line) => line.stars === stars && line.matches === matches);
    if (new Set(hits.map(({ ticket }) => ticket)).size >= minTickets) {
      const stakes = sum(hits.map(({ line }) => line.stake));
      for (const { line } of hits) {
        const share = Number((BigInt(pool) * BigInt(line.stake)) / stakes);
        if (share < line.prize) reduce(line, share, 'sharedTopPrize');
      }
    }
  }

  return tickets.map((lines) => applyTicketRules(product, lines));
}

type PickLine = Extract<KenoLine, { type: 'pick' }>;

function winningPicks(tickets: KenoLine[][], wanted: (line: PickLine) => boolean) {
  const found: { ticket: number; line: PickLine }[] = [];
  tickets.forEach((lines, ticket) => {
    for (const line of lines) if (line.type === 'pick' && line.outcome === 'win' && wanted(line)) found.push({ ticket, line });
  });
  return found;
}

function sum(values: number[]): bigint {
  let total = 0n;
  for (const value of values) total += BigInt(value);
  return total;
}
