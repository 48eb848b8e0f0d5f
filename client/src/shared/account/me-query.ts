import type { MeResponse } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { queryKeys } from '../api/query-keys.ts';
import { useHttp } from '../api/services.tsx';
import { isLoggedInAtom } from '../session/session-atoms.ts';

/** The member and both balances (GET /api/me); `balance` socket events patch this cache. */
export function useMe() {
  const http = useHttp();
  const loggedIn = useAtomValue(isLoggedInAtom);
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: () => http.get<MeResponse>('/api/me'),
    enabled: loggedIn,
  });
}
