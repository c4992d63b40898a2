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
  { name: 'auth', path: '/auth', landsOn: '/auth', heading: 'Sign in' },
  { name: 'not-found', path: '/no-such-page', landsOn: '/no-such-page', heading: 'Page Not Found' },
  { name: 'product', path: '/product', landsOn: '/product', heading: 'Features' },
  { name: 'support', path: '/support', landsOn: '/support', heading: 'Support' },
  { name: 'company', path: '/company', landsOn: '/company', heading: 'Meet the Council' },
  { name: 'terms', path: '/terms', landsOn: '/terms', heading: 'Terms of Service' },
  { name: 'privacy', path: '/privacy', landsOn: '/privacy', heading: 'Privacy Policy' },
  { name: 'cookies', path: '/cookies', landsOn: '/cookies', heading: 'Cookie Policy' },
  { name: 'subscription', path: '/subscription', landsOn: '/subscription', heading: 'Pricing' },
  {
    name: 'shared',
    path: '/shared/abc123',
    landsOn: '/shared/abc123',
    heading: 'Error Loading Shared Question',
  },
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
          animations: 'disabled',
        });
      });
    }
  });
}

test('screenshot of the support page with an answer open and a toast', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route('**/api/support/contact', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: '{"statusCode":429,"code":"RATE_LIMITED","message":"x"}',
    }),
  );
  await page.goto('/support');
  await page.getByRole('searchbox', { name: 'Search the help centre' }).fill('plan');
  await page.getByRole('button', { name: /What’s the difference between Premium and Max\?/ }).click();
  await page.screenshot({
    path: path.join(screenshotDir, 'support-faq-open-1280.png'),
    animations: 'disabled',
  });

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.screenshot({
    path: path.join(screenshotDir, 'support-form-errors-1280.png'),
    animations: 'disabled',
  });

  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Subject').fill('Hello');
  await form.getByLabel('Message').fill('Hi');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Message not sent', { exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'support-toast-1280.png'), animations: 'disabled' });
});
