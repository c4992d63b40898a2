import { expect, test } from '@playwright/test';

const noApi = Boolean(process.env.E2E_NO_API);

for (const [path, signIn] of [
  ['/', '/auth'],
  ['/history', '/auth?return=%2Fhistory'],
  ['/questions/1', '/auth?return=%2Fquestions%2F1'],
  ['/demo-checkout/cs_demo_x', '/auth?return=%2Fdemo-checkout%2Fcs_demo_x'],
] as const) {
  test(`${path} sends a signed-out visitor to sign in, keeping the way back`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(signIn);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
}

test.describe('sessions that end', () => {
  test.skip(noApi, 'E2E_NO_API is set: no API behind the client');

  async function register(page: import('@playwright/test').Page, label: string) {
    const username = `e2e_${label}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const password = 'guard-secret-1';
    const response = await page.request.post('/api/register', {
      data: { username, password, email: `${username}@example.test` },
    });
    expect(response.status(), await response.text()).toBe(201);
    return { username, password };
  }

  async function signIn(page: import('@playwright/test').Page, username: string, password: string) {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  test('a deep link survives signing in: /history after the sign-in form', async ({ page }) => {
    const { username, password } = await register(page, 'deeplink');
    await page.context().clearCookies();
    await page.goto('/history');
    await expect(page).toHaveURL('/auth?return=%2Fhistory');
    await signIn(page, username, password);
    await expect(page).toHaveURL('/history');
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  });

  test('an expired session: asking leads to sign in, and back to the Ask screen', async ({ page }) => {
    const { username, password } = await register(page, 'expired');
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Member 3' })).toBeVisible();
    // The session ends on the server side (as after its idle timeout), the page still shows the user.
    await page.context().clearCookies();
    await page
      .getByLabel('Your question')
      .fill('Should my first programming language be Python or JavaScript?');
    await page.getByRole('button', { name: 'Ask the Council' }).click();

    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    await signIn(page, username, password);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ask The Council' })).toBeVisible();
  });
});
