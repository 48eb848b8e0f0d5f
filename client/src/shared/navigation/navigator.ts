import { isSameSitePath } from '@gp/common/same-site-path';

type Navigate = (to: string) => void;

let navigate: Navigate | null = null;

/** The router registers itself here once it exists, so code outside React can send the user somewhere. */
export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(to: string): void {
  if (navigate) navigate(to);
  // Before the router exists (boot), rewrite the URL: the router starts from it.
  else window.history.replaceState(null, '', to);
}

/** Navigations waiting to be on screen (`navigateAndWait`), by pathname. */
let shownWaiters: Array<{ pathname: string; shown: () => void }> = [];
const SHOWN_TIMEOUT_MS = 5_000;

/** The router reports each location it has rendered (app/app.tsx). */
export function locationShown(pathname: string): void {
  const done = shownWaiters.filter((waiter) => waiter.pathname === pathname);
  shownWaiters = shownWaiters.filter((waiter) => waiter.pathname !== pathname);
  for (const waiter of done) waiter.shown();
}

/**
 * `navigateTo`, resolved once the page is on screen: a navigation runs in a transition, and the
 * page on screen stays until the next one has loaded. Logging out waits so, before it clears the
 * session, so the member-only page it leaves never turns into the login form. Resolves anyway
 * after a few seconds, should the navigation not complete.
 */
export function navigateAndWait(to: string): Promise<void> {
  const { pathname } = new URL(to, window.location.href);
  return new Promise((resolve) => {
    const timer = setTimeout(() => locationShown(pathname), SHOWN_TIMEOUT_MS);
    shownWaiters.push({ pathname, shown: () => (clearTimeout(timer), resolve()) });
    navigateTo(to);
  });
}

export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Only same-site paths may be a `next` target (no `//evil.example` or `https:` redirects). */
export function safeNextPath(next: string | null | undefined, fallback = '/wallet'): string {
  if (!next || !isSameSitePath(next)) return fallback;
  if (next === '/auth' || next.startsWith('/auth?')) return fallback;
  return next;
}

/**
 * `/auth` with the form to show, where to return afterwards and, for a guard, why:
 * `authPathFor('/wallet', 'login', 'required')` → `/auth?mode=login&why=required&next=%2Fwallet`.
 */
export function authPathFor(next: string, mode?: 'login', why?: 'required' | 'expired'): string {
  const params = new URLSearchParams();
  if (mode) params.set('mode', mode);
  if (why) params.set('why', why);
  const target = safeNextPath(next, '');
  if (target) params.set('next', target);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}
