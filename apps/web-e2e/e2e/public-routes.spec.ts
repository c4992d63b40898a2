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
  // An unknown link shows the shared page's error state.
  ['/shared/abc123', 'Error Loading Shared Question'],
] as const;

for (const [path, heading] of publicScreens) {
  test(`${path} renders "${heading}" without signing in`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveURL(path);
  });
}

test('a signed-out visitor sees the one public header on /subscription and /auth too', async ({ page }) => {
  await page.goto('/subscription');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'History' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');

  await page.goto('/auth');
  const banner = page.getByRole('banner').first();
  await expect(banner.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/features');
  await expect(banner.getByRole('link', { name: 'Log in' })).toHaveCount(0);
});

test('the marketing and legal pages show signed-out visitors the public header', async ({ page }) => {
  for (const path of ['/product', '/support', '/company', '/terms', '/privacy', '/cookies']) {
    await page.goto(path);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    await expect(header.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/features');
    await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(header.getByRole('link', { name: 'Meet the Council' })).toHaveAttribute(
      'href',
      '/meet-the-council',
    );
  }
});

test('the footer carries the copyright line for this year', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Council`);
});
