import type { PlayStateView } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useHttp } from '../api/services.tsx';
import { isLoggedInAtom } from '../session/session-atoms.ts';

export const PLAY_STATE_KEY = ['me', 'play-state'] as const;
export const LIMITS_KEY = ['me', 'limits'] as const;

/** Whether the member may play now (GET /api/me/play-state, issue 32): a break or exclusion and its end, the age check, whether limits are set. */
export function usePlayState() {
  const http = useHttp();
  const loggedIn = useAtomValue(isLoggedInAtom);
  return useQuery({ queryKey: PLAY_STATE_KEY, queryFn: () => http.get<PlayStateView>('/api/me/play-state'), enabled: loggedIn, staleTime: 30_000 });
}
