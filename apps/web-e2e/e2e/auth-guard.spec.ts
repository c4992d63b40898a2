import { expect, test } from '@playwright/test';

for (const path of ['/', '/history', '/questions/1']) {
  test(`${path} sends a signed-out visitor to /auth`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
}
