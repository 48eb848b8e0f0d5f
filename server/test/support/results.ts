import type { RunningServer } from '../../src/server.ts';
import { apiClient } from '../http/api-client.ts';
import { newMember } from './members.ts';

type Target = 'keno_draw' | 'football_event' | 'lottery_draw';

/**
 * A second operator for four-eyes results (no single staff member publishes a result): a new
 * member made operator, signed in with a password (as the non-MFA test servers allow).
 */
export async function secondOperator(env: { url: string; services: RunningServer['services'] }, name = 'Second pair of eyes') {
  const m = await newMember(env.services, name);
  await env.services.staff.setRole(null, Number(m.id), 'operator');
  const login = await apiClient(env.url).post('/api/auth/login', { json: { email: m.email, password: m.password } });
  return login.body.token as string;
}

/**
 * Enters a result as two staff members (`tokens`), as the console does: the first entry waits, the
 * second publishes it when they match. Returns both answers (the second's `state` is `published`
 * unless something was refused).
 */
export async function enterResultTwice(url: string, tokens: readonly [string, string], targetType: Target, targetId: string, result: unknown) {
  const api = apiClient(url);
  const first = await api.post('/api/admin/results', { token: tokens[0], json: { targetType, targetId, result } });
  const second = first.status === 200 ? await api.post('/api/admin/results', { token: tokens[1], json: { targetType, targetId, result } }) : first;
  return { first, second };
}
