import { WEIGH_IN_TEXTS } from '@council/contracts';
import { type Page, expect as baseExpect } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 15_000 });

// A premium user and a debate asked from the Ask screen, for the specs of premium debate features.

/** Registers a new user and subscribes it to Premium through the demo checkout (billing.spec.ts). */
export async function registerPremiumUser(page: Page, label: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `e2e_${label}_${id}`;
  const response = await page.request.post('/api/register', {
    data: { username, password: 'agree-secret-1', email: `${username}@example.test`, name: `Map ${id}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  // The demo checkout, as billing.spec.ts subscribes.
  await page.goto('/subscription');
  await page
    .getByRole('table', { name: 'Compare the Free, Premium and Max plans' })
    .getByRole('button', { name: 'Subscribe to Premium' })
    .click();
  await expect(page).toHaveURL(/\/demo-checkout\/cs_demo_[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL('/subscription');
  await expect(page.getByText('Subscription active', { exact: true })).toBeVisible();
}

/** Asks with debate on from the Ask screen (the default council); resolves with the question's id. */
export async function askWithDebate(
  page: Page,
  question: string,
  options: { weighIn?: boolean } = {},
): Promise<number> {
  await page.goto('/');
  await expect(page.getByRole('group', { name: 'Member 3' })).toBeVisible();
  await page.getByLabel('Your question').fill(question);
  const debate = page.getByRole('checkbox', { name: /Debate mode/ });
  await debate.check();
  await expect(debate).toBeChecked();
  if (options.weighIn) {
    const weighIn = page.getByRole('checkbox', { name: new RegExp(WEIGH_IN_TEXTS.switchLabel) });
    await weighIn.check();
    await expect(weighIn).toBeChecked();
  }
  const posted = page.waitForResponse(
    (response) => response.url().endsWith('/api/questions') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Ask the Council' }).click();
  const body = (await (await posted).json()) as { question: { id: number } };
  return body.question.id;
}
