import { expect, test } from '@playwright/test';

// A short window so the target sits well below the fold and the page must scroll to reach it.
test.use({ viewport: { width: 360, height: 500 } });

test('a path with #anchor scrolls the element to 80 px below the top', async ({ page }) => {
  await page.goto('/support#contact');

  await expect
    .poll(() => page.evaluate(() => document.getElementById('contact')?.getBoundingClientRect().top))
    .toBeCloseTo(80, 0);
});
