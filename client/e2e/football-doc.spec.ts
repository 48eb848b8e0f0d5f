import { expect, test, type Page } from '@playwright/test';
import { adoptSession } from './session-support.ts';
import { enterResultTwice } from './results-support.ts';
import { expectNoSidewaysScroll } from './layout-support.ts';

/**
 * The football help page and the two football dashboards, against the real server: the help
 * page is computed from common's rules, the dashboards read the server's simulated events,
 * odds history, results and standings.
 */

const DEMO = { email: 'demo@example.com', password: 'demo-pass-2026' };

async function signIn(page: Page, baseURL: string, locale = 'en', theme = 'dark') {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const { token, user } = (await res.json()) as { token: string; user: object };
  await adoptSession(page, token);
  await page.addInitScript(
    ([u, l, c]) => {
      localStorage.setItem('user', u);
      localStorage.setItem('locale', l);
      localStorage.setItem('color-scheme', c);
    },
    [JSON.stringify(user), locale, theme] as const,
  );
}

/**
 * The test server takes football results from the back office (FOOTBALL_RESULT_SOURCE=manual,
 * scripts/e2e-server.mjs), so two staff members result the matches whose sales have closed: played
 * scores, and one postponed match to show a void status. Returns how many were resulted.
 */
async function resultClosedMatches(baseURL: string, count: number): Promise<number> {
  let done = 0;
  await expect
    .poll(
      async () => {
        const closed = (await (await fetch(`${baseURL}/api/football/events?status=closed`)).json()) as { id: string }[];
        for (const event of closed.slice(0, count - done)) {
          const body =
            done === 0
              ? { status: 'postponed' }
              : { status: 'played', halfTime: { home: done % 2, away: 0 }, fullTime: { home: 1 + (done % 3), away: done % 2 }, corners: 8 + done, firstTeamToScore: 'H', firstScorer: '101' };
          // Four eyes: two staff members enter the same result.
          if ((await enterResultTwice(baseURL, 'football_event', event.id, body)).body.state === 'published') done++;
        }
        return done;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(count);
  return done;
}

/** A full-page screenshot from the top, without the PWA's "ready offline" note over the page. */
async function shot(page: Page, name: string) {
  const prompt = page.getByTestId('reload-prompt');
  if (await prompt.isVisible()) await prompt.getByRole('button').last().click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/football-${name}.png`, fullPage: true });
}

test('the help page explains all 14 bet types, the 56 all-up formulas and HKJC’s worked examples', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await page.goto('/main/sports/hkjc-football-doc');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hong Kong football: bet types and how to bet');

  const betTypes = page.getByTestId('bet-type');
  await expect(betTypes).toHaveCount(14);
  for (const code of ['HAD', 'FHA', 'HHA', 'HDC', 'HIL', 'FHL', 'CHL', 'CRS', 'FCS', 'FTS', 'TTG', 'OOE', 'FGS', 'HFT']) {
    await expect(page.locator(`section#${code}`)).toBeVisible();
  }
  // Split lines settle as the reference table says: −0.5/−1.0 won by one goal is a half win.
  const hdc = page.getByTestId('hdc-table');
  await expect(hdc.getByRole('row', { name: /−0\.5\/−1\.0/ })).toContainText('Half win');
  // Unconfirmed conventions carry their label, and the label opens onto what that means.
  const label = page.locator('#OOE').getByTestId('confidence-label').first();
  await label.locator('summary').click();
  await expect(label).toContainText('official announcement prevails');

  const crossbar = page.getByTestId('crossbar-table');
  await expect(crossbar.getByTestId('crossbar-row')).toHaveCount(56);
  await expect(crossbar.getByRole('row', { name: /^3x7\b/ })).toContainText('At least 1 win');
  await expect(crossbar.getByRole('row', { name: /^8x1\b/ })).toContainText('All must win');

  const crs3x7 = page.locator('[data-example="crs3x7"]');
  await expect(crs3x7.getByTestId('example-payout')).toHaveText('HK$312,700');
  await expect(crs3x7).toContainText('Singles: HK$4,450');
  await expect(crs3x7).toContainText('Doubles: HK$60,750');
  await expect(crs3x7).toContainText('Treble: HK$247,500');
  await expect(page.locator('[data-example="fhaAllUp"]').getByTestId('example-payout')).toHaveText('HK$6,552');
  await expect(page.locator('[data-example="crs3x1"]').getByTestId('example-payout')).toHaveText('HK$92,625');
  await shot(page, 'doc-1280');

  // The purchase screen deep-links to a bet type: the page opens on it.
  await page.goto('/main/sports/hkjc-football-doc#HDC');
  await expect(page.locator('section#HDC')).toBeInViewport();
});

test('the odds dashboard charts an event’s odds and the soccer dashboard shows results and tables', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await page.goto('/sidebar/dashboards/hkjc-football');
  await expect(page.getByTestId('odds-event')).toBeVisible();
  // Every event has at least the snapshot the server recorded when it first priced it.
  await expect(page.getByTestId('odds-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('current-odds').getByRole('row')).toHaveCount(4); // header + H, D, A
  await expect(page.getByTestId('odds-market')).toHaveValue('HAD|');

  // Switching to another bet type keeps the chart or says there is no history yet.
  const options = await page.getByTestId('odds-market').locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  const hil = options.find((v) => v.startsWith('HIL|'));
  if (hil) {
    await page.getByTestId('odds-market').selectOption(hil);
    await expect(page).toHaveURL(/market=HIL/);
    await expect(page.getByTestId('odds-chart').or(page.getByTestId('odds-empty'))).toBeVisible();
  }
  await shot(page, 'odds-1280');

  await resultClosedMatches(baseURL!, 3);
  await page.getByRole('link', { name: 'Results and tables' }).click();
  await expect(page).toHaveURL(/\/sidebar\/dashboards\/soccer$/);
  const results = page.getByTestId('football-results');
  await expect(results.getByTestId('football-result-row').first()).toBeVisible();
  await expect(results).toContainText('Postponed');
  await expect(page.getByTestId('standings-table').first()).toBeVisible();
  await expect(page.getByTestId('standings-table').first().getByRole('columnheader', { name: 'PTS' })).toBeVisible();
  await expect(page.getByTestId('outcome-chart').locator('canvas')).toBeVisible();
  await shot(page, 'soccer-1280');

  await page.getByRole('link', { name: 'Football help' }).click();
  await expect(page).toHaveURL(/\/main\/sports\/hkjc-football-doc$/);
});

test('all three pages fit a 390 px phone in the light theme, tables scrolling inside their own box', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, baseURL!, 'zh-TW', 'light');
  await page.goto('/main/sports/hkjc-football-doc');
  await expect(page.getByTestId('crossbar-table').getByTestId('crossbar-row')).toHaveCount(56);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectNoSidewaysScroll(page);
  await shot(page, 'doc-390');

  await page.goto('/sidebar/dashboards/hkjc-football');
  await expect(page.getByTestId('odds-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'odds-390');

  await resultClosedMatches(baseURL!, 2);
  await page.goto('/sidebar/dashboards/soccer');
  await expect(page.getByTestId('football-results')).toBeVisible();
  await expect(page.getByTestId('standings-table').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'soccer-390');
});
