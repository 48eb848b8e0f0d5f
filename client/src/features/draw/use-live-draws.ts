import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useChannel, useSocketEvent } from '../../shared/realtime/use-channel.ts';
import { drawKeys } from './draw-queries.ts';

/**
 * Keeps a draw product's screens current over its `draws:<code>` channel: the product (next
 * draws, jackpot) is re-read on every (re)subscription and when the server pushes a `jackpot`
 * change; results are re-read when a `lotteryDraw` (a result, or pool amounts) is published.
 * Events are hints; HTTP is the truth.
 */
export function useLiveDraws(code: string | null) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    if (!code) return;
    void queryClient.invalidateQueries({ queryKey: drawKeys.product(code) });
    void queryClient.invalidateQueries({ queryKey: ['draw', 'results', code] });
  }, [queryClient, code]);
  useChannel(code ? `draws:${code}` : null, refresh);
  useSocketEvent('jackpot', (payload) => {
    if (payload.productCode === code) void queryClient.invalidateQueries({ queryKey: drawKeys.product(payload.productCode) });
  });
  useSocketEvent('lotteryDraw', (payload) => {
    if (payload.productCode !== code) return;
    refresh();
    // The member's own orders on that draw are settling: their outcome changes too.
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  });
}
