import path from 'node:path';
import { expect, test } from '@playwright/test';

// On a phone the members stack below the question box; the ask stays in reach: the "Ask the
// Council" button is on screen as soon as the question is typed, with no scrolling.

const noApi = Boolean(process.env.E2E_NO_API);
const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

test.describe('asking on a phone', () => {
  test.skip(noApi, 'E2E_NO_API is set: no API behind the client');
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the Ask button stays on screen below the question box, and asks', async ({ page }) => {
    const username = `e2e_phone_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const response = await page.request.post('/api/register', {
      data: { username, password: 'phone-secret-1', email: `${username}@example.test` },
    });
    expect(response.status(), await response.text()).toBe(201);

    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Member 3' })).toBeAttached();
    await page
      .getByLabel('Your question')
      .fill('Should my first programming language be Python or JavaScript?');
    const askButton = page.getByRole('button', { name: 'Ask the Council' });
    await expect(askButton).toBeInViewport();
    await page.screenshot({ path: path.join(screenshotDir, 'ask-phone-sticky-390.png') });

    // Scrolled to the members, it is still there.
    await page.getByRole('group', { name: 'Member 2' }).scrollIntoViewIfNeeded();
    await expect(askButton).toBeInViewport();
    await page.screenshot({ path: path.join(screenshotDir, 'ask-phone-sticky-members-390.png') });

    await askButton.tap();
    await expect(
      page.getByRole('region', { name: 'Answers' }).getByRole('article', { name: 'ChatGPT' }),
    ).toBeVisible();
  });
});
