import type { BalancePayload, DepositEventPayload, OrderEventPayload } from '@gp/common';
import type { Job, Queue } from 'bullmq';
import { describe, expectTypeOf, it } from 'vitest';
import type { OrderRow, OrderStatus } from '../../src/db/types.ts';
import type { OrderJob } from '../../src/orders/jobs.ts';
import type { MovedOrder, PurchaseRow, ordersRepo } from '../../src/orders/repo.ts';
import type { BusMessage, BusPayloads } from '../../src/platform/event-bus.ts';
import type { Id } from '../../src/platform/ids.ts';
import type { JobEffectOf } from '../../src/platform/outbox.ts';
import type { NoData, QueueFactory, QueueMap, QueueName } from '../../src/platform/queues.ts';

/**
 * The typed contracts the server leans on, checked by the compiler: `npm run typecheck` (tsc -p
 * server) fails when one drifts. vitest runs the file too, but `expectTypeOf` does nothing at run
 * time: a broken contract shows as a type error, not a failed test.
 */

/** A queue's job data, as BullMQ's `Queue` carries it. */
type DataOf<T> = T extends Queue<infer D> ? D : never;

/** The fields of a job's data that name rows: `…Id` and `…Ids` (a `requestId` is a random token, not a row). */
type RowIdFields<T> = { [K in keyof T]: K extends 'requestId' ? never : K extends `${string}Id` | `${string}Ids` ? T[K] : never }[keyof T];

describe('the queue map (platform/queues.ts QueueMap)', () => {
  it("gives a queue's jobs the data of its name, with no type argument at the call", () => {
    // Never called: the compiler checks the calls as a feature writes them.
    const _asAFeatureWritesIt = (queues: QueueFactory) => {
      const purchases = queues.queue('order-purchase');
      expectTypeOf(purchases).toExtend<Queue<OrderJob>>();
      expectTypeOf<DataOf<typeof purchases>>().toEqualTypeOf<OrderJob>();
      queues.worker('deposit-query', async (job) => {
        expectTypeOf(job).toEqualTypeOf<Job<{ depositId: number }>>();
      });
    };
    expectTypeOf(_asAFeatureWritesIt).toBeFunction();
    expectTypeOf<QueueMap['order-settle']>().toEqualTypeOf<{ drawId: number }>();
    expectTypeOf<QueueMap['football-settle']>().toEqualTypeOf<{ eventId: number }>();
    expectTypeOf<QueueMap['order-reconcile']>().toEqualTypeOf<NoData>();
  });

  it('names every row in job data by its number (ids are numbers in server code)', () => {
    expectTypeOf<OrderJob['orderIds']>().toEqualTypeOf<Id[]>();
    expectTypeOf<{ [Q in QueueName]: RowIdFields<QueueMap[Q]> }[QueueName]>().toEqualTypeOf<Id | Id[]>();
  });

  it("holds an outbox job effect to its queue's data", () => {
    expectTypeOf<JobEffectOf<'order-purchase'>['data']>().toEqualTypeOf<OrderJob>();
    expectTypeOf<{ kind: 'job'; queue: 'deposit-query'; name: string; jobId: string; data: { depositId: string } }>().not.toExtend<JobEffectOf<'deposit-query'>>();
    expectTypeOf<{ kind: 'job'; queue: 'deposit-query'; name: string; jobId: string; data: { depositId: number } }>().toExtend<JobEffectOf<'deposit-query'>>();
  });
});

describe('the event bus messages (platform/event-bus.ts BusMessage)', () => {
  it("types a message's payload by its event", () => {
    expectTypeOf<BusMessage<'order'>['payload']>().toEqualTypeOf<OrderEventPayload>();
    expectTypeOf<BusMessage<'balance'>['payload']>().toEqualTypeOf<BalancePayload>();
    expectTypeOf<BusMessage<'deposit'>['payload']>().toEqualTypeOf<DepositEventPayload>();
    expectTypeOf<BusMessage<'draws_updated'>['payload']>().toEqualTypeOf<{ productCode: string }>();
    expectTypeOf<BusMessage<'session_ended'>['payload']>().toEqualTypeOf<null>();
  });

  it('refuses a payload of another event, and carries socket payloads as they are sent (ids as JSON text)', () => {
    expectTypeOf<{ room: string; event: 'order'; payload: BalancePayload }>().not.toExtend<BusMessage>();
    expectTypeOf<{ room: string; event: 'balance'; payload: BalancePayload }>().toExtend<BusMessage>();
    expectTypeOf<BusPayloads['order']['id']>().toEqualTypeOf<string>();
    expectTypeOf<BusPayloads['deposit']['id']>().toEqualTypeOf<string>();
  });
});

describe("the order repo's selections (orders/repo.ts)", () => {
  it('reads an order as its row, the purchase its columns only, a transition what a push needs', () => {
    expectTypeOf<Awaited<ReturnType<typeof ordersRepo.find>>>().toEqualTypeOf<OrderRow | undefined>();
    expectTypeOf<Awaited<ReturnType<typeof ordersRepo.findForPurchase>>>().toEqualTypeOf<PurchaseRow[]>();
    expectTypeOf<PurchaseRow>().toEqualTypeOf<Pick<OrderRow, 'id' | 'status' | 'trial' | 'product_code' | 'issue' | 'sales_close_at' | 'created_at'>>();
    expectTypeOf<Awaited<ReturnType<typeof ordersRepo.transitionMany>>>().toEqualTypeOf<Array<{ row: MovedOrder; prevStatus: OrderStatus }>>();
    expectTypeOf<Awaited<ReturnType<typeof ordersRepo.history>>>().toEqualTypeOf<Array<{ from: OrderStatus | null; to: OrderStatus; at: Date; reason: string }>>();
  });

  it('gives ids and references as numbers and statuses as their codes', () => {
    expectTypeOf<OrderRow['id']>().toEqualTypeOf<Id>();
    expectTypeOf<OrderRow['user_id']>().toEqualTypeOf<Id>();
    expectTypeOf<OrderRow['draw_id']>().toEqualTypeOf<Id | null>();
    expectTypeOf<OrderRow['lottery_draw_id']>().toEqualTypeOf<Id | null>();
    expectTypeOf<OrderRow['status']>().toEqualTypeOf<0 | 1 | 2 | 8 | 9>();
    expectTypeOf<MovedOrder>().toEqualTypeOf<{ id: Id; user_id: Id; status: OrderStatus; updated_at: Date }>();
  });
});
