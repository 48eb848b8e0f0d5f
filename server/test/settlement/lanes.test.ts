import { describe, expect, it } from 'vitest';
import { lanesByMember as lanesOfIds } from '../../src/settlement/service.ts';

/** The lanes with the order ids as this test names them (text). */
const lanesByMember = (orders: ReadonlyArray<{ id: string; userId: string }>, count: number) =>
  lanesOfIds(orders.map((o) => ({ id: Number(o.id), userId: Number(o.userId) })), count).map((lane) => lane.map(String));

/**
 * The lanes a draw is settled in: pages of different lanes are in flight at once, and a page holds
 * its members' wallets and inbox counts until it commits, so no member may be in two lanes.
 */
describe('lanesByMember (the settlement lanes of a draw)', () => {
  const orders = (members: number[]) => members.map((member, i) => ({ id: String(100 + i), userId: String(member) }));
  const memberOf = (all: ReturnType<typeof orders>) => new Map(all.map((o) => [o.id, o.userId]));

  it('puts each member in one lane, every order once, each lane in id order, the lanes even', () => {
    const all = orders(Array.from({ length: 3000 }, (_, i) => 1 + ((i * 7) % 30)));
    const lanes = lanesByMember(all, 3);
    expect(lanes).toHaveLength(3);
    expect(lanes.flat().sort()).toEqual(all.map((o) => o.id).sort());
    const member = memberOf(all);
    const membersOf = lanes.map((lane) => new Set(lane.map((id) => member.get(id))));
    for (const [i, a] of membersOf.entries()) for (const b of membersOf.slice(i + 1)) expect([...a].filter((m) => b.has(m))).toEqual([]);
    for (const lane of lanes) expect(lane).toEqual([...lane].sort((x, y) => Number(x) - Number(y)));
    expect(lanes.map((lane) => lane.length)).toEqual([1000, 1000, 1000]);
  });

  it('gives a member holding most of the draw a lane of their own, and leaves out empty lanes', () => {
    const all = orders([5, 5, 5, 5, 5, 5, 1, 2, 5, 5]);
    const lanes = lanesByMember(all, 3);
    const member = memberOf(all);
    expect(lanes.map((lane) => [...new Set(lane.map((id) => member.get(id)))].sort())).toEqual([['5'], ['1'], ['2']]);
    expect(lanesByMember(orders([7, 7]), 3)).toEqual([['100', '101']]);
    expect(lanesByMember([], 3)).toEqual([]);
  });
});
