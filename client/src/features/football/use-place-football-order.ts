import type { FootballOrderBody, OrderWire } from '@gp/common';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useIdempotentPlacement } from '../../shared/orders/use-idempotent-placement.ts';
import { orderKey } from '../../shared/orders/order-query.ts';
import { footballFingerprint } from './order-fingerprint.ts';
import { followedOrderAtom, footballAttemptAtom } from './slip-atoms.ts';

/**
 * Confirms the slip once (see `useIdempotentPlacement`): a changed slip (new prices accepted,
 * another amount) gets a new key. Once bought, the screen follows the order.
 */
export function usePlaceFootballOrder() {
  const queryClient = useQueryClient();
  const follow = useSetAtom(followedOrderAtom);
  const onPlaced = useCallback(
    (order: OrderWire) => {
      follow(order.id);
      queryClient.setQueryData(orderKey(order.id), order);
    },
    [follow, queryClient],
  );
  return useIdempotentPlacement<FootballOrderBody>(footballAttemptAtom, footballFingerprint, onPlaced);
}
