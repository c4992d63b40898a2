import path from 'node:path';
import { DEMO_PURCHASES_SECTION } from '@council/contracts';
import { type Page, expect as baseExpect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';

// Refunds and disputes in demo mode (docs/decisions.md, "27. Refunds, disputes and one
// subscription"): a pack bought through the demo checkout, disputed (its tokens frozen), won
// (restored), refunded in half then in full (taken back in proportion), each through the same
// handlers as Stripe's events.

const noApi = Boolean(process.env.E2E_NO_API);
const expect = baseExpect.configure({ timeout: 15_000 });
const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

async function registerFreeUser(page: Page): Promise<void> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `e2e_refund_${id}`;
  const response = await page.request.post('/api/register', {
    data: { username, password: 'refund-secret-1', email: `${username}@example.test`, name: `Refund ${id}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const balance = (page: Page, tokens: string) =>
  page.getByRole('button', { name: `Token balance: ${tokens} tokens` });

test.describe('demo refunds and disputes', () => {
  test.skip(noApi, 'needs the API');
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a pack disputed, won, then refunded in two parts: the balance follows each step', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await registerFreeUser(page);
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Add to account: Basic Pack' }).click();
    await expect(page).toHaveURL(/\/demo-checkout\/cs_demo_/);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL('/subscription');
    await expect(balance(page, '60K')).toBeVisible();

    const section = page.getByRole('region', { name: DEMO_PURCHASES_SECTION.title });
    await expect(section.getByText(DEMO_PURCHASES_SECTION.description)).toBeVisible();
    const purchases = section.getByRole('list', { name: DEMO_PURCHASES_SECTION.listLabel });
    await expect(purchases.getByRole('listitem')).toHaveCount(1);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, 'demo-purchases-1280.png') });

    await section.getByRole('button', { name: /^Dispute: / }).click();
    await expect(section.getByText(DEMO_PURCHASES_SECTION.disputeStates.open)).toBeVisible();
    await expect(balance(page, '10K')).toBeVisible();
    await page.screenshot({ path: path.join(screenshotDir, 'demo-purchases-disputed-1280.png') });

    await section.getByRole('button', { name: /^Dispute won: / }).click();
    await expect(section.getByText(DEMO_PURCHASES_SECTION.disputeStates.won)).toBeVisible();
    await expect(balance(page, '60K')).toBeVisible();

    // A partial refund takes back its share of the pack's tokens; the rest can still be refunded.
    await section.getByRole('button', { name: /^Refund £4\.99 of / }).click();
    await expect(section.getByText(DEMO_PURCHASES_SECTION.refunded('£4.99'), { exact: false })).toBeVisible();
    await expect(balance(page, '35K')).toBeVisible();
    await page.screenshot({ path: path.join(screenshotDir, 'demo-purchases-half-refunded-1280.png') });

    await section.getByRole('button', { name: /^Refund: / }).click();
    await expect(section.getByText(DEMO_PURCHASES_SECTION.fullyRefunded)).toBeVisible();
    await expect(balance(page, '10K')).toBeVisible();
    await expect(section.getByRole('button', { name: /^Refund: / })).toHaveCount(0);
    await page.screenshot({ path: path.join(screenshotDir, 'demo-purchases-refunded-1280.png') });
    expect(await seriousViolations(page)).toEqual([]);

    // The balance is the server's.
    await page.reload();
    await expect(balance(page, '10K')).toBeVisible();
  });
});
