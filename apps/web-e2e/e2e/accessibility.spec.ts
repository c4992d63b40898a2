import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';

// Serious and critical WCAG A/AA findings (contrast, names, landmarks) fail the build; minor ones are
// left to review.
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

// Every public route of spec §2, and the not-found screen.
const publicPages = [
  '/auth',
  '/terms',
  '/privacy',
  '/cookies',
  '/product',
  '/support',
  '/company',
  '/subscription',
  '/shared/abc123',
  '/no-such-page',
];

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 360, height: 800 },
] as const) {
  test.describe(`${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of publicPages) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test('the support page stays accessible with an answer open and form errors shown', async ({ page }) => {
  await page.goto('/support');
  await page.getByRole('button', { name: /How many free queries do I get\?/ }).click();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);
});

test('the mobile menu of the public header is accessible', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/company');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);
});
