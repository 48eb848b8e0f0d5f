import { utcToZoned, type DrawWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStaff } from '../admin/support.ts';
import { apiClient } from '../http/api-client.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { json, replayServer } from './replay-server.ts';
import { bclcDraws } from './recorded-abroad.ts';
import { feedsEnv, feedStatus } from './support.ts';

/**
 * Canada Keno (CAB01) on RESULT_SOURCE=feeds with its one source, BCLC (unconfirmed), replayed:
 * the console marks the source unconfirmed; a reading of our draw number at our draw time waits
 * for one staff confirmation; a reading of our number at another time (a numbering that is not
 * BCLC's) is refused and the source shows failing; the same twenty numbers listed in another
 * order after publication are no contradiction (Canada Keno has no super number).
 */
describe('the result-feed engine (Canada Keno: BCLC)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let replay: Awaited<ReturnType<typeof replayServer>>;
  let api: ReturnType<typeof apiClient>;
  let ann: Awaited<ReturnType<typeof newStaff>>;
  /** What BCLC has now: draw number → its time and numbers. */
  let bclc: Record<string, { at: Date; numbers: number[] }> = {};

  const TWENTY = [71, 3, 15, 42, 8, 61, 29, 54, 11, 70, 36, 2, 48, 19, 65, 33, 80, 24, 57, 6];
  const pacific = (at: Date) => {
    const w = utcToZoned('America/Vancouver', at.getTime());
    const p = (n: number) => String(n).padStart(2, '0');
    return { date: `${w.year}-${p(w.month)}-${p(w.day)}`, time: `${p(w.hour)}:${p(w.minute)}:${p(w.second)}` };
  };
  const listed = (numbers: string[]) => bclcDraws(numbers.map((n) => ({ number: Number(n), ...pacific(bclc[n]!.at), numbers: bclc[n]!.numbers })));

  beforeAll(async () => {
    replay = await replayServer();
    replay.serve([
      { method: 'GET', path: /^\/services2\/keno\/draw\/latest\/today$/, answer: () => json(listed(Object.keys(bclc).sort().reverse())) },
      { method: 'GET', path: /^\/services2\/keno\/draw\/\d+\/1$/, answer: ({ url }) => json(listed(Object.keys(bclc).filter((n) => url.pathname.includes(`/draw/${n}/1`)))) },
    ]);
    env = await testServer('embedded', feedsEnv({ bclc: replay.base }, { KENO_PRODUCTS: 'CAB01', RESULT_SOURCE: 'feeds', KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 30, salesCloseSeconds: 1 } }) }));
    api = apiClient(env.url);
    ann = await newStaff(env, 'operator', 'Ann');
  });
  afterAll(async () => {
    await env.stop();
    await replay.close();
  });

  const dueDraw = async () => {
    const open = await eventually('an open CAB01 draw', async () => (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=open')).body[0], 3000);
    env.clock.advanceTo(new Date(Date.parse(open.drawAt) + 1000));
    expect(await env.services.keno.drawAtTime(Number(open.id))).toBe('manual');
    return open;
  };
  const row = (id: string) => env.platform.db.selectFrom('draws').select(['status', 'result', 'result_source', 'result_held_at']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
  const statusOf = () => feedStatus(api, ann.token, 'CAB01');

  it('a reading of our draw at our draw time waits for one staff confirmation, which publishes it; the source is shown unconfirmed', async () => {
    const draw = await dueDraw();
    bclc = { [draw.issue]: { at: new Date(draw.drawAt), numbers: TWENTY } };
    expect(await env.services.feeds.engine.pass()).toMatchObject({ published: 0 });
    const status = await statusOf();
    expect(status.noFeed).toBeNull();
    expect(status.sources).toMatchObject([{ source: 'bclc', confirmed: false, lastAnswer: 'reading' }]);
    expect(status.awaiting.find((a) => a.targetId === draw.id)).toMatchObject({ canConfirm: true, readings: [{ source: 'bclc' }] });

    const confirmed = await api.post('/api/admin/result-feeds/confirm', { token: ann.token, json: { targetType: 'keno_draw', targetId: draw.id, source: 'bclc' } });
    expect(confirmed.body).toEqual({ state: 'published' });
    const published = await row(draw.id);
    expect(published).toMatchObject({ status: 'drawn', result_source: 'feeds' });
    expect([...(published.result as { numbers: number[] }).numbers].sort((a, b) => a - b)).toEqual([...TWENTY].sort((a, b) => a - b));

    // BCLC later lists the same twenty in another order: no super number, so no contradiction.
    bclc = { [draw.issue]: { at: new Date(draw.drawAt), numbers: [...TWENTY].reverse() } };
    expect(await env.services.feeds.engine.pass()).toMatchObject({ conflicts: 0 });
    expect((await row(draw.id)).result_held_at).toBeNull();
  });

  it('a reading of our draw number four minutes from our draw time (a numbering not BCLC\'s) is refused: nothing to confirm, the source failing', async () => {
    const draw = await dueDraw();
    bclc = { [draw.issue]: { at: new Date(Date.parse(draw.drawAt) + 4 * 60_000), numbers: TWENTY } };
    await env.services.feeds.engine.pass();
    const status = await statusOf();
    expect(status.state).toBe('failing');
    expect(status.sources[0]).toMatchObject({ lastAnswer: 'down', lastError: expect.stringContaining(`draw ${draw.issue} is dated`) });
    expect(status.awaiting.find((a) => a.targetId === draw.id)).toMatchObject({ readings: [], canConfirm: false });
    expect((await row(draw.id)).status).toBe('scheduled');
  });
});
