import { signUpMember } from './signup-support.ts';

/**
 * Four-eyes results for the browser tests that need a result over the API (no staff member
 * publishes one alone): the seeded operator (a supervisor) and a second operator it appoints each
 * enter the same result. STAFF_MFA is off on the shared e2e server, so password sessions do.
 */
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };

async function post(baseURL: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, ok: res.ok, body: parsed };
}

const teams = new Map<string, Promise<readonly [string, string]>>();

/** Two staff tokens: the seeded supervisor's and a fresh operator's. */
export function resultTeam(baseURL: string): Promise<readonly [string, string]> {
  let team = teams.get(baseURL);
  if (!team) {
    team = (async () => {
      const seeded = (await post(baseURL, '/api/auth/login', SEEDED)).body.token as string;
      const email = `second-eyes-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      const password = 'second-eyes-2026';
      const signup = await signUpMember(baseURL, { name: 'Second eyes', email, password, passwordCheck: password, promoOptIn: false, locale: 'en' });
      await post(baseURL, `/api/admin/staff/${signup.user.id}/role`, { role: 'operator' }, seeded);
      const second = (await post(baseURL, '/api/auth/login', { email, password })).body.token as string;
      return [seeded, second] as const;
    })();
    teams.set(baseURL, team);
  }
  return team;
}

/** Both staff members enter `result`; the answer is the second entry's (`state: 'published'` when they matched), or the first refusal. */
export async function enterResultTwice(baseURL: string, targetType: 'keno_draw' | 'football_event' | 'lottery_draw', targetId: string, result: unknown) {
  const [a, b] = await resultTeam(baseURL);
  const first = await post(baseURL, '/api/admin/results', { targetType, targetId, result }, a);
  if (!first.ok) return first;
  return post(baseURL, '/api/admin/results', { targetType, targetId, result }, b);
}
