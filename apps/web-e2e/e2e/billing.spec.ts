import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';

// Billing end to end against the real stack in demo mode (no STRIPE_SECRET_KEY, DECISIONS
// 14): checkout urls lead to /demo-checkout/<id>, whose confirmation runs the same fulfilment as a
// verified Stripe webhook. Plus pictures of the pricing screen and the demo checkout page.

const noApi = Boolean(process.env.E2E_NO_API);
const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

/** A fresh free account, signed in through the API (the browser context keeps the session cookie). */
async function registerFreeUser(page: Page, label: string): Promise<string> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `e2e_${label}_${id}`;
  const response = await page.request.post('/api/register', {
    data: {
      username,
      password: 'billing-secret-1',
      email: `${username}@example.test`,
      name: `Billing ${id}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return username;
}

async function expectNoSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A full-page picture; toasts are fixed to the viewport, so they are closed first. */
async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  const closeToast = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('button', { name: 'Close' });
  if (fullPage && (await closeToast.count()) > 0) {
    await closeToast.first().click();
    await expect(closeToast).toHaveCount(0);
  }
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage, animations: 'disabled' });
}

/** Confirms the demo checkout the browser is on and waits to be back on /subscription. */
async function confirmDemoCheckout(page: Page, item: string) {
  await expect(page).toHaveURL(/\/demo-checkout\/cs_demo_[A-Za-z0-9_-]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Demo checkout — no real payment' }),
  ).toBeVisible();
  await expect(page.getByText(item, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/subscription');
}

test.describe('billing (demo mode)', () => {
  test.skip(noApi, 'E2E_NO_API is set: no API behind the client');
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a free user buys a token pack through the demo checkout and sees the new balance', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await registerFreeUser(page, 'pack');

    await test.step('the pricing screen of a free user', async () => {
      await page.goto('/subscription');
      await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Token balance: 10K tokens' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Compare the Free, Premium and Max plans' });
      await expect(table.getByRole('columnheader', { name: /Free/ })).toContainText('Current Plan');
      await expect(table.getByRole('columnheader', { name: /Premium/ })).toContainText('Most Popular');
      await expect(page.getByText(/Demo mode: checkout is simulated/)).toBeVisible();
      await expectNoSidewaysOverflow(page);
      await screenshot(page, 'subscription-free-1280');

      await page.setViewportSize({ width: 360, height: 800 });
      await expect(page.getByRole('list', { name: 'Plans' })).toBeVisible();
      await expect(table).toBeHidden();
      await expectNoSidewaysOverflow(page);
      await screenshot(page, 'subscription-free-360');
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('pick the Basic Pack and land on the demo checkout', async () => {
      await page.getByRole('button', { name: 'Add to account: Basic Pack' }).click();
      await expect(page).toHaveURL(/\/demo-checkout\/cs_demo_/);
      await expect(page.getByText('Basic Pack — 50,000 tokens')).toBeVisible();
      await expect(page.getByText('£9.99', { exact: true })).toBeVisible();
      await expect(page.getByRole('note')).toContainText('nothing is charged');
      await screenshot(page, 'demo-checkout-1280');
      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoSidewaysOverflow(page);
      await screenshot(page, 'demo-checkout-360');
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('confirm: the success toast and 10,000 + 50,000 = 60K tokens', async () => {
      await confirmDemoCheckout(page, 'Basic Pack — 50,000 tokens');
      const toasts = page.getByRole('region', { name: /Notifications/ });
      await expect(toasts.getByText('Token purchase successful!', { exact: true })).toBeVisible();
      await expect(toasts.getByText('Your tokens have been added to your account.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Token balance: 60K tokens' })).toBeVisible();
      await screenshot(page, 'subscription-purchase-toast-1280', { fullPage: false });
      await screenshot(page, 'subscription-after-purchase-1280');
    });

    await test.step('the balance survives a reload (it is the server’s, not the cache’s)', async () => {
      await page.reload();
      await expect(page.getByRole('button', { name: 'Token balance: 60K tokens' })).toBeVisible();
      await expect(page.getByText('Token purchase successful!', { exact: true })).toHaveCount(0);
    });
  });

  test('a cancelled demo checkout changes nothing', async ({ page }) => {
    await registerFreeUser(page, 'cancel');
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Add to account: Pro Pack' }).click();
    await expect(page.getByText('Pro Pack — 500,000 tokens')).toBeVisible();

    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL('/subscription');
    await expect(page.getByText('Checkout cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Token balance: 10K tokens' })).toBeVisible();
  });

  test('a premium user sees the management card, upgrades to Max and cancels', async ({ page }) => {
    test.setTimeout(90_000);
    await registerFreeUser(page, 'premium');

    await test.step('subscribe to Premium through the demo checkout', async () => {
      await page.goto('/subscription');
      await page
        .getByRole('table', { name: 'Compare the Free, Premium and Max plans' })
        .getByRole('button', { name: 'Subscribe to Premium' })
        .click();
      await confirmDemoCheckout(page, 'Premium plan — £29.99 per month');
    });

    await test.step('the management card shows the real numbers', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Your Subscription' })).toBeVisible();
      await expect(page.getByText('Subscription active', { exact: true })).toBeVisible();
      const card = page.getByRole('region', { name: 'Your Premium Subscription' });
      await expect(card).toContainText('250K of 250K left this period');
      await expect(card).toContainText('£29.99 per month');
      await expect(card).toContainText('Active');
      await expect(card).toContainText(/Renews on\s*\d{1,2} [A-Z][a-z]+ \d{4}/);
      await expect(card.getByRole('button', { name: 'Upgrade to Max Plan' })).toBeEnabled();
      await expect(card.getByRole('button', { name: 'Manage Payment Method' })).toBeEnabled();
      await expect(card.getByRole('button', { name: 'Cancel Subscription' })).toBeEnabled();
      // 250,000 monthly + the 10,000 every account starts with.
      await expect(page.getByRole('button', { name: 'Token balance: 260K tokens' })).toBeVisible();
      await expectNoSidewaysOverflow(page);
      await screenshot(page, 'subscription-premium-1280');
      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoSidewaysOverflow(page);
      await screenshot(page, 'subscription-premium-360');
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('the balance dialog offers Buy More Tokens, which opens the purchase dialog', async () => {
      await page.getByRole('button', { name: 'Token balance: 260K tokens' }).click();
      const balance = page.getByRole('dialog', { name: 'Token Balance' });
      await expect(balance.getByRole('link', { name: 'Upgrade Plan' })).toBeVisible();
      await screenshot(page, 'token-balance-dialog-premium-1280', { fullPage: false });
      await balance.getByRole('button', { name: 'Buy More Tokens' }).click();
      const purchase = page.getByRole('dialog', { name: 'Buy More Tokens' });
      await expect(purchase.getByRole('radio', { name: /Basic Pack/ })).toBeChecked();
      await screenshot(page, 'token-purchase-dialog-1280', { fullPage: false });
      await purchase.getByRole('button', { name: 'Cancel' }).click();
      await expect(purchase).toBeHidden();
    });

    await test.step('upgrade to Max through the demo checkout', async () => {
      await page.getByRole('button', { name: 'Upgrade to Max Plan' }).click();
      await confirmDemoCheckout(page, 'Upgrade to the Max plan — £99.99 per month');
      await expect(page.getByText('Upgrade complete', { exact: true })).toBeVisible();
      const card = page.getByRole('region', { name: 'Your Max Subscription' });
      await expect(card).toContainText('of 1M left this period');
      await expect(card.getByRole('button', { name: 'Upgrade to Max Plan' })).toHaveCount(0);
    });

    await test.step('cancel through the (demo) customer portal: at the end of the period, then now', async () => {
      await page.getByRole('button', { name: 'Cancel Subscription' }).click();
      await expect(
        page.getByText('Cancel your Max plan (demo billing portal)', { exact: true }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Cancel at end of period' }).click();
      await expect(page).toHaveURL('/subscription');
      await expect(page.getByText('Subscription updated', { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your Max Subscription' })).toContainText(
        'Your subscription is cancelled and ends on',
      );
      // A cancelling plan offers Resume; the demo portal's resume page has the labelled control too.
      await page.getByRole('button', { name: 'Resume Subscription' }).click();
      await page.getByRole('button', { name: 'Demo only: end the billing period now' }).click();
      await expect(page).toHaveURL('/subscription');
      await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
      await expect(
        page
          .getByRole('table', { name: 'Compare the Free, Premium and Max plans' })
          .getByRole('columnheader', { name: /Free/ }),
      ).toContainText('Current Plan');
    });
  });
});
