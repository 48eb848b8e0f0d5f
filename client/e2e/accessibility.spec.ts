import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { inLocale, logInOnPhone, operatorPin, PHONE, placeKenoOrder, signUpOverApi } from './phone-support.ts';
import { call, consoleSignIn, enrolmentLink, newAccount } from './staff-support.ts';

/**
 * Issue 34, accessibility: axe-core (WCAG 2.1 A and AA rules) over the main member pages at phone
 * size, signed in with something on every page (an unread notice, points, an order), and over the
 * console's pages: no serious or critical violation anywhere. Each page's findings are written to
 * test-results (axe-<page>.json) so a failure names the rule, the element and the contrast it measured.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SEEDED = { email: 'operator@example.com', password: 'operator-pass-2026' };

interface Finding {
  page: string;
  rule: string;
  impact: string | null | undefined;
  targets: string[];
  summary: string;
}

/** Runs axe on the page as it is and returns its serious and critical findings (all findings go to a file). */
async function audit(page: Page, info: TestInfo, name: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  fs.writeFileSync(info.outputPath(`axe-${name}.json`), JSON.stringify({ url: page.url(), violations: results.violations, passes: results.passes.length }, null, 2));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ page: name, rule: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')), summary: v.nodes[0]?.failureSummary ?? v.help }));
}

/** The contrast ratio of an element's text against its own background colour (WCAG's formula). */
async function contrastOf(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    const rgb = (value: string) => (value.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const luminance = (value: string) => {
      const [r, g, b] = rgb(value).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}

/** Waits for a page to settle (its heading drawn, no loading state) before it is audited. */
async function settled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

test.describe('member pages on a phone', () => {
  test.use(PHONE);

  test('thirteen member pages (five again in the light theme) have no serious or critical WCAG 2.1 A/AA violation', async ({ page, baseURL }, info) => {
    test.setTimeout(240_000);
    const findings: Finding[] = [];
    await inLocale(page, 'zh-TW');

    // As a guest: home and the sign-up form.
    for (const [name, path] of [['home-guest', '/'], ['sign-up', '/auth?mode=signup']] as const) {
      await settled(page, path);
      findings.push(...(await audit(page, info, name)));
    }

    // A member with points, an order and an unread message (the header's badge).
    const member = await signUpOverApi(baseURL!, 'axe');
    await call(baseURL!, 'POST', '/api/pins/redeem', { token: member.token, body: { code: await operatorPin(baseURL!, 5_000) } });
    await placeKenoOrder(baseURL!, member.token, { trial: false });
    await logInOnPhone(page, member);
    // The order's message is unread: the header shows its badge.
    await expect(page.getByTestId('header-inbox-count')).toBeVisible({ timeout: 20_000 });

    const pages = [
      ['home-member', '/'],
      ['wallet', '/wallet'],
      ['deposit', '/deposit'],
      ['keno', '/main/keno/keno24h'],
      ['mark-six', '/main/lotto/HKA01'],
      ['football', '/main/sports/hkjc-football'],
      ['orders', '/orders'],
      ['inbox', '/inbox'],
      ['keno-rules', '/main/keno/rules'],
      ['mark-six-results', '/roadmap/HKA01'],
      ['faq', '/help/faq'],
    ] as const;
    for (const [name, path] of pages) {
      await settled(page, path);
      findings.push(...(await audit(page, info, name)));
    }
    // The header's unread badge: its number reads at 4.5:1 or more (axe may leave a badge over an icon unjudged).
    expect(await contrastOf(page.getByTestId('header-inbox-count'))).toBeGreaterThanOrEqual(4.5);

    // The light theme too, on the pages with the most colour.
    await page.evaluate(() => localStorage.setItem('color-scheme', 'light'));
    for (const [name, path] of [['home-member-light', '/'], ['wallet-light', '/wallet'], ['keno-light', '/main/keno/keno24h'], ['mark-six-light', '/main/lotto/HKA01'], ['football-light', '/main/sports/hkjc-football']] as const) {
      await settled(page, path);
      findings.push(...(await audit(page, info, name)));
    }
    expect(await contrastOf(page.getByTestId('header-inbox-count'))).toBeGreaterThanOrEqual(4.5);
    fs.writeFileSync(info.outputPath('axe-member-summary.json'), JSON.stringify({ pages: pages.length + 2, lightPages: 5, findings }, null, 2));
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  });
});

test.describe('console pages', () => {
  test.use({ locale: 'en-US' });

  test('the console’s sign-in and five of its pages have no serious or critical WCAG 2.1 A/AA violation', async ({ page, baseURL }, info) => {
    test.setTimeout(180_000);
    const findings: Finding[] = [];
    const seeded = (await call(baseURL!, 'POST', '/api/auth/login', { body: SEEDED })).body.token as string;
    const staff = await newAccount(baseURL!, 'Auditor');
    expect((await call(baseURL!, 'POST', `/api/admin/staff/${staff.id}/role`, { token: seeded, body: { role: 'supervisor' } })).status).toBe(204);

    await page.goto('/admin');
    await expect(page.getByLabel('Email')).toBeVisible();
    findings.push(...(await audit(page, info, 'console-sign-in')));
    await consoleSignIn(page, staff.email, staff.password, undefined, await enrolmentLink(baseURL!, seeded, staff.id));

    const pages = [
      ['console-queue', '/admin'],
      ['console-members', '/admin/members'],
      ['console-pins', '/admin/pins'],
      ['console-results', '/admin/results'],
      ['console-audit', '/admin/audit'],
    ] as const;
    for (const [name, path] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      findings.push(...(await audit(page, info, name)));
    }
    fs.writeFileSync(info.outputPath('axe-console-summary.json'), JSON.stringify({ pages: pages.length + 1, findings }, null, 2));
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  });
});
