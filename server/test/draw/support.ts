import type { DrawOrderWire, LotteryDrawWire } from '@gp/common';
import { expect } from 'vitest';
import type { RunningServer } from '../../src/server.ts';
import type { apiClient } from '../http/api-client.ts';
import { key, SLOW_CAB01 } from '../orders/support.ts';
import { newMember } from '../support/members.ts';
import { eventually } from '../support/wait.ts';

type ApiClient = ReturnType<typeof apiClient>;

/** Draw lotteries on a quiet platform: Mark Six, 今彩539 and 39樂合彩, 雙贏彩 (not on sale), US Powerball; pool amounts left to the operator. */
export const DRAW_ENV = {
  ...SLOW_CAB01,
  DRAW_PRODUCTS: 'HKA01,TWA03,TWA04,TWA05,USA01',
  DRAW_HISTORY_DRAWS: '3',
  DRAW_SIMULATED_AMOUNTS_AFTER_SECONDS: '864000',
  PURCHASE_LATENCY_MS: '20',
  OPERATOR_EMAIL: 'lotto-op@example.com',
  OPERATOR_PASSWORD: 'lotto-op-pass-1',
};

/** HK$ cents → GP hundredths at the default HKD rate (32/250), rounded down as prizes are. */
export const hkdPoints = (cents: number) => Math.floor((cents * 32) / 250);

/**
 * A second operator signed in as the seeded one is (password only: these platforms do not require
 * TOTP), for the pool amounts and jackpots two staff members enter.
 */
export async function secondOperator(env: { services: RunningServer['services'] }, api: ReturnType<typeof apiClient>) {
  const colleague = await newMember(env.services, 'Colleague');
  await env.services.staff.setRole(null, Number(colleague.id), 'operator');
  const login = await api.post('/api/auth/login', { json: { email: colleague.email, password: colleague.password } });
  return login.body.token as string;
}

/**
 * A member's 539 (TWA03) ticket for the next draw, lines 3 13 23 33 39, bought by the desk with
 * `ticketRef`: what a test then draws to make a first-division (large) win. Answers the draw and the order.
 */
export async function bought539(api: ApiClient, memberToken: string, deskToken: string, ticketRef: string) {
  const [draw] = await eventually('a 539 draw', async () => {
    const list = (await api.get<LotteryDrawWire[]>('/api/draw-products/TWA03/draws?status=upcoming&limit=1')).body;
    return list.length ? list : undefined;
  }, 15_000);
  const res = await api.post('/api/orders', { token: memberToken, json: { productCode: 'TWA03', draws: 1, lines: [{ zones: [[3, 13, 23, 33, 39]] }] }, headers: { 'Idempotency-Key': key() } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [order] = res.body.orders as DrawOrderWire[];
  expect((await api.post(`/api/admin/orders/${order!.id}/confirm`, { token: deskToken, json: { ticketRef } })).status).toBe(200);
  return { draw: draw!, order: order! };
}
