import type { RunningServer } from '../../src/server.ts';
import type { apiClient } from '../http/api-client.ts';
import { SLOW_CAB01 } from '../orders/support.ts';
import { newMember } from '../support/members.ts';

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
