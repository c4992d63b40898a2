import { expect, test } from '@playwright/test';

test('an unknown path shows the not-found screen, whose buttons lead home', async ({ page }) => {
  await page.goto('/this/does/not/exist');

  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle('Page Not Found · Council');
});
