import type { FootballOrderBody, OrderWire } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../../shared/api/idempotency-key.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { kenoKeys } from '../keno/keno-queries.ts';
import { attemptFor } from '../keno/order-attempt.ts';
import { footballFingerprint } from './order-fingerprint.ts';
import { followedOrderAtom, footballAttemptAtom } from './slip-atoms.ts';

/**
 * Confirms the slip: `POST /api/orders` under the slip's Idempotency-Key. A second click while
 * the first is in flight does nothing; a retry of the same slip after a failure (a dropped
 * connection, a deposit made meanwhile) reuses the key, so it is never bought twice; a changed
 * slip (new prices accepted, another amount) gets a new key. Once bought, the screen follows the order.
 */
export function usePlaceFootballOrder() {
  const http = useHttp();
  const store = useStore();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);

  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: FootballOrderBody; key: string }) =>
      http.post<{ order: OrderWire }>('/api/orders', body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: ({ order }) => {
      store.set(footballAttemptAtom, null);
      store.set(followedOrderAtom, order.id);
      queryClient.setQueryData(kenoKeys.order(order.id), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const { mutate, reset } = mutation;
  const place = useCallback(
    (body: FootballOrderBody) => {
      if (inFlight.current) return;
      inFlight.current = true;
      const attempt = attemptFor(store.get(footballAttemptAtom), footballFingerprint(body), newIdempotencyKey);
      store.set(footballAttemptAtom, attempt);
      mutate({ body, key: attempt.key });
    },
    [mutate, store],
  );

  return { place, reset, pending: mutation.isPending, error: mutation.error, placed: mutation.data?.order ?? null };
}
