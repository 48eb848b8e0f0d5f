import { createElement, lazy, type ComponentType } from 'react';
import { requirePageMessages } from '../shared/i18n/message-catalogue.ts';
import { trackPageLoad } from '../shared/navigation/page-loads.ts';

/** A page in its own chunk: the component the route renders, and `preload` to fetch it ahead. */
export type LazyPage = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * A route's page as a separate chunk, loaded on first visit (spec §2: pages load on demand),
 * together with the `pages` part of the message catalogue — except the home page (`shell`), whose
 * messages are in the part loaded at boot (shared/i18n/message-catalogue.ts).
 *
 * Navigations run in a transition (BrowserRouter's default), so while the chunk loads the current
 * page stays on screen and the progress bar runs (`trackPageLoad`). Once loaded, the page renders
 * without suspending: boot preloads the first page's chunk, so the first paint is the real page.
 */
export function lazyPage(load: () => Promise<ComponentType>, messages: 'shell' | 'pages' = 'pages'): LazyPage {
  let loading: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= trackPageLoad(
      Promise.all([load(), messages === 'pages' ? requirePageMessages() : undefined]).then(([component]) => (loaded = component)),
    ));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  const Page = () => (loaded ? createElement(loaded) : createElement(Suspending));
  return Object.assign(Page, { preload });
}
