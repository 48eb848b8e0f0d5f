import type { KenoOrderBody, OrderWire } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../../shared/api/idempotency-key.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { kenoKeys } from './keno-queries.ts';
import { attemptFor, bodyFingerprint } from './order-attempt.ts';
import { followedOrdersAtom, orderAttemptAtom } from './ticket-atoms.ts';

/**
 * Confirms a ticket: `POST /api/orders` under the ticket's Idempotency-Key. A second click while
 * the first is in flight does nothing; a retry of the same ticket after a failure reuses the key;
 * once bought, the key is spent and the screen follows the new order.
 */
export function usePlaceOrder(code: string) {
  const http = useHttp();
  const store = useStore();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);

  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: KenoOrderBody; key: string }) =>
      http.post<{ order: OrderWire }>('/api/orders', body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: ({ order }) => {
      store.set(orderAttemptAtom, null);
      store.set(followedOrdersAtom, (all) => ({ ...all, [code]: order.id }));
      queryClient.setQueryData(kenoKeys.order(order.id), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const { mutate, reset } = mutation;
  const place = useCallback(
    (body: KenoOrderBody) => {
      if (inFlight.current) return;
      inFlight.current = true;
      const attempt = attemptFor(store.get(orderAttemptAtom), bodyFingerprint(body), newIdempotencyKey);
      store.set(orderAttemptAtom, attempt);
      mutate({ body, key: attempt.key });
    },
    [mutate, store],
  );

  return { place, reset, pending: mutation.isPending, error: mutation.error, placed: mutation.data?.order ?? null, variables: mutation.variables };
}
