import type { AppRouter } from '../app/router.tsx';

/** Resolves once the first route's lazy chunk is in, so the first paint is the real page. */
export function waitForRouter(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
