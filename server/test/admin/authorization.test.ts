import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Router } from 'express';
import { createApp } from '../../src/app.ts';
import { ADMIN_ACCESS } from '../../src/staff/service.ts';
import { call } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[]; routers?: Array<{ stack: Layer[] }> } };

/** Every route of the app, as `METHOD /path` (below /api), read from Express's own router. */
function routesOf(stack: Layer[], found = new Set<string>()) {
  for (const layer of stack) {
    if (layer.route) for (const method of Object.keys(layer.route.methods)) found.add(`${method.toUpperCase()} ${layer.route.path}`);
    else if (layer.handle?.stack) routesOf(layer.handle.stack, found);
    else for (const router of layer.handle?.routers ?? []) routesOf(router.stack, found); // the feature routers behind `routeIndex`
  }
  return found;
}

describe('back-office authorization: every /api/admin route against the table in staff/access.ts', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let tokens: Record<'guest' | 'member' | 'operator' | 'supervisor' | 'operatorWithoutTotp', string | undefined>;
  let adminRoutes: string[];

  beforeAll(async () => {
    env = await testServer('embedded', BACK_OFFICE_ENV);
    const member = await newMember(env.services, 'Member');
    const operator = await newStaff(env, 'operator');
    const supervisor = await newStaff(env, 'supervisor');
    // The role change ended the operator's member session; an ordinary login (no TOTP) makes a new one.
    const plainLogin = await call(env.url, 'POST', '/api/auth/login', { json: { email: operator.email, password: operator.password } });
    expect(plainLogin.status).toBe(200);
    expect((await call(env.url, 'GET', '/api/me', { token: operator.memberToken })).status, 'the role change ended the old session').toBe(401);
    tokens = { guest: undefined, member: member.token, operator: operator.token, supervisor: supervisor.token, operatorWithoutTotp: plainLogin.body.token };
    const app = createApp(env.platform, env.services) as unknown as { router: Router & { stack: Layer[] } };
    adminRoutes = [...routesOf(app.router.stack)].filter((route) => route.split(' ')[1]!.startsWith('/admin'));
  });
  afterAll(() => env.stop());

  it('finds the routes, and every one is in the table (and every table entry is a route)', () => {
    expect(adminRoutes.length).toBeGreaterThan(20);
    expect(adminRoutes.filter((route) => !(route in ADMIN_ACCESS))).toEqual([]);
    expect(Object.keys(ADMIN_ACCESS).filter((route) => !adminRoutes.includes(route))).toEqual([]);
  });

  it('answers each caller as the table says: 401 for guests, 403 for members and for roles the route is not for, never 401/403 for those it is for', async () => {
    const refusals: string[] = [];
    // Signing out ends the caller's session: that route goes last, so the others still see it.
    const signsOut = (route: string) => route === 'POST /admin/auth/logout';
    for (const route of [...adminRoutes.filter((r) => !signsOut(r)), ...adminRoutes.filter(signsOut)]) {
      const [method, path] = route.split(' ') as [string, string];
      const url = `/api${path.replace(/:(code)\b/g, 'CAB01').replace(/:\w+/g, '1')}`;
      const who = ADMIN_ACCESS[route as keyof typeof ADMIN_ACCESS];
      for (const [caller, token] of Object.entries(tokens)) {
        const res = await call(env.url, method, url, { token, json: method === 'GET' ? undefined : {} });
        const allowed = who === 'public' || (who === 'staff' && (caller === 'operator' || caller === 'supervisor')) || (who === 'supervisor' && caller === 'supervisor');
        const expected = allowed ? 'through' : caller === 'guest' ? 401 : 403;
        const got = res.status === 401 || res.status === 403 ? res.status : 'through';
        if (got !== expected) refusals.push(`${route} as ${caller}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }
    expect(refusals).toEqual([]);
  });
});
