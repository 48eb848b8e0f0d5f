import { expect, test, type Page } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { enterResultTwice } from './results-support.ts';
import { expectNoSidewaysScroll } from './layout-support.ts';
import { signUpMember } from './signup-support.ts';

/**
 * The Hong Kong football screen end to end. The test server (scripts/e2e-server.mjs) kicks a
 * simulated match off every 15 s with sales closing 5 s before, moves every open event's odds
 * every second, and leaves results to the operator (FOOTBALL_RESULT_SOURCE=manual), so this test
 * buys an all-up, waits for its matches' sales to close and posts their results itself.
 */

const OPERATOR = { email: 'operator@example.com', password: 'operator-pass-2026' };

interface Session {
  token: string;
  user: object;
}
interface EventSummary {
  id: string;
  code: string;
  salesCloseAt: string;
  status: string;
}
interface FootballOrder {
  id: string;
  status: number;
  prize: number | null;
  settledAt: string | null;
  football?: { formula: string | null; legs: { eventId: string; odds: string; outcome: string | null }[]; payout: { amount: number } | null };
}

async function call<T>(baseURL: string, method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const login = async (baseURL: string, who: typeof OPERATOR) => (await call<Session>(baseURL, 'POST', '/api/auth/login', { body: who })).body;

/**
 * A member of its own, topped up with an operator PIN: the demo member's balance belongs to the
 * keno tests, which check it to the cent.
 */
async function fundedMember(baseURL: string): Promise<Session> {
  const email = `football-${Date.now()}@example.com`;
  const password = 'football-pass-2026';
  const signup = { name: 'Football Fan', email, password, passwordCheck: password, promoOptIn: false };
  const member = await signUpMember<Session>(baseURL, signup);
  const operator = await login(baseURL, OPERATOR);
  const { body } = await call<{ codes: string[] }>(baseURL, 'POST', '/api/admin/pins', { body: { count: 1, points: 50_000 }, token: operator.token });
  expect((await call(baseURL, 'POST', '/api/pins/redeem', { body: { code: body.codes[0] }, token: member.token })).status).toBe(200);
  return member;
}

/**
 * Signs the member in. Prices move every second on the test server, so this member has turned the
 * confirm step off in the wallet's settings (Buy spends at once); the step is checked in the next test.
 */
async function signIn(page: Page, session: Session, theme = 'dark') {
  await adoptSession(page, session.token);
  await page.addInitScript(
    ([u, c]) => {
      localStorage.setItem('user', u);
      localStorage.setItem('locale', 'en');
      localStorage.setItem('color-scheme', c);
      localStorage.setItem('confirm-purchases', 'off');
    },
    [JSON.stringify(session.user), theme] as const,
  );
}

/**
 * The three matches on sale that close next, each with at least 75 s left to buy them: building
 * the slip and confirming while prices move took more than 30 s on a slow run, and the first match
 * closed under the test.
 */
async function nextThreeMatches(baseURL: string): Promise<EventSummary[]> {
  const { body } = await call<EventSummary[]>(baseURL, 'GET', '/api/football/events?status=open');
  const soon = body
    .filter((e) => Date.parse(e.salesCloseAt) - Date.now() >= 75_000)
    .sort((a, b) => Date.parse(a.salesCloseAt) - Date.parse(b.salesCloseAt));
  expect(soon.length).toBeGreaterThanOrEqual(3);
  return soon.slice(0, 3);
}

/** A full-page screenshot from the top, without the PWA's "ready offline" note over the page. */
async function shot(page: Page, name: string) {
  const prompt = page.getByTestId('reload-prompt');
  if (await prompt.isVisible()) await prompt.getByRole('button').last().click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/football-${name}.png`, fullPage: true });
}

/**
 * Confirms the slip the way a member does while prices keep moving: accept the new prices when
 * asked, confirm as soon as the quote is current; a refusal for a price that moved in between
 * asks again. Returns once the order is followed on screen.
 */
async function confirmWhilePricesMove(page: Page) {
  const status = page.getByTestId('order-status');
  for (let attempt = 0; attempt < 20 && (await status.count()) === 0; attempt++) {
    const accept = page.getByTestId('accept-prices');
    // The notice re-renders as prices keep moving: a click that cannot land is simply tried again.
    if (await accept.isVisible()) await accept.click({ timeout: 1_000 }).catch(() => undefined);
    await expect(page.getByTestId('confirm-order'))
      .toBeEnabled({ timeout: 2_000 })
      .then(() => page.getByTestId('confirm-order').dblclick({ timeout: 1_000 }))
      .catch(() => undefined);
    await page.waitForTimeout(700);
  }
  await expect(status).toBeVisible();
}

test('a member buys a 3-match "at least 2 win" all-up while prices move, and sees the settled prize once two legs win', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const member = await fundedMember(baseURL!);
  await signIn(page, member);
  const matches = await nextThreeMatches(baseURL!);

  await page.goto('/main/sports/hkjc-football');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hong Kong football');
  await expect(page.getByTestId('time-zone')).toHaveValue('hk');

  // Odds move every second: some price carries its ▲ / ▼ mark.
  await expect(page.locator('[data-testid="odds-button"][data-move]').first()).toBeVisible({ timeout: 10_000 });

  // Home on each of the three matches, as an all-up where at least 2 must win: HKJC's 3x4.
  for (const match of matches) {
    const row = page.locator(`[data-testid="event-row"][data-event-id="${match.id}"]`);
    await row.getByTestId('odds-button').first().click();
    await expect(row.getByTestId('odds-button').first()).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByTestId('mode-allup').check();
  await page.getByTestId('allup-condition').selectOption('atLeast:2');
  await expect(page.getByTestId('allup-formula')).toHaveValue('3x4');
  await expect(page.getByTestId('bet-line')).toHaveCount(4);
  await expect(page.getByTestId('summary-bets')).toHaveText('4');
  // Before a current quote the rules' preview (local amounts); with one, each with its GP.
  await expect(page.getByTestId('summary-stake')).toHaveText(/^HK\$40( ≈ 5\.12 GP)?$/);
  await expect(page.getByTestId('summary-fee')).toHaveText(/^HK\$30( ≈ 3\.84 GP)?$/);
  // GP next to Hong Kong dollars, with the one rate stake, fee and prizes convert at.
  // (Prices move every second here: accept them until a quote is current.)
  await expect(async () => {
    const accept = page.getByTestId('accept-prices');
    if (await accept.isVisible()) await accept.click({ timeout: 1_000 }).catch(() => undefined);
    await expect(page.getByTestId('summary-total')).toHaveText('8.96 GP', { timeout: 1_500 }); // HK$70 at HK$7.8125 a GP
    await expect(page.getByTestId('summary-stake')).toHaveText('HK$40 ≈ 5.12 GP', { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('summary-total-local')).toHaveText('HK$70 with the fee · 1 GP = HK$7.81');
  await expect(page.getByTestId('summary-max-prize')).toHaveText(/^HK\$[\d,.]+ ≈ [\d,]+\.\d\d GP$/);
  await expect(page.getByTestId('summary-prize-rate')).toHaveText('1 GP = HK$7.81 at the market rate');

  // In an all-up, a second market on a match replaces its first pick (one market per match).
  const first = page.locator(`[data-testid="event-row"][data-event-id="${matches[0]!.id}"]`);
  await first.getByTestId('event-expand').click();
  await first.getByTestId('market-OOE').getByTestId('odds-button').first().click();
  await expect(page.getByTestId('slip-pick')).toHaveCount(3);
  await expect(page.locator(`[data-testid="slip-event"][data-event-id="${matches[0]!.id}"]`)).toContainText('Goals odd/even');
  await first.getByTestId('market-HAD').getByTestId('odds-button').first().click();
  await expect(page.locator(`[data-testid="slip-event"][data-event-id="${matches[0]!.id}"]`)).toContainText('Home/Away/Draw');
  await expect(page.getByTestId('slip-pick')).toHaveCount(3);
  await first.getByTestId('event-expand').click();

  await page.getByTestId('accept-better').check();
  await shot(page, 'slip-1280');
  await confirmWhilePricesMove(page);
  const status = page.getByTestId('order-status');
  await expect(status).toHaveAttribute('data-status', '2', { timeout: 20_000 });
  await expect(status.getByTestId('order-status-label')).toHaveText('Purchase successful');
  // Bought: the slip is cleared at once, and "keep these picks" puts them back for another order.
  await expect(page.getByTestId('slip-cleared')).toBeVisible();
  await expect(page.getByTestId('slip-pick')).toHaveCount(0);
  await shot(page, 'purchased-1280');
  await page.getByTestId('keep-picks').click();
  await expect(page.getByTestId('slip-pick')).toHaveCount(3);
  await expect(page.getByTestId('slip-cleared')).toHaveCount(0);
  await page.getByTestId('slip-clear').click();
  await expect(page.getByTestId('slip-pick')).toHaveCount(0);

  const orders = await call<{ items: FootballOrder[] }>(baseURL!, 'GET', '/api/orders?productCode=HKS01', { token: member.token });
  expect(orders.body.items).toHaveLength(1);
  const order = orders.body.items[0]!;
  expect(order.football?.formula).toBe('3x4');

  // Once each match's sales close, two staff members enter the results (four eyes): the first two home sides win, the third loses.
  const results = [
    { status: 'played', halfTime: { home: 1, away: 0 }, fullTime: { home: 2, away: 0 }, corners: 9, firstTeamToScore: 'H' },
    { status: 'played', halfTime: { home: 0, away: 0 }, fullTime: { home: 1, away: 0 }, corners: 7, firstTeamToScore: 'H' },
    { status: 'played', halfTime: { home: 0, away: 1 }, fullTime: { home: 0, away: 1 }, corners: 11, firstTeamToScore: 'A' },
  ];
  for (const [i, match] of matches.entries()) {
    await expect
      .poll(async () => (await call<EventSummary>(baseURL!, 'GET', `/api/football/events/${match.id}`)).body.status, { timeout: 120_000, intervals: [2_000] })
      .toBe('closed');
    const posted = await enterResultTwice(baseURL!, 'football_event', match.id, results[i]);
    expect(posted.body.state, JSON.stringify(posted.body)).toBe('published');
  }

  // Settlement: the double of the two winners pays unit × their odds (to 10 cents); the treble and the other doubles lose.
  const [a, b] = matches.map((m) => BigInt(Math.round(Number(order.football!.legs.find((leg) => leg.eventId === m.id)!.odds) * 1000)));
  // HK$10 = 1,000 cents × both prices (in thousandths), to the nearest 10 cents, halves up.
  const exact = 1000n * a! * b!;
  const expectedCents = Number(((2n * exact + 10n * 1_000_000n) / (20n * 1_000_000n)) * 10n);
  await expect
    .poll(async () => (await call<{ order: FootballOrder }>(baseURL!, 'GET', `/api/orders/${order.id}`, { token: member.token })).body.order.settledAt, { timeout: 60_000 })
    .not.toBeNull();

  await page.goto('/orders?productCode=HKS01');
  const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
  await expect(row.getByTestId('football-play-type')).toHaveText('All-up 3x4, 4 bets');
  await expect(row.getByTestId('football-leg')).toHaveCount(3);
  await expect(row.locator('[data-testid="football-leg"][data-outcome="win"]')).toHaveCount(2);
  await expect(row.locator('[data-testid="football-leg"][data-outcome="loss"]')).toHaveCount(1);
  const amount = new Intl.NumberFormat('en', { style: 'currency', currency: 'HKD', minimumFractionDigits: expectedCents % 100 ? 2 : 0, maximumFractionDigits: expectedCents % 100 ? 2 : 0 }).format(expectedCents / 100);
  await expect(row.getByTestId('football-payout')).toHaveText(`Returned ${amount}`);
  await expect(row.getByTestId('order-prize')).not.toHaveText('0.00 GP');
  // A settled order says what it won, in GP; its details show GP next to Hong Kong dollars with the rate.
  await expect(row.getByTestId('order-status')).toHaveText(/^Settled — won [\d,]+\.\d\d GP$/);
  await row.getByTestId('order-toggle').click();
  const details = page.getByTestId('order-details');
  await expect(details.getByTestId('order-paid')).toHaveText('HK$70 ≈ 8.96 GP');
  await expect(details.getByTestId('order-won')).toHaveText(new RegExp(`^${amount.replace('$', '\\$')} ≈ [\\d,]+\\.\\d\\d GP$`));
  await expect(details).toContainText('1 GP = HK$7.81 at the market rate');
  await shot(page, 'orders-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'orders-390');
  await page.goto('/main/sports/hkjc-football');
  await expect(page.getByTestId('event-row').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'screen-390');
});

test('the slip survives a reload and another page; the list filters by date, league and bet type; names read in Chinese', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const member = await fundedMember(baseURL!);
  await adoptSession(page, member.token);
  await page.addInitScript(
    ([u]) => {
      if (sessionStorage.getItem('seeded')) return;
      localStorage.setItem('user', u);
      localStorage.setItem('locale', 'zh-TW');
      sessionStorage.setItem('seeded', '1');
    },
    [JSON.stringify(member.user)] as const,
  );
  const [a, b] = await nextThreeMatches(baseURL!);
  await page.goto('/main/sports/hkjc-football');
  const rowA = page.locator(`[data-testid="event-row"][data-event-id="${a!.id}"]`);
  const rowB = page.locator(`[data-testid="event-row"][data-event-id="${b!.id}"]`);
  await rowA.getByTestId('odds-button').first().click();
  await rowB.getByTestId('odds-button').nth(2).click();
  await expect(page.getByTestId('slip-pick')).toHaveCount(2);

  // The simulated source names its leagues and teams in Chinese too.
  const event = (await call<{ home: string; names?: { home?: Record<string, string> } }>(baseURL!, 'GET', `/api/football/events/${a!.id}`)).body;
  expect(event.names?.home?.['zh-TW']).toBeTruthy();
  await expect(rowA.getByTestId('event-home')).toHaveText(event.names!.home!['zh-TW']!);
  await expect(page.getByTestId('slip-event').first()).toContainText(event.names!.home!['zh-TW']!);

  // A reload and another page keep the slip (localStorage, per member).
  await page.reload();
  await expect(page.getByTestId('slip-pick')).toHaveCount(2);
  await page.goto('/wallet');
  await page.goto('/main/sports/hkjc-football');
  await expect(page.getByTestId('slip-pick')).toHaveCount(2);
  expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('football.slip.')))).toBe(true);

  // Filters: a bet type shows its prices in each row; a league keeps only its matches; a date only that day's.
  await page.getByTestId('filter-market').selectOption('HIL');
  await expect(page).toHaveURL(/market=HIL/);
  await expect(page.getByTestId('event-focus').first()).toContainText('入球大細');
  const league = await page.getByTestId('filter-league').locator('option').nth(1).getAttribute('value');
  await page.getByTestId('filter-league').selectOption(league!);
  // The list re-renders after the choice: poll until it shows only that league's matches. A match
  // opens every 15 s here and closes as fast, so the league's matches (of any status: the list may
  // still show one whose sales just closed) are read again on each try.
  await expect(async () => {
    const leagues = await call<{ id: string; tournamentCode: string }[]>(baseURL!, 'GET', '/api/football/events');
    const inLeague = leagues.body.filter((e) => e.tournamentCode === league).map((e) => e.id);
    const shown = await page.getByTestId('event-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-event-id')));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((id) => inLeague.includes(id!))).toBe(true);
  }).toPass({ timeout: 10_000 });
  const date = await page.getByTestId('filter-date').locator('option').nth(1).getAttribute('value');
  await page.getByTestId('filter-date').selectOption(date!);
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  await page.getByTestId('filter-clear').click();
  await expect(page).not.toHaveURL(/market=|league=|date=/);
  await shot(page, 'zh-TW-1280');

  // Buy opens the confirm step with the GP total and the balance after (500.00 GP from the PIN).
  await page.getByTestId('unit-stake').fill('30');
  // (Prices move every second here, closing the step when the quote goes stale: try until it holds.)
  await expect(async () => {
    const accept = page.getByTestId('accept-prices');
    if (await accept.isVisible()) await accept.click({ timeout: 1_000 }).catch(() => undefined);
    if (!(await page.getByTestId('confirm-step').isVisible())) await page.getByTestId('confirm-order').click({ timeout: 1_500 });
    await expect(page.getByTestId('confirm-total')).toHaveText('11.52 GP', { timeout: 1_000 }); // 2 singles of HK$30 + the HK$30 fee = HK$90
    await expect(page.getByTestId('balance-after')).toHaveText('488.48 GP', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, 'confirm-zh-TW-1280');
  if (await page.getByTestId('confirm-cancel').isVisible()) await page.getByTestId('confirm-cancel').click();

  // On a phone, in Traditional Chinese and in English.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'zh-TW-390');
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hong Kong football');
  await expect(page.getByTestId('slip-pick')).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  await shot(page, 'en-390');
});

test('a member reading Chinese sees the league and team names in Chinese on the order legs and the dashboards', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const member = await fundedMember(baseURL!);
  const [match] = await nextThreeMatches(baseURL!);
  type Named = { home: string; away: string; names?: { home?: Record<string, string>; away?: Record<string, string>; tournament?: Record<string, string> } };
  type Priced = Named & { markets: { market: string; selections: { key: string; odds: string }[] }[] };
  // A single on the home win, bought through the API (prices move every second: take the current one, better ones accepted).
  let orderId: string | undefined;
  let event: Priced | undefined;
  for (let attempt = 0; attempt < 5 && !orderId; attempt++) {
    event = (await call<Priced>(baseURL!, 'GET', `/api/football/events/${match!.id}`)).body;
    const odds = event.markets.find((m) => m.market === 'HAD')!.selections.find((s) => s.key === 'H')!.odds;
    const body = { productCode: 'HKS01', mode: 'single', legs: [{ eventId: match!.id, market: 'HAD', selection: 'H', odds }], unitStake: { amount: 3_000, currency: 'HKD' }, acceptBetterOdds: true };
    const placed = await call<{ order?: { id: string } }>(baseURL!, 'POST', '/api/orders', { body, token: member.token, headers: { 'Idempotency-Key': `names-${Date.now()}-${attempt}` } });
    orderId = placed.body.order?.id;
  }
  expect(orderId).toBeTruthy();
  const home = event!.names!.home!['zh-TW']!;
  const away = event!.names!.away!['zh-TW']!;
  expect(home).not.toBe(event!.home);

  await adoptSession(page, member.token);
  await page.addInitScript(
    ([u]) => {
      localStorage.setItem('user', u);
      localStorage.setItem('locale', 'zh-TW');
    },
    [JSON.stringify(member.user)] as const,
  );
  await page.goto('/orders?productCode=HKS01');
  const leg = page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`).getByTestId('football-leg');
  await expect(leg).toContainText(`${home} – ${away}`);
  await expect(leg).not.toContainText(event!.home);
  await shot(page, 'orders-zh-TW-1280');

  // The odds dashboard names the match in Chinese (picker and chart title).
  await page.goto(`/sidebar/dashboards/hkjc-football?event=${match!.id}`);
  await expect(page.locator('#odds-chart-title')).toContainText(`${home} – ${away}`);
  await expect(page.getByTestId('odds-event').locator('option:checked')).toContainText(home);

  // The soccer dashboard's results read in Chinese: two staff members void the match (the order is refunded), so it is finished at once.
  expect((await enterResultTwice(baseURL!, 'football_event', match!.id, { status: 'void' })).body.state).toBe('published');
  await page.goto('/sidebar/dashboards/soccer');
  const result = page.locator('[data-testid="football-result-row"]', { hasText: match!.code });
  await expect(result.locator('.dash-match__teams')).toHaveText(`${home} – ${away}`);
  await expect(result.locator('.dash-match__meta')).toContainText(event!.names!.tournament!['zh-TW']!);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'soccer-zh-TW-390');
});
