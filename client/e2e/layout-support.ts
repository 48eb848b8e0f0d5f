import { expect, type Page } from '@playwright/test';

/** What sticks out past the right edge of the viewport: the document's overflow and the widest culprits. */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const culprits: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // Only the outermost culprit of each subtree: its children only repeat it.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && parent.right > width + 0.5) continue;
      const testId = element.getAttribute('data-testid');
      const name = `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}.${String(element.className).trim().replace(/\s+/g, '.')}`;
      culprits.push(`${name} right=${Math.round(box.right)} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return { overflow: root.scrollWidth - width, culprits: culprits.slice(0, 6) };
  });
}

/**
 * The page never scrolls sideways once it has settled. It polls for a moment so a box still
 * animating in does not count, and on failure names the elements that stick out, so a failure on
 * another machine says which part of the layout is too wide.
 */
export async function expectNoSidewaysScroll(page: Page, where = page.url()): Promise<void> {
  let last = { overflow: 0, culprits: [] as string[] };
  await expect
    .poll(
      async () => {
        last = await sidewaysOverflow(page);
        return last.overflow;
      },
      { message: `sideways scroll on ${where}`, timeout: 3_000 },
    )
    .toBeLessThanOrEqual(0)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nSticking out: ${last.culprits.join('; ') || '(nothing measurable)'}`);
    });
}
