import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { csv, json, replayServer } from '../../server/test/feeds/replay-server.ts';
import { d423fCsv, tlcBingoHistory, tlcBingoLatest } from '../../server/test/feeds/recorded.ts';
import { english, enrolSeededSupervisor, SEEDED_SUPERVISOR, signIn, startManualPlatform } from './manual-platform.ts';
import { adoptSession } from './session-support.ts';
import { call as staffCall, newAccount } from './staff-support.ts';

/**
 * Issue 31 "done when", in a real browser: a back-office day with PURCHASE_GATEWAY=manual and
 * RESULT_SOURCE=feeds. A member buys a BINGO BINGO ticket on the keno screen; a worker opens the
 * draw's purchase sheet from the queue and confirms the ticket with the mouse; the draw's result
 * comes from BINGO BINGO's two sources (TLCAPI and D423F), replayed by a local server in their
 * documented formats (server/test/feeds) — they agree, so it is published with nobody typing it;
 * the order settles and the member sees it settled. BINGO BINGO runs every 2 minutes around the
 * clock here. Port E2E_PORT + 22, its own data directory.
 */
const PORT = Number(process.env.E2E_PORT ?? 4310) + 22;
const BASE = `http://127.0.0.1:${PORT}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
/** The draw's numbers as both feeds will report them, in draw order (the 20th is the super number). */
const DRAWN = [3, 77, 15, 42, 8, 61, 29, 54, 11, 70, 36, 2, 48, 19, 65, 33, 80, 24, 57, 6];

let server: ChildProcess;
let replay: Awaited<ReturnType<typeof replayServer>>;
let supervisor: { token: string; secret: string };
/** What each replayed source has published: term → numbers in draw order. */
const tlc: Record<string, number[]> = {};
const d423f: Record<string, number[]> = {};
/** The latest term's draw time as TLCAPI gives it (Taipei wall time, no zone). */
let dDate = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, locale: 'en-US' });

const call = <T = any>(method: string, url: string, options: { body?: unknown; token?: string; key?: string } = {}) => staffCall<T>(BASE, method, url, options);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  replay = await replayServer();
  replay.serve([
    {
      method: 'GET',
      path: /LatestBingoResult$/,
      answer: () => {
        const term = Object.keys(tlc).sort().at(-1);
        return json(term ? tlcBingoLatest(term, tlc[term]!, dDate) : { rtCode: 0, rtMsg: '', content: {} });
      },
    },
    { method: 'GET', path: /BingoResult$/, answer: () => json(tlcBingoHistory(Object.entries(tlc).map(([term, inOrder]) => ({ term, inOrder })))) },
    {
      method: 'GET',
      path: /csvDw$/,
      answer: () => csv(d423fCsv(Object.entries(d423f).map(([period, numbers]) => ({ game: '賓果賓果', period, date: '', numbers: [...numbers].sort((a, b) => a - b), superNumber: numbers.at(-1)! })).concat([{ game: '大樂透', period: '115000001', date: '2026/01/02', numbers: [1, 2, 3, 4, 5, 6], superNumber: 0 }]))),
    },
  ]);
  let dataDir = '';
  ({ server, dataDir } = await startManualPlatform(PORT, {
    KENO_PRODUCTS: 'TWB01',
    KENO_SCHEDULE_OVERRIDES: JSON.stringify({ TWB01: { intervalSeconds: 120, salesCloseSeconds: 10, dailyWindow: null } }),
    RESULT_SOURCE: 'feeds',
    RESULT_FEED_URLS: JSON.stringify({ tlc: `${replay.base}/TLCAPIWeB/Lottery`, d423f: `${replay.base}/dntmb/OpenData/csvDw?ntaCode=D423F` }),
    RESULT_FEED_POLL_SECONDS: '5',
    RESULT_FEED_TIMEOUT_MS: '2000',
  }));
  supervisor = await enrolSeededSupervisor(BASE, dataDir);
});

test.afterAll(async () => {
  server?.kill('SIGINT');
  await replay?.close();
});

test('a day: a member buys, a worker buys the draw from its sheet by mouse, the feeds publish the result, the order settles', async ({ page, browser }) => {
  test.setTimeout(480_000);
  // A member with points (a PIN the supervisor issued).
  const member = await newAccount(BASE, 'Player');
  const pins = await call('POST', '/api/admin/pins', { token: supervisor.token, body: { count: 1, points: 50_000 } });
  expect((await call('POST', '/api/pins/redeem', { token: member.token, body: { code: pins.body.codes[0] } })).status).toBe(200);

  // A draw on sale with time to buy it at the terminal before its cut-off.
  let clock = { issue: '', salesCloseAt: '', drawAt: '', phase: '' };
  await expect
    .poll(async () => {
      clock = (await call('GET', '/api/keno/TWB01/clock')).body;
      return clock.phase === 'open' && Date.parse(clock.salesCloseAt) - Date.now() > 80_000;
    }, { timeout: 150_000, intervals: [2000] })
    .toBe(true);

  // The member buys on the keno screen.
  await english(page);
  await adoptSession(page, member.token);
  await page.goto('/main/keno');
  await expect(page.getByTestId('keno-clock-status')).toContainText(`Issue ${clock.issue} is on sale`);
  await page.getByRole('radio', { name: '3 stars' }).check();
  const board = page.getByTestId('pick-board');
  for (const n of ['03', '15', '40']) await board.getByRole('button', { name: n, exact: true }).click();
  await page.getByTestId('confirm-order').click();
  await page.getByTestId('confirm-step').getByTestId('confirm-spend').click();
  // The manual gateway: it waits for a person.
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', /^[01]$/);
  const orders = (await call('GET', '/api/orders?productCode=TWB01', { token: member.token })).body.items as Array<{ id: string; issue: string }>;
  expect(orders.map((o) => o.issue)).toEqual([clock.issue]);
  const orderId = orders[0]!.id;

  // A worker (the supervisor's console) opens the draw's purchase sheet from the queue and confirms by mouse.
  const context = await browser.newContext({ baseURL: BASE, locale: 'en-US' });
  const worker = await context.newPage();
  await signIn(worker, { ...SEEDED_SUPERVISOR, secret: supervisor.secret });
  await worker.locator(`[data-testid="queue-row"][data-order="${orderId}"]`).getByTestId('row-sheet').click();
  await expect(worker).toHaveURL(/\/admin\/draws\/\d+\/sheet\?productCode=TWB01$/);
  const ticket = worker.locator(`[data-testid="sheet-ticket"][data-order="${orderId}"]`);
  await expect(ticket).toContainText('03 15 40');
  await ticket.getByLabel(`Ticket reference for order #${orderId}`).fill('TLC-DAY-1');
  await ticket.getByLabel(`Scan of the ticket of order #${orderId}`).setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: PNG });
  await worker.getByTestId('sheet-confirm').click();
  await expect(worker.getByTestId('sheet-message')).toHaveText('1 ticket confirmed.');
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', '2');
  await context.close();

  // The draw happens; both feeds report it (nobody types the numbers) and it is published.
  await expect.poll(() => Date.now() > Date.parse(clock.drawAt), { timeout: 150_000, intervals: [2000] }).toBe(true);
  dDate = new Date(Date.parse(clock.drawAt) + 8 * 3600_000).toISOString().slice(0, 19);
  tlc[clock.issue] = DRAWN;
  d423f[clock.issue] = DRAWN;
  await expect
    .poll(async () => (await call('GET', `/api/orders/${orderId}`, { token: member.token })).body.order?.settledAt ?? null, { timeout: 90_000, intervals: [2000] })
    .not.toBeNull();
  // Published from the feeds, not by hand.
  const results = (await call('GET', '/api/results/TWB01')).body.items as Array<{ issue: string; result?: { numbers: number[] } }>;
  expect(results.find((d) => d.issue === clock.issue)?.result?.numbers).toEqual(DRAWN);

  // The member sees it settled, with the drawn numbers, in their orders.
  await page.goto('/orders');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
  await expect(row.getByTestId('order-status')).toHaveAttribute('data-settled', 'true');
  await expect(row.getByTestId('order-status')).toContainText('Settled');
  await page.screenshot({ path: test.info().outputPath('day-settled.png'), fullPage: true });
});
