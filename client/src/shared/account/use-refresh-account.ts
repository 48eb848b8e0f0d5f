import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { queryKeys } from '../api/query-keys.ts';
import { useNotify } from '../toasts/use-notify.ts';

/** The header's "update points and orders": refetch balance, ledger and orders, then say how it went. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      const keys = [queryKeys.me, queryKeys.wallet, queryKeys.orders];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const failed = queryClient.getQueryState(queryKeys.me);
      if (failed?.status === 'error') notify.error(failed.error);
      else notify.success({ id: 'success.update_successful' });
    } finally {
      setRefreshing(false);
    }
  }, [queryClient, notify]);

  return { refresh, refreshing };
}
