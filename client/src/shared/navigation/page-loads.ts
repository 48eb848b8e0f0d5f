/**
 * How many page chunks are loading right now (app/lazy-page.tsx): the progress bar runs while
 * any is. A tiny external store, read with `useSyncExternalStore`.
 */
let loading = 0;
const listeners = new Set<() => void>();

function set(next: number) {
  loading = next;
  for (const listener of listeners) listener();
}

/** Counts `promise` as a page load until it settles; returns it. */
export function trackPageLoad<T>(promise: Promise<T>): Promise<T> {
  set(loading + 1);
  const done = () => set(loading - 1);
  promise.then(done, done);
  return promise;
}

export const pageLoads = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  loading: () => loading,
};
