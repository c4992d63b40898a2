import { expect, test } from '@playwright/test';

// DECISIONS 1 and 2: links the spec uses that are not routes of their own.
const redirects = [
  ['/features', '/product', 'Features'],
  ['/pricing', '/subscription', 'Pricing'],
  ['/meet-the-council', '/company', 'Meet the Council'],
  ['/subscribe', '/subscription', 'Pricing'],
] as const;

for (const [from, to, heading] of redirects) {
  test(`${from} redirects to ${to}`, async ({ page }) => {
    await page.goto(from);
    await expect(page).toHaveURL(to);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}
