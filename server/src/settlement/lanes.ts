/**
 * Orders split into `count` lanes so that no member's orders are in two lanes, each lane's orders
 * in id order: the members with the most orders first, each to the lane with the fewest so far,
 * so the lanes stay even unless one member holds most of the target. Pages of different lanes can
 * then settle at once without waiting on each other's wallets.
 */
export function lanesByMember(orders: ReadonlyArray<{ id: number; userId: number }>, count: number): number[][] {
  const perMember = new Map<number, number>();
  for (const { userId } of orders) perMember.set(userId, (perMember.get(userId) ?? 0) + 1);
  const sizes = new Array<number>(count).fill(0);
  const laneOf = new Map<number, number>();
  for (const [userId, n] of [...perMember].sort((a, b) => b[1] - a[1])) {
    const lane = sizes.indexOf(Math.min(...sizes));
    laneOf.set(userId, lane);
    sizes[lane]! += n;
  }
  // Filled in the orders' own (id) order.
  const lanes = Array.from({ length: count }, () => [] as number[]);
  for (const { id, userId } of orders) lanes[laneOf.get(userId)!]!.push(id);
  return lanes.filter((lane) => lane.length > 0);
}
