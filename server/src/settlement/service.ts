/**
 * Settlement, the part every game family shares (the public face of this folder). A family
 * computes what each of its orders won with its own rules (games/<family>/settlement.ts) and
 * records it through these parts: its job and sweep (`defineSettlementJob`), the batch its
 * conditional update reads (`settledBatch`), the members' lanes of a large target (`lanesByMember`)
 * and the pushes written with the credit (`settlementPushes`). Money moves only through the wallet,
 * in the transaction that marks each order settled.
 */
export { defineSettlementJob, SETTLEMENT_SWEEP_EVERY_MS, type SettlementJob, type SettlementJobContext, type Settler } from './jobs.ts';
export { lanesByMember } from './lanes.ts';
export { settlementPushes, type SettledOrder } from './pushes.ts';
export { settledBatch, type SettlementItem } from './repo.ts';
