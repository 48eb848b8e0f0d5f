import type { LotteryDrawWire, ProductFeedStatus } from '@gp/common';
import { expect } from 'vitest';
import { BACK_OFFICE_ENV } from '../admin/support.ts';
import type { apiClient } from '../http/api-client.ts';
import type { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';

/** The engine tests' platform: back office on, feeds reached through RESULT_FEED_URLS, only the test's own passes (the poll is an hour), staff sessions that outlast the test. */
export const feedsEnv = (urls: Record<string, string>, more: Record<string, string>) => ({
  ...BACK_OFFICE_ENV,
  RESULT_FEED_URLS: JSON.stringify(urls),
  RESULT_FEED_TIMEOUT_MS: '2000',
  RESULT_FEED_POLL_SECONDS: '3600',
  STAFF_SESSION_TTL_SECONDS: String(30 * 86_400),
  ...more,
});

/** One draw lottery read from feeds on a daily demo calendar (00:00 UTC), so a draw is due within the test. */
export const dailyFeedLottery = (code: string) => ({
  DRAW_PRODUCTS: code,
  DRAW_RESULT_SOURCE: 'feeds',
  DRAW_HISTORY_DRAWS: '0',
  DRAWS_AHEAD_HOURS: '72',
  DRAW_RULE_OVERRIDES: JSON.stringify({ [code]: { source: 'test', calendar: { everyMinutes: 1440, salesCloseMinutes: 10 } } }),
});

type Env = Awaited<ReturnType<typeof testServer>>;
type Api = ReturnType<typeof apiClient>;

/** The next draw of a lottery, its draw time passed for the platform. */
export async function dueLotteryDraw(env: Env, api: Api, code: string): Promise<LotteryDrawWire> {
  const next = await eventually(`an upcoming ${code} draw`, async () => (await api.get<LotteryDrawWire[]>(`/api/draw-products/${code}/draws?status=upcoming&limit=1`)).body[0], 5000);
  env.clock.advanceTo(new Date(Date.parse(next.drawAt) + 1000));
  return next;
}

/** What the console shows for one product (`GET /api/admin/result-feeds`). */
export async function feedStatus(api: Api, token: string, code: string): Promise<ProductFeedStatus> {
  const res = await api.get<{ items: ProductFeedStatus[] }>('/api/admin/result-feeds', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.find((i) => i.productCode === code)!;
}
