import path from 'node:path';
import { expect, test } from '@playwright/test';

// Not assertions on pixels: pictures for a human to review (git-ignored, apps/web-e2e/screenshots/).
const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

const viewports = [
  { name: 'mobile', width: 360, height: 800 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const screens = [
  { name: 'home-signed-out', path: '/', landsOn: '/auth', heading: 'Sign in' },
  { name: 'not-found', path: '/no-such-page', landsOn: '/no-such-page', heading: 'Page Not Found' },
  { name: 'product', path: '/product', landsOn: '/product', heading: 'Features' },
] as const;

for (const viewport of viewports) {
  test.describe(`${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const screen of screens) {
      test(`screenshot of ${screen.path}`, async ({ page }) => {
        await page.goto(screen.path);
        await expect(page).toHaveURL(screen.landsOn);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();

        // Nothing may overflow sideways, down to the narrowest supported width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        await page.screenshot({
          path: path.join(screenshotDir, `${screen.name}-${viewport.width}.png`),
          fullPage: true,
        });
      });
    }
  });
}
