import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';

// A council of five in Chromium: the built-in three (demo mode, no keys) and two OpenAI-compatible
// providers from the catalogue, Gemini and a local server, which the e2e stack configures against a
// local server speaking OpenAI's format (scripts/test.mjs). A Max user seats all five, debates, and
// reads the consensus Gemini writes as the leader.

const noApi = Boolean(process.env.E2E_NO_API);
const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

async function registerMaxUser(page: Page) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `e2e_five_${id}`;
  const response = await page.request.post('/api/register', {
    data: { username, password: 'five-secret-1', email: `${username}@example.test`, name: `Five ${id}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.goto('/subscription');
  await page
    .getByRole('table', { name: 'Compare the Free, Premium and Max plans' })
    .getByRole('button', { name: 'Subscribe to Max' })
    .click();
  await expect(page).toHaveURL(/\/demo-checkout\/cs_demo_[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/subscription');
  await expect(page.getByText('Subscription active', { exact: true })).toBeVisible();
}

test.describe('a council of five', () => {
  test.skip(noApi, 'E2E_NO_API is set: no API behind the client');
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Gemini and a local model sit with the built-in three, answer live, debate and write the consensus', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await registerMaxUser(page);
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Member 3' })).toBeVisible();

    const addAgent = page.getByRole('button', { name: 'Add agent' });
    await addAgent.click();
    await addAgent.click();
    await page.getByRole('group', { name: 'Member 4' }).getByLabel('Agent').selectOption({ label: 'Gemini' });
    await page
      .getByRole('group', { name: 'Member 5' })
      .getByLabel('Agent')
      .selectOption({ label: 'Local Llama' });
    await page.getByRole('checkbox', { name: /Debate mode/ }).check();
    await page
      .getByRole('group', { name: 'Member 4' })
      .getByRole('button', { name: /Debate leader/ })
      .click();
    // The hint says who is live and who is in demo mode.
    await expect(page.getByRole('region', { name: 'Some members are in demo mode' })).toContainText(
      'Live: Gemini, Local Llama.',
    );

    const question = 'What do five assistants make of one question?';
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Ask the Council' }).click();

    const area = page.getByRole('region', { name: 'Answers' });
    const consensus = area.getByRole('article', { name: 'Council Consensus' });
    await expect(consensus.locator('[data-state]').first()).toHaveAttribute('data-state', 'done', {
      timeout: 90_000,
    });
    // The leader's live model wrote it: no Demo badge, and the answer the fake server gives its model.
    await expect(consensus.getByText('Demo', { exact: true })).toHaveCount(0);
    await expect(consensus).toContainText('This is a fake answer from gemini-2.5-flash.');

    await area.getByRole('tab', { name: 'Individual Responses' }).click();
    const cards = area.getByRole('tabpanel').getByRole('article');
    await expect(cards).toHaveCount(5);
    const liveModels = ['', '', '', 'gemini-2.5-flash', 'llama3.2'];
    for (const [index, name] of ['ChatGPT', 'Claude', 'Grok', 'Gemini', 'Local Llama'].entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(name);
      await expect(card.locator('[data-state]').first()).toHaveAttribute('data-state', 'done');
      const demo = card.getByText('Demo', { exact: true });
      if (index < 3) await expect(demo).toBeVisible();
      else {
        await expect(demo).toHaveCount(0);
        await expect(card).toContainText(`This is a fake answer from ${liveModels[index]}.`);
      }
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(screenshotDir, 'council-of-five-1280.png'), fullPage: true });
  });
});
