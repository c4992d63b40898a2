import { expect, test } from '@playwright/test';

// A short window so each target sits well below the fold and the page must scroll to reach it.
test.use({ viewport: { width: 360, height: 500 } });

/** Runs in the browser: how far the element's top edge sits from 80 px below the top of the window. */
const offBy = (id: string): number =>
  Math.abs((document.getElementById(id)?.getBoundingClientRect().top ?? Number.NaN) - 80);

for (const path of [
  '/support#contact',
  '/support#help-center',
  '/support#documentation',
  '/product#features',
]) {
  test(`${path} scrolls the element to 80 px below the top`, async ({ page }) => {
    await page.goto(path);
    const id = path.split('#')[1] ?? '';
    // Within a pixel: layout positions can be fractional, scroll positions are whole pixels.
    await expect.poll(() => page.evaluate(offBy, id)).toBeLessThanOrEqual(1);
  });
}

test('a footer link scrolls to its section on another page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/terms');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();

  await expect(page).toHaveURL('/support#contact');
  await expect.poll(() => page.evaluate(offBy, 'contact')).toBeLessThanOrEqual(1);
});
