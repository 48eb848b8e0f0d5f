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

export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Only same-site paths may be a `next` target (no `//evil.example` or `https:` redirects). */
export function safeNextPath(next: string | null | undefined, fallback = '/wallet'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
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
