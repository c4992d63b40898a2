import { expect, test } from '@playwright/test';

// A card's information describes its own model, from the catalogue, and /company agrees with it
// (DECISIONS 19). A phone has no hover: a tap opens it.

const noApi = Boolean(process.env.E2E_NO_API);

test.describe('model information', () => {
  test.skip(noApi, 'E2E_NO_API is set: no API behind the client');
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on a card’s information shows that model’s facts, as /company does', async ({ page }) => {
    const username = `e2e_info_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const response = await page.request.post('/api/register', {
      data: { username, password: 'info-secret-1', email: `${username}@example.test` },
    });
    expect(response.status(), await response.text()).toBe(201);

    await page.goto('/');
    await page
      .getByLabel('Your question')
      .fill('Should my first programming language be Python or JavaScript?');
    await page.getByRole('button', { name: 'Ask the Council' }).click();
    const card = page.getByRole('region', { name: 'Answers' }).getByRole('article', { name: 'ChatGPT' });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'About ChatGPT' }).tap();
    const info = page.getByRole('dialog', { name: 'About ChatGPT' });
    await expect(info).toBeVisible();
    await expect(info).toContainText('gpt-4o 2024-11-20');
    await expect(info).toContainText('May 2024');
    await expect(info).toContainText('128,000 tokens');
    await expect(info).not.toContainText('Claude');
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();

    const claude = page.getByRole('region', { name: 'Answers' }).getByRole('article', { name: 'Claude' });
    await claude.getByRole('button', { name: 'About Claude' }).tap();
    const claudeInfo = page.getByRole('dialog', { name: 'About Claude' });
    await expect(claudeInfo).toContainText('claude-sonnet-4');
    await expect(claudeInfo).toContainText('200,000 tokens');
    await expect(claudeInfo).not.toContainText('3.5');

    await page.goto('/company');
    const profile = page.getByRole('article', { name: 'ChatGPT' });
    await expect(profile.getByText('128,000 tokens context')).toBeVisible();
    await expect(profile.getByText('Released May 2024')).toBeVisible();
  });
});
