import { describe, expect, it } from 'vitest';
import { gatherJobs } from '../../src/platform/job-gathering.ts';
import type { JobEffect } from '../../src/platform/outbox.ts';

/** A purchase effect of one order, as `purchaseJob.effect` writes it (the queue's typing is the orders feature's). */
const purchase = (orderId: string, gather = { field: 'orderIds', max: 3 }) =>
  ({ kind: 'job', queue: 'order-purchase', name: 'purchase', data: { orderIds: [orderId] }, jobId: `purchase-${orderId}-x`, opts: { removeOnComplete: true }, gather }) as unknown as JobEffect;
const timeout = { kind: 'job', queue: 'order-timeout', name: 'order-timeout', data: { closeAt: '2026-05-01T12:00:00.000Z' }, jobId: 'order-timeout-x' } as unknown as JobEffect;
const idsOf = (effect: JobEffect) => (effect.data as unknown as { orderIds: string[] }).orderIds;

describe('gatherJobs (the job effects of one outbox delivery)', () => {
  it('joins gathered effects into jobs of up to `max`, their items in the order given; others pass as they are', () => {
    const joined = gatherJobs([purchase('1'), timeout, purchase('2'), purchase('3'), purchase('4')]);
    expect(joined[0]).toBe(timeout);
    expect(joined.slice(1).map(idsOf)).toEqual([['1', '2', '3'], ['4']]);
  });

  it('keeps the id of one left alone, and names a joined job by what it holds: the same effects, the same id', () => {
    const [alone] = gatherJobs([purchase('9')]);
    expect(alone!.jobId).toBe('purchase-9-x');
    const once = gatherJobs([purchase('1'), purchase('2')])[0]!;
    const twice = gatherJobs([purchase('1'), purchase('2')])[0]!;
    const other = gatherJobs([purchase('1'), purchase('3')])[0]!;
    expect(once.jobId).toBe(twice.jobId);
    expect(once.jobId).not.toBe(other.jobId);
    expect(once.jobId).not.toContain(':'); // BullMQ refuses ':' in a job id
  });

  it('never joins effects that differ in queue, time or options', () => {
    const later = { ...purchase('2'), runAt: '2026-05-01T12:00:00.000Z' } as JobEffect;
    const otherOptions = { ...purchase('3'), opts: { attempts: 1 } } as JobEffect;
    expect(gatherJobs([purchase('1'), later, otherOptions]).map(idsOf)).toEqual([['1'], ['2'], ['3']]);
  });
});
