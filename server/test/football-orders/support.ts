import crypto from 'node:crypto';
import { parseOdds, type MatchResult, type OrderWire } from '@gp/common';
import { expect } from 'vitest';
import type { FootballEventStatus } from '../../src/db/types.ts';
import type { Platform } from '../../src/platform/platform.ts';
import { apiClient } from '../http/api-client.ts';
import { eventually } from '../support/wait.ts';

export const key = () => crypto.randomUUID();

/** GP hundredths per HKD cent at the default rate (HK$7.8125 a GP): `points(6_000)` → 768. */
export const HKD_RATE = { numerator: 32, denominator: 250 };
export const points = (cents: number) => Math.floor((cents * HKD_RATE.numerator) / HKD_RATE.denominator);

export interface TestMarket {
  market: string;
  line?: string;
  status?: 'open' | 'suspended' | 'closed';
  /** Decimal prices, as members see them. */
  odds: Record<string, string>;
}

const thousandths = (odds: Record<string, string>) => JSON.stringify(Object.fromEntries(Object.entries(odds).map(([k, v]) => [k, parseOdds(v)!])));

let sequence = 0;

/**
 * A football event on sale, written straight into the football tables (as the odds poller would):
 * kick-off in an hour, sales closing 5 minutes before, with `markets` and two players a side.
 */
export async function insertEvent(platform: Platform, markets: TestMarket[], options: { salesCloseAt?: Date; status?: FootballEventStatus } = {}) {
  const kickOffAt = new Date(Date.now() + 3_600_000);
  const code = `FB${String(9000 + (sequence++ % 1000)).padStart(4, '0')}`;
  const event = await platform.db
    .insertInto('football_events')
    .values({
      source: 'simulated',
      external_id: crypto.randomUUID(),
      code,
      tournament: 'Test League',
      tournament_code: 'TST',
      home_team: `Home ${code}`,
      away_team: `Away ${code}`,
      kick_off_at: kickOffAt,
      sales_close_at: options.salesCloseAt ?? new Date(kickOffAt.getTime() - 300_000),
      status: options.status ?? 'scheduled',
      players: JSON.stringify([
        { code: '101', name: 'Home Striker', team: 'H' },
        { code: '102', name: 'Home Winger', team: 'H' },
        { code: '201', name: 'Away Striker', team: 'A' },
        { code: '202', name: 'Away Winger', team: 'A' },
      ]),
    })
    .returning(['id', 'code', 'home_team', 'away_team', 'kick_off_at'])
    .executeTakeFirstOrThrow();
  for (const m of markets) {
    await platform.db
      .insertInto('football_markets')
      .values({ event_id: event.id, market: m.market, line: m.line ?? '', status: m.status ?? 'open', odds: thousandths(m.odds) })
      .execute();
  }
  return { ...event, id: String(event.id) };
}

/** The usual markets of a test event. */
export const MARKETS: TestMarket[] = [
  { market: 'HAD', odds: { H: '2.10', D: '3.20', A: '3.00' } },
  { market: 'HIL', line: '2.5', odds: { H: '1.85', L: '1.95' } },
  { market: 'HDC', line: '-0.5/-1.0', odds: { H: '1.90', A: '1.90' } },
  { market: 'CRS', odds: { '1:0': '7.50', '0:0': '9.00', '2:1': '8.50' } },
  { market: 'FGS', odds: { '101': '5.50', '201': '6.00', N: '11.00' } },
];

/** A price change, as the odds poller makes it. */
export async function setOdds(platform: Platform, eventId: number, market: string, odds: Record<string, string>, line = '', status: 'open' | 'suspended' | 'closed' = 'open') {
  await platform.db.updateTable('football_markets').set({ odds: thousandths(odds), status }).where('event_id', '=', eventId).where('market', '=', market).where('line', '=', line).execute();
}

/** A played match's normal-time result, set as the results code would (status resulted). */
export async function setResult(platform: Platform, eventId: number, result: MatchResult) {
  await platform.db.updateTable('football_events').set({ status: 'resulted', result: JSON.stringify(result), result_source: 'manual', resulted_at: new Date() }).where('id', '=', eventId).execute();
}

export const played = (ht: [number, number], ft: [number, number], extra: Partial<MatchResult> = {}): MatchResult => ({
  status: 'played',
  halfTime: { home: ht[0], away: ht[1] },
  fullTime: { home: ft[0], away: ft[1] },
  ...extra,
});

/** A void reason (postponed, abandoned, void, cancelled) without a result. */
export async function voidEvent(platform: Platform, eventId: number, status: 'postponed' | 'abandoned' | 'void' | 'cancelled') {
  await platform.db.updateTable('football_events').set({ status }).where('id', '=', eventId).execute();
}

export const leg = (eventId: string, market: string, selection: string, odds: string, line?: string) => ({ eventId, market, selection, odds, ...(line ? { line } : {}) });

export function footballBody(legs: ReturnType<typeof leg>[], unit: number, mode: 'single' | 'allup' = 'single', formula?: string, extra: Record<string, unknown> = {}) {
  return { productCode: 'HKS01', mode, ...(formula ? { formula } : {}), legs, unitStake: { amount: unit, currency: 'HKD' }, ...extra };
}

/** Order, quote and balance calls of one member over HTTP. */
export function memberApi(url: string, token: string) {
  const api = apiClient(url);
  return {
    quote: (body: unknown) => api.post('/api/orders/quote', { token, json: body }),
    place: (body: unknown, idempotencyKey = key()) => api.post('/api/orders', { token, json: body, headers: { 'Idempotency-Key': idempotencyKey } }),
    order: async (id: string) => (await api.get(`/api/orders/${id}`, { token })).body.order as OrderWire,
    orders: async (query = '') => (await api.get(`/api/orders${query}`, { token })).body as { items: OrderWire[]; total: number },
    balance: async () => ((await api.get('/api/me', { token })).body as { balance: number }).balance,
  };
}

/** Waits for an order's purchase (status 2). */
export function purchased(m: ReturnType<typeof memberApi>, id: string): Promise<OrderWire> {
  return eventually('the order to be purchased', async () => {
    const order = await m.order(id);
    return order.status === 2 ? order : undefined;
  }, 10_000);
}

/** Waits for an order's settlement. */
export function settled(m: ReturnType<typeof memberApi>, id: string): Promise<OrderWire> {
  return eventually('the order to be settled', async () => {
    const order = await m.order(id);
    return order.settledAt ? order : undefined;
  }, 15_000);
}

/** Places an order and waits for its purchase (status 2). */
export async function placePurchased(m: ReturnType<typeof memberApi>, body: unknown): Promise<OrderWire> {
  const res = await m.place(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return purchased(m, res.body.order.id as string);
}

/** The ledger entries an order caused, by kind. */
export async function orderEntries(platform: Platform, orderId: string) {
  return platform.db.selectFrom('ledger').select(['kind', 'amount', 'account']).where('ref_type', '=', 'order').where('ref_id', '=', orderId).orderBy('id').execute();
}
