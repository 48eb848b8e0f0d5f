import type { DrawOrderBody, OrderWire } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../../shared/api/idempotency-key.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { attemptFor } from '../../shared/orders/order-attempt.ts';
import { orderKey } from '../../shared/orders/order-query.ts';
import { bodyFingerprint } from './order-body.ts';
import { drawAttemptAtom } from './ticket-atoms.ts';

/** `POST /api/orders` of a draw ticket: one order per draw (`orders`), `order` the first. */
export interface DrawPlacement {
  order: OrderWire;
  orders?: OrderWire[];
}

/**
 * Confirms a draw ticket once, as `useIdempotentPlacement` does for keno and football: the
 * Idempotency-Key is kept with the body, so a retry after a lost answer can never buy twice;
 * a second click while in flight does nothing. Every order bought is put in the cache.
 */
export function usePlaceDrawOrder(onPlaced: (orders: OrderWire[]) => void) {
  const http = useHttp();
  const store = useStore();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: DrawOrderBody; key: string }) => http.post<DrawPlacement>('/api/orders', body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: (placed) => {
      store.set(drawAttemptAtom, null);
      const orders = placed.orders?.length ? placed.orders : [placed.order];
      for (const order of orders) queryClient.setQueryData(orderKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      onPlaced(orders);
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const { mutate, reset } = mutation;
  const place = useCallback(
    (body: DrawOrderBody) => {
      if (inFlight.current) return;
      inFlight.current = true;
      const attempt = attemptFor(store.get(drawAttemptAtom), bodyFingerprint(body), newIdempotencyKey);
      store.set(drawAttemptAtom, attempt);
      mutate({ body, key: attempt.key });
    },
    [mutate, store],
  );
  return { place, reset, pending: mutation.isPending, error: mutation.error };
}
