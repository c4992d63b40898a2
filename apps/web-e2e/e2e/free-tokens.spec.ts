import path from 'node:path';
import { DEMO_EXAMPLE_QUESTIONS, QUOTE_TEXTS, TOKEN_BALANCE, TRIAL_BANNER } from '@council/contracts';
import { type Page, expect, test } from '@playwright/test';

// DECISIONS 24 end to end against the real stack in demo mode: past its 5 free queries a free
// account shows as spendable only its purchased tokens. Without a pack the header, the balance
// dialog and the quote show nothing to spend and the dialog says the trial tokens ended; after the
// demo checkout of a pack the header shows the pack and the trial banner says it can keep asking.

const noApi = Boolean(process.env.E2E_NO_API);
const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

async function registerFreeUser(page: Page): Promise<void> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `e2e_trial_${id}`;
  const response = await page.request.post('/api/register', {
    data: { username, password: 'trial-secret-1', email: `${username}@example.test`, name: `Trial ${id}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), animations: 'disabled' });
}

const balanceButton = (page: Page) => page.getByRole('button', { name: /^Token balance:/ });
const trialBanner = (page: Page) => page.getByRole('region', { name: 'Free trial' });

async function openBalanceDialog(page: Page) {
  await balanceButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Token Balance' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('free tokens after the fifth free query (demo mode)', () => {
  test.skip(noApi, 'E2E_NO_API is set: no API behind the client');
  test.use({ viewport: { width: 1280, height: 900 } });

  test('nothing to spend without a pack, then the pack alone, and the trial tokens ended', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await registerFreeUser(page);

    await test.step('use the 5 free queries', async () => {
      for (let n = 1; n <= 5; n += 1) {
        const response = await page.request.post('/api/questions?wait=true', {
          // An example question: with no model configured it is the one kind the demo answers.
          data: { question: DEMO_EXAMPLE_QUESTIONS[n % DEMO_EXAMPLE_QUESTIONS.length] },
          timeout: 60_000,
        });
        expect(response.status(), await response.text()).toBe(201);
      }
      const me = (await (await page.request.get('/api/user')).json()) as {
        queriesLeft: number;
        tokensLeft: number;
        purchasedTokens: number;
      };
      expect(me.queriesLeft).toBe(0);
      // Free tokens are left on the account, yet none of them can be spent.
      expect(me.tokensLeft).toBeGreaterThan(0);
      expect(me.purchasedTokens).toBe(0);
    });

    await test.step('without a pack: nothing to spend in the header, the dialog and the quote', async () => {
      await page.goto('/');
      await expect(page.getByRole('group', { name: 'Member 3' })).toBeVisible();
      await expect(balanceButton(page)).toHaveAccessibleName('Token balance: 0 tokens');
      await expect(trialBanner(page)).toContainText(TRIAL_BANNER.usedUpText);
      // An example question is quoted (a question nobody can answer has no price).
      await page.getByLabel('Your question').fill(DEMO_EXAMPLE_QUESTIONS[0]);
      const quote = page.getByTestId('question-quote');
      await expect(quote).not.toContainText('leaves');
      await expect(quote.getByRole('note')).toHaveText(QUOTE_TEXTS.nothingToSpend);
      await screenshot(page, 'free-tokens-ended-ask-1280');

      const dialog = await openBalanceDialog(page);
      await expect(dialog).toContainText(TOKEN_BALANCE.spendable);
      await expect(dialog).toContainText('0 tokens');
      await expect(dialog.getByText(TOKEN_BALANCE.trialTokensEnded)).toBeVisible();
      await screenshot(page, 'free-tokens-ended-dialog-1280');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('buy the Basic Pack through the demo checkout', async () => {
      await page.goto('/subscription');
      await page.getByRole('button', { name: 'Add to account: Basic Pack' }).click();
      await expect(page).toHaveURL(/\/demo-checkout\/cs_demo_[A-Za-z0-9_-]+$/);
      await expect(page.getByText('Basic Pack — 50,000 tokens', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(page).toHaveURL('/subscription');
      await expect(page.getByText('Token purchase successful!', { exact: true })).toBeVisible();
      // The pack alone, not the pack and the trial's leftover.
      await expect(balanceButton(page)).toHaveAccessibleName('Token balance: 50K tokens');
    });

    await test.step('with the pack: the header shows it and the banner says the account keeps asking', async () => {
      await page.goto('/');
      await expect(page.getByRole('group', { name: 'Member 3' })).toBeVisible();
      await expect(balanceButton(page)).toHaveAccessibleName('Token balance: 50K tokens');
      await expect(trialBanner(page)).toContainText('Free queries used');
      await expect(trialBanner(page)).toContainText(TRIAL_BANNER.usedUpWithTokensText);
      await expect(trialBanner(page)).not.toContainText('buy a token pack');
      await page.getByLabel('Your question').fill(DEMO_EXAMPLE_QUESTIONS[0]);
      await expect(page.getByTestId('question-quote')).toContainText(/leaves 4\dK/);
      await screenshot(page, 'free-tokens-pack-ask-1280');

      const dialog = await openBalanceDialog(page);
      await expect(dialog).toContainText('50K tokens');
      await expect(dialog.getByText(TOKEN_BALANCE.trialTokensEnded)).toBeVisible();
      await screenshot(page, 'free-tokens-pack-dialog-1280');
    });
  });
});
