/**
 * The readable half of a browser session (issue 29; server/src/auth/session-cookies.ts): the CSRF
 * token cookie beside the HttpOnly session cookie, `gp_csrf` (members) or `gp_staff_csrf` (the
 * console), with the `__Host-` prefix when the site is served over https. '' when there is none.
 */
export type SessionKind = 'member' | 'staff';
const NAMES: Record<SessionKind, string> = { member: 'gp_csrf', staff: 'gp_staff_csrf' };

export function readCsrfCookie(kind: SessionKind, cookies: string = typeof document === 'undefined' ? '' : document.cookie): string {
  const wanted = [`__Host-${NAMES[kind]}`, NAMES[kind]];
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && wanted.includes(part.slice(0, at).trim())) {
      const value = decodeURIComponent(part.slice(at + 1).trim());
      if (value) return value;
    }
  }
  return '';
}

/** The header the server checks the token in. */
export const CSRF_HEADER = 'X-CSRF-Token';
