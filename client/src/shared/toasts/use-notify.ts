import { useStore } from 'jotai';
import { useMemo } from 'react';
import type { MessageRef } from '../i18n/message-ids.ts';
import { notify, notifyError } from './toast-store.ts';

export function useNotify() {
  const store = useStore();
  return useMemo(
    () => ({
      success: (message: MessageRef) => notify(store, 'success', message),
      info: (message: MessageRef) => notify(store, 'info', message),
      error: (error: unknown) => notifyError(store, error),
    }),
    [store],
  );
}
