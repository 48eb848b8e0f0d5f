import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawWire } from '@gp/common';
import { backfillKenoHistory } from '../../src/games/keno/backfill.ts';
import { apiClient } from '../http/api-client.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { verifyDraw } from './verify-draw.ts';

describe('keno results history on a fresh install (simulated results)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    // The default history (the tests' platform keeps a short one).
    env = await testServer('embedded', { KENO_HISTORY_DRAWS: '200' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('starts with the past day’s results of every product, each committed and revealed like a real draw', async () => {
    for (const code of ['TWB01', 'CAB01', 'KRB01']) {
      const page = await eventually(`${code} history`, async () => {
        const res = await api.get(`/api/results/${code}?pageSize=100`);
        return res.body.total > 0 ? res.body : undefined;
      });
      expect(page.total).toBeGreaterThan(0);
      // At most 200 filled in, plus any real draw that came since the start (CAB01 draws every few minutes).
      expect(page.total).toBeLessThanOrEqual(203);
      const draws = page.items as DrawWire[];
      const now = Date.now();
      for (const draw of draws) {
        expect(draw).toMatchObject({ productCode: code, status: 'drawn', resultSource: 'simulated' });
        expect(Date.parse(draw.drawAt)).toBeLessThanOrEqual(now);
        expect(now - Date.parse(draw.drawAt)).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
        const [count, pool] = code === 'KRB01' ? [22, 70] : [20, 80];
        expect(verifyDraw(draw.seed!, count!, pool!)).toEqual({ hash: draw.seedHash, numbers: draw.result!.numbers });
      }
      // Issues in draw order, newest first, no gaps in time order.
      const times = draws.map((d) => Date.parse(d.drawAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
  });

  it('the game clock shows the latest of them, and a later start adds nothing', async () => {
    const clock = await eventually('a clock with a last result', async () => {
      const res = await api.get('/api/keno/TWB01/clock');
      return res.body.lastResult ? res.body : undefined;
    });
    expect(clock.lastResult).toMatchObject({ issue: expect.any(String), numbers: expect.any(Array) });
    expect(await backfillKenoHistory(env.platform.db, env.services.keno.products(), new Date(), env.platform.config.KENO_HISTORY_DRAWS)).toBe(0);
  });
});
