import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDescribeError } from './describe.ts';

export type ConsoleNotice = { tone: 'success' | 'error'; text: string } | null;

/**
 * A console page's actions: each says what it did (or why it failed, in the worker's language) in
 * one notice, and the lists it touched are read again either way, so the page never shows a state
 * the server no longer has.
 */
export function useConsoleAction(queryKey: readonly unknown[]) {
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<ConsoleNotice>(null);

  /** Runs `work`; true when it succeeded and `success(result)` is the notice. */
  async function act<T>(work: () => Promise<T>, success: (result: T) => string): Promise<boolean> {
    try {
      setNotice({ tone: 'success', text: success(await work()) });
      return true;
    } catch (error) {
      setNotice({ tone: 'error', text: describe(error) });
      return false;
    } finally {
      await queryClient.invalidateQueries({ queryKey });
    }
  }

  return { notice, act };
}

/** The notice of the last action: a status line, or an alert for a failure. */
export function ConsoleNoticeLine({ notice, testId }: { notice: ConsoleNotice; testId?: string }) {
  if (!notice) return null;
  return (
    <p className={`notice notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {notice.text}
    </p>
  );
}
