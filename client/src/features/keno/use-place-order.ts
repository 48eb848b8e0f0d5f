import type { KenoOrderBody, OrderWire } from '@gp/common';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useIdempotentPlacement } from '../../shared/orders/use-idempotent-placement.ts';
import { orderKey } from '../../shared/orders/order-query.ts';
import { bodyFingerprint } from './order-attempt.ts';
import { followedOrdersAtom, orderAttemptAtom } from './ticket-atoms.ts';

/**
 * Confirms a ticket once (see `useIdempotentPlacement`); once bought, the screen follows the new
 * order of this product.
 */
export function usePlaceOrder(code: string) {
  const queryClient = useQueryClient();
  const follow = useSetAtom(followedOrdersAtom);
  const onPlaced = useCallback(
    (order: OrderWire) => {
      follow((all) => ({ ...all, [code]: order.id }));
      queryClient.setQueryData(orderKey(order.id), order);
    },
    [code, follow, queryClient],
  );
  return useIdempotentPlacement<KenoOrderBody>(orderAttemptAtom, bodyFingerprint, onPlaced);
}
