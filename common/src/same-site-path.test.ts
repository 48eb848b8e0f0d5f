import { describe, expect, it } from 'vitest';
import { isSameSitePath } from './same-site-path.ts';

describe('same-site paths (issue 29 item 8)', () => {
  it('accepts paths on this site', () => {
    for (const path of ['/', '/wallet', '/orders/12?tab=scan', '/keno/CAB01#picks', '/a%2F%2Fb']) expect(isSameSitePath(path), path).toBe(true);
  });

  it('refuses anything a browser would take off-site', () => {
    for (const path of ['//evil.example/login', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'https://evil.example', 'javascript:alert(1)', 'evil.example', '', ' /wallet']) {
      expect(isSameSitePath(path), JSON.stringify(path)).toBe(false);
    }
  });
});
