import type { OrderWire } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore, type WritableAtom } from 'jotai';
import { useCallback, useRef, type SetStateAction } from 'react';
import { newIdempotencyKey } from '../api/idempotency-key.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useHttp } from '../api/services.tsx';
import { attemptFor, type OrderAttempt } from './order-attempt.ts';

type AttemptAtom = WritableAtom<OrderAttempt | null, [SetStateAction<OrderAttempt | null>], void>;

/**
 * Confirms an order: `POST /api/orders` under the order's Idempotency-Key (kept in
 * `attemptAtom`). A second click while the first is in flight does nothing; a retry of the same
 * body after a failure reuses the key; once bought, the key is spent, `onPlaced` runs and the
 * member's balance is re-read.
 */
export function useIdempotentPlacement<B>(attemptAtom: AttemptAtom, fingerprint: (body: B) => string, onPlaced: (order: OrderWire) => void) {
  const http = useHttp();
  const store = useStore();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);

  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: B; key: string }) => http.post<{ order: OrderWire }>('/api/orders', body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: ({ order }) => {
      store.set(attemptAtom, null);
      onPlaced(order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const { mutate, reset } = mutation;
  const place = useCallback(
    (body: B) => {
      if (inFlight.current) return;
      inFlight.current = true;
      const attempt = attemptFor(store.get(attemptAtom), fingerprint(body), newIdempotencyKey);
      store.set(attemptAtom, attempt);
      mutate({ body, key: attempt.key });
    },
    [mutate, store, attemptAtom, fingerprint],
  );

  return { place, reset, pending: mutation.isPending, error: mutation.error, placed: mutation.data?.order ?? null, variables: mutation.variables };
}
