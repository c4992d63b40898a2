import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 360, height: 800 } });

test('the mobile menu lists the navigation and closes on a choice', async ({ page }) => {
  // A page outside the public routes has the app navigation; the public header has its own menu (below).
  await page.goto('/no-such-page');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Pricing' })).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await menu.getByRole('link', { name: 'Meet the Council' }).click();

  await expect(page).toHaveURL('/company');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Meet the Council' })).toBeVisible();
});

test('the public header folds into a menu too', async ({ page }) => {
  await page.goto('/support');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Features' })).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  await menu.getByRole('link', { name: 'Features' }).click();

  await expect(page).toHaveURL('/product');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
});
