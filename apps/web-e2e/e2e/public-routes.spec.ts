import { expect, test } from '@playwright/test';

// Headings are the spec's texts, written out here rather than imported, so a changed constant fails.
const publicScreens = [
  ['/auth', 'Sign in'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/cookies', 'Cookie Policy'],
  ['/product', 'Features'],
  ['/support', 'Support'],
  ['/company', 'Meet the Council'],
  ['/subscription', 'Pricing'],
  ['/shared/abc123', 'Shared Question'],
] as const;

for (const [path, heading] of publicScreens) {
  test(`${path} renders "${heading}" without signing in`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveURL(path);
  });
}

test('the signed-out header offers Log in and Sign up', async ({ page }) => {
  await page.goto('/product');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
  await expect(header.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth?form=register');
  await expect(header.getByRole('link', { name: 'History' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Features' })).toHaveAttribute('aria-current', 'page');
});

test('the footer carries the copyright line for this year', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Council`);
});
