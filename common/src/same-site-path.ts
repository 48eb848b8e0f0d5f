/**
 * Whether `value` is a path on this site and nowhere else (issue 29 item 8, ASVS 5.1.5): it starts
 * with one `/`, has no backslash (browsers read `/\evil.example` as `//evil.example`) and no control
 * character (a tab or newline is dropped by URL parsers: `/\t/evil.example`). Such a path,
 * resolved against any origin, stays on that origin (WHATWG URL: only `//` or `\\` after the
 * scheme-less start name another host). Checked by the server on what it stores (a notice's link) and
 * by the client before it follows one (a notice, the `next` of the login page).
 */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  return !/[\u0000-\u001f\u007f]/.test(value);
}
