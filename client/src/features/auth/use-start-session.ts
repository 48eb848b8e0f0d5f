import type { AuthResponse } from '@gp/common';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { startSessionAtom } from '../../shared/session/session-atoms.ts';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import type { MessageId } from '../../shared/i18n/message-ids.ts';

/** After sign-up or login: store token and user, drop any cached data of a previous member, greet. */
export function useStartSession() {
  const startSession = useSetAtom(startSessionAtom);
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useCallback(
    (session: AuthResponse, greeting: MessageId) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.site[0] });
      startSession(session);
      notify.success({ id: greeting, values: { name: session.user.name } });
    },
    [queryClient, startSession, notify],
  );
}
