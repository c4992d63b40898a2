import { expect, test } from '@playwright/test';

// The content of the marketing and legal pages (spec §1, §2), as a signed-out visitor sees it.

test('the public header leads to the pages DECISIONS 1 names, and to sign-in', async ({ page }) => {
  await page.goto('/support');
  const header = page.getByRole('banner');

  await header.getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL('/product');
  await expect(header.getByRole('link', { name: 'Features' })).toHaveAttribute('aria-current', 'page');

  await header.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();

  await page.goto('/terms');
  await header.getByRole('link', { name: 'Meet the Council' }).click();
  await expect(page).toHaveURL('/company');

  await header.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/auth');
});

test('/product shows the feature cards, the map, weigh-in, the price and any model among them', async ({
  page,
}) => {
  await page.goto('/product');
  const features = page.locator('#features');
  await expect(features.getByRole('heading', { level: 3 })).toHaveText([
    'Side-by-side answers',
    'Debate mode',
    'Consensus synthesis',
    'Agreement map',
    'Weigh in between rounds',
    'Reasoning you can check',
    'The price before you ask',
    'Any model, even a local one',
    'History and sharing',
    'Flexible plans and tokens',
  ]);
  await expect(page.getByRole('link', { name: 'Start with 5 free queries' })).toHaveAttribute(
    'href',
    '/auth?form=register',
  );
});

test('/company profiles the assistants, and which of the models coming soon are configured', async ({
  page,
}) => {
  await page.goto('/company');
  for (const assistant of ['ChatGPT', 'Claude', 'Grok']) {
    const profile = page.getByRole('article', { name: assistant });
    await expect(profile.getByRole('heading', { name: 'Strengths' })).toBeVisible();
    await expect(profile.getByRole('heading', { name: 'Limitations' })).toBeVisible();
  }
  // The e2e stack configures no provider (scripts/test.mjs): every model is still to come, and the
  // default council is the built-in three in demo mode.
  const models = page.getByRole('region', { name: 'Coming soon' });
  await expect(models.getByRole('heading', { level: 3 })).toHaveText(['Llama', 'Gemini', 'Mistral']);
  const badges = models.getByRole('listitem');
  for (let index = 0; index < 3; index += 1) await expect(badges.nth(index)).toContainText('Coming soon');
  const council = page.getByRole('region', { name: 'Who answers on this Council today' });
  await expect(council.getByRole('listitem')).toHaveCount(3);
  await expect(council.getByRole('listitem').first()).toContainText('ChatGPT (gpt-4o');
  await expect(council).toContainText('Demo: answers only the example questions');
  await expect(page.getByRole('heading', { level: 2, name: 'Our mission' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What we value' })).toBeVisible();
});

for (const [path, heading] of [
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/cookies', 'Cookie Policy'],
] as const) {
  test(`${path} is dated 24 April 2025 and its contents list scrolls to a section`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Last updated 24 April 2025')).toBeVisible();

    // A section from the middle: the last ones sit too near the end of the page to reach the top.
    const link = page.getByRole('navigation', { name: 'Contents' }).getByRole('link').nth(3);
    const id = ((await link.getAttribute('href')) ?? '').slice(1);
    await link.click();
    await expect(page).toHaveURL(`${path}#${id}`);
    await expect
      .poll(() =>
        page.evaluate(
          (target) =>
            Math.abs((document.getElementById(target)?.getBoundingClientRect().top ?? Number.NaN) - 80),
          id,
        ),
      )
      .toBeLessThanOrEqual(1);
  });
}

test('/privacy says Council is not for children under 13', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByText('Council is not for children under 13.')).toBeVisible();
});

test('the help centre search filters the FAQ', async ({ page }) => {
  await page.goto('/support');
  const helpCenter = page.getByRole('region', { name: 'Help Center' });
  const search = helpCenter.getByRole('searchbox', { name: 'Search the help centre' });

  await search.fill('downgrade');
  await expect(
    helpCenter.getByRole('button', { name: /How do I cancel or downgrade my plan\?/ }),
  ).toBeVisible();
  await expect(helpCenter.getByRole('button', { name: /What are roles\?/ })).toHaveCount(0);

  await search.fill('free queries');
  await helpCenter.getByRole('button', { name: /How many free queries do I get\?/ }).click();
  await expect(
    helpCenter.getByText('The Free plan gives you 5 queries in total per account.', { exact: false }),
  ).toBeVisible();
});
