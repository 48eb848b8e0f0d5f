import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { bought539 } from '../draw/support.ts';
import type { apiClient } from '../http/api-client.ts';
import { grantPoints, newMember } from '../support/members.ts';
import type { testServer } from '../support/platform.ts';

type Env = Awaited<ReturnType<typeof testServer>>;
type Api = ReturnType<typeof apiClient>;
export type Staff = Awaited<ReturnType<typeof newMember>>;

/** A server whose TWA03 (539) first division is held as a large win (above 1,000 GP): each win opens a claim. */
export const CLAIM_ENV = { PURCHASE_GATEWAY: 'manual', DRAW_PRODUCTS: 'TWA03', DRAW_RESULT_SOURCE: 'manual', LARGE_WIN_POINTS: '1000' };

/** A member made staff, signed in by password (this server asks no authenticator: the test clock jumps hours). */
export async function staffMember(env: Env, api: Api, role: 'operator' | 'supervisor', name: string): Promise<Staff> {
  const m = await newMember(env.services, name);
  await env.services.staff.setRole(null, Number(m.id), role);
  const login = await api.post('/api/auth/login', { json: { email: m.email, password: m.password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { ...m, token: login.body.token as string };
}

/** A member's 539 ticket, bought with reference TL-539-<n>, that wins the first division (held: above 1,000 GP); settled twice (a retry): one claim all the same. */
export async function bigWin(env: Env, api: Api, name: string) {
  const m = await newMember(env.services, name);
  await grantPoints(env.platform, Number(m.id), 100_000);
  const desk = await staffMember(env, api, 'operator', 'Desk');
  const { draw, order } = await bought539(api, m.token, desk.token, `TL-539-${m.id}`);
  env.clock.advanceTo(draw.salesCloseAt);
  await env.services.draws.enterResult('TWA03', Number(draw.id), { zones: [[3, 13, 23, 33, 39]], extra: [], divisions: [] });
  await env.services.drawSettlement.settleDraw(Number(draw.id));
  await env.services.drawSettlement.settleDraw(Number(draw.id));
  return { ...m, order };
}

/** The files the storage holds for one claim (local storage: DATA_DIR/files/claims/<yyyy-mm>/<claim>-…). */
export async function storedClaimFiles(env: Env, claimId: string) {
  const root = path.resolve(env.platform.config.DATA_DIR, 'files', 'claims');
  const months = await fs.readdir(root).catch(() => [] as string[]);
  const names = await Promise.all(months.map((month) => fs.readdir(path.join(root, month)).catch(() => [] as string[])));
  return names.flat().filter((name) => name.startsWith(`${claimId}-`));
}
