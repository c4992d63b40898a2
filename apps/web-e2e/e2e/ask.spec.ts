import path from 'node:path';
import { NO_MODEL_REFUSAL } from '@council/contracts';
import { type Locator, type Page, expect, test } from '@playwright/test';

// The Ask screen end to end against the real stack: POST /api/questions, the provider and consensus
// workers on the offline demo provider (~240 chars/s after a 600 ms first token), and the Socket.IO
// /council namespace relaying the Redis stream. Sign up, ask, watch three answers stream and finish;
// debate with a consensus as a premium user; reload mid-stream and keep reading. Plus pictures.
// Without keys the members answer the example questions from a written script and say they have
// no model for anything else (docs/decisions.md, "15. Providers without keys"), so the questions
// that must stream for a while are the examples, written out here.

const EXAMPLES = {
  loan: 'Should I overpay my Plan 2 student loan or invest the money instead?',
  services: 'Should a five-person startup build its product as microservices from day one?',
  language: 'Should my first programming language be Python or JavaScript?',
} as const;

const noApi = Boolean(process.env.E2E_NO_API);
const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

/** A fresh free account, signed in through the API (the browser context keeps the session cookie). */
async function registerFreeUser(page: Page, label: string): Promise<string> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const username = `e2e_${label}_${id}`;
  const response = await page.request.post('/api/register', {
    data: { username, password: 'ask-secret-1', email: `${username}@example.test`, name: `Ask ${id}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return username;
}

/** Subscribes the signed-in user to Premium through the demo checkout (as billing.spec.ts does). */
async function becomePremium(page: Page) {
  await page.goto('/subscription');
  await page
    .getByRole('table', { name: 'Compare the Free, Premium and Max plans' })
    .getByRole('button', { name: 'Subscribe to Premium' })
    .click();
  await expect(page).toHaveURL(/\/demo-checkout\/cs_demo_[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/subscription');
  await expect(page.getByText('Subscription active', { exact: true })).toBeVisible();
}

async function ask(page: Page, question: string, { debate = false } = {}) {
  await page.goto('/');
  await expect(page.getByRole('group', { name: 'Member 3' })).toBeVisible();
  await page.getByLabel('Your question').fill(question);
  if (debate) {
    const box = page.getByRole('checkbox', { name: /Debate mode/ });
    await box.check();
    await expect(box).toBeChecked();
  }
  await page.getByRole('button', { name: 'Ask the Council' }).click();
}

function results(page: Page): Locator {
  return page.getByRole('region', { name: 'Answers' });
}

/** The answer text of a card: everything but its header and token counts. */
async function answerText(card: Locator): Promise<string> {
  return card.evaluate((element) => {
    const clone = element.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('header, dl, [aria-hidden="true"]').forEach((node) => node.remove());
    return (clone.textContent ?? '').trim();
  });
}

/** A full-page picture from the top (the sticky header would otherwise sit mid-picture). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(screenshotDir, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

async function expectNoSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectAllDone(cards: Locator, count: number) {
  await expect(cards).toHaveCount(count);
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    await expect(card.locator('[data-state]').first()).toHaveAttribute('data-state', 'done', {
      timeout: 30_000,
    });
    await expect(card.getByText('Total tokens:')).toBeVisible();
    await expect(card.getByText('Completion tokens:')).toBeVisible();
  }
}

test.describe('ask the council (demo provider)', () => {
  test.skip(noApi, 'E2E_NO_API is set: no API behind the client');
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a new user asks the default council and watches three answers stream in', async ({ page }) => {
    test.setTimeout(60_000);
    await registerFreeUser(page, 'ask');
    await page.goto('/');
    const hint = page.getByRole('region', { name: 'Some members are in demo mode' });
    await expect(hint).toContainText('Demo, no model configured: ChatGPT, Claude, Grok.');
    await hint.getByRole('button', { name: EXAMPLES.language }).click();
    await expect(page.getByLabel('Your question')).toHaveValue(EXAMPLES.language);
    await page.getByRole('button', { name: 'Ask the Council' }).click();

    const cards = results(page).getByRole('article');
    await expect(cards).toHaveCount(3);

    await test.step('the answers grow while they stream', async () => {
      const first = cards.first();
      await expect.poll(() => answerText(first), { timeout: 10_000 }).not.toBe('');
      const before = await answerText(first);
      await page.waitForTimeout(700);
      const after = await answerText(first);
      expect(after.length).toBeGreaterThan(before.length);
      expect(after.startsWith(before.slice(0, 40))).toBe(true);
    });

    await test.step('every card finishes with token counts', async () => {
      await expectAllDone(cards, 3);
      const texts = await Promise.all([0, 1, 2].map((index) => answerText(cards.nth(index))));
      // Three voices, three positions: Python, "let the goal decide", JavaScript.
      expect(texts[0]).toContain('Short answer: Python.');
      expect(texts[1]).toContain('Pick the one that leads to what you want to build.');
      expect(texts[2]).toContain('Short answer: JavaScript.');
      await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
      // The token balance is not checked: consensus-worker appends question:completed before it
      // queues the release of the held tokens, so the client's refresh can still read the held balance.
    });

    await test.step('pictures of the results at 1280 and 360 px', async () => {
      await expectNoSidewaysOverflow(page);
      await screenshot(page, 'ask-results-1280');
      await page.setViewportSize({ width: 360, height: 800 });
      await expect(cards.first()).toBeVisible();
      await expectNoSidewaysOverflow(page);
      await screenshot(page, 'ask-results-360');
      await page.setViewportSize({ width: 1280, height: 900 });
    });
  });

  test('a premium user asks with debate on and reads the consensus', async ({ page }) => {
    test.setTimeout(90_000);
    await registerFreeUser(page, 'debate');
    await becomePremium(page);
    await ask(page, EXAMPLES.services, { debate: true });

    const area = results(page);
    await expect(area.getByRole('tab', { name: 'Consensus' })).toBeVisible();
    const consensus = area.getByRole('article', { name: 'Council Consensus' });
    await expect(consensus.locator('[data-state]').first()).toHaveAttribute('data-state', 'done', {
      timeout: 60_000,
    });
    await expect(area.getByRole('button', { name: 'Stop' })).toHaveCount(0, { timeout: 10_000 });
    // The consensus counts what the members said: Grok holds out for services and is the minority.
    const agreed = await answerText(consensus);
    expect(agreed).toContain('2 of 3 members support this answer: ChatGPT (gpt-4o) and Claude');
    expect(agreed).toMatch(/Minority view\s*Grok \(grok-3\) still holds that two or three services/);
    await expect(consensus.getByText('Total tokens:')).toBeVisible();
    await screenshot(page, 'ask-consensus-1280');

    const liveLog = (await area.getByRole('region', { name: 'Debate log' }).innerText()).trim();
    expect(liveLog.startsWith('OPENING ANSWERS') || liveLog.startsWith('Opening answers')).toBe(true);

    await area.getByRole('tab', { name: 'Individual Responses' }).click();
    const liveCards = area.getByRole('tabpanel').getByRole('article');
    await expectAllDone(liveCards, 3);
    const liveTokens = await Promise.all(
      [0, 1, 2].map((index) =>
        liveCards
          .nth(index)
          .getByText(/^Total tokens:/)
          .innerText(),
      ),
    );

    await test.step('the saved question shows the same debate log and the same token counts', async () => {
      await page.goto('/history');
      await page.getByRole('link', { name: 'View full conversation' }).first().click();
      await expect(page).toHaveURL(/\/questions\/\d+$/);
      const savedLog = (await page.getByRole('region', { name: 'Debate log' }).innerText()).trim();
      expect(savedLog).toBe(liveLog);
      await page.getByRole('tab', { name: 'Individual Responses' }).click();
      const savedCards = page.getByRole('tabpanel').getByRole('article');
      await expect(savedCards).toHaveCount(3);
      const savedTokens = await Promise.all(
        [0, 1, 2].map((index) =>
          savedCards
            .nth(index)
            .getByText(/^Total tokens:/)
            .innerText(),
        ),
      );
      expect(savedTokens).toEqual(liveTokens);
    });
  });

  test('a reload mid-stream keeps the answers, which finish without repeats', async ({ page }) => {
    test.setTimeout(60_000);
    await registerFreeUser(page, 'reload');
    await ask(page, EXAMPLES.loan);

    const cards = results(page).getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect.poll(() => answerText(cards.first()), { timeout: 10_000 }).not.toBe('');
    await expect(cards.first().locator('[data-state]').first()).toHaveAttribute('data-state', 'streaming');
    const beforeReload = await answerText(cards.first());

    await page.reload();

    await expect(cards).toHaveCount(3);
    await expectAllDone(cards, 3);
    const texts = await Promise.all([0, 1, 2].map((index) => answerText(cards.nth(index))));
    expect(texts[0]?.startsWith(beforeReload.slice(0, 40))).toBe(true);

    for (const text of texts) {
      expect(text.length).toBeGreaterThan(50);
      // A duplicated replay shows the opening words a second time.
      expect(text.indexOf(text.slice(0, 30), 1), `repeated text in: ${text}`).toBe(-1);
    }

    // The reference: after another reload the finished answers are rebuilt from the whole stream
    // (GET /api/questions/{id} does not exist on the gateway yet, so there is no REST read).
    await page.reload();
    await expectAllDone(cards, 3);
    const stored = await Promise.all([0, 1, 2].map((index) => answerText(cards.nth(index))));
    expect(texts).toEqual(stored);
  });
  test('Stop keeps every answer streamed so far, saved and marked Stopped (DECISIONS 18)', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await registerFreeUser(page, 'stop');
    await ask(page, EXAMPLES.services);

    const cards = results(page).getByRole('article');
    await expect(cards).toHaveCount(3);
    // Stop as soon as all three are streaming: the demo provider takes a few seconds per answer.
    await expect(cards.locator('[data-state="streaming"]')).toHaveCount(3, { timeout: 10_000 });
    await results(page).getByRole('button', { name: 'Stop' }).click();

    const partial: string[] = [];
    await test.step('the cards stay, each with its text and a Stopped badge; no error panel', async () => {
      await expect(results(page).getByText('Stopped: the answers so far are kept.')).toBeVisible();
      await expect(cards).toHaveCount(3);
      for (let index = 0; index < 3; index += 1) {
        const card = cards.nth(index);
        await expect(card.locator('[data-state]').first()).toHaveAttribute('data-state', 'stopped');
        partial.push(await answerText(card));
        expect(partial[index]?.length, `card ${index} kept its text`).toBeGreaterThan(0);
      }
      // Give the stream's own stop event time to arrive: it must not turn the cards into errors.
      await page.waitForTimeout(1000);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(cards).toHaveCount(3);
    });

    await test.step('History shows it as Stopped, and its page keeps the partial answers', async () => {
      await page.goto('/history');
      const item = page.getByRole('article').filter({ hasText: EXAMPLES.services });
      await expect(item.getByText('Stopped', { exact: true })).toBeVisible();
      await item.getByRole('link', { name: 'View full conversation' }).click();
      await expect(page).toHaveURL(/\/questions\/\d+$/);
      const saved = page.getByRole('article');
      await expect(saved).toHaveCount(3);
      for (let index = 0; index < 3; index += 1) {
        await expect(saved.nth(index).locator('[data-state]').first()).toHaveAttribute(
          'data-state',
          'stopped',
        );
        // The saved text is at least what was on screen (the worker may add the last buffered words).
        const stored = await answerText(saved.nth(index));
        expect(stored.startsWith((partial[index] ?? '').slice(0, 20))).toBe(true);
      }
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  });
  test('one question at a time: the form stays "Asking..." until the answers are done', async ({ page }) => {
    test.setTimeout(60_000);
    await registerFreeUser(page, 'single');
    await ask(page, EXAMPLES.loan);
    const cards = results(page).getByRole('article');
    await expect(cards.locator('[data-state="streaming"]').first()).toBeVisible({ timeout: 10_000 });

    const submit = page.getByRole('button', { name: 'Asking...' });
    await expect(submit).toBeDisabled();
    // Neither a click nor Ctrl+Enter starts a second question while the first runs.
    await page.getByLabel('Your question').fill(EXAMPLES.services);
    await page.getByLabel('Your question').press('Control+Enter');
    await expect(submit).toBeDisabled();

    await expectAllDone(cards, 3);
    await expect(page.getByRole('button', { name: 'Ask the Council' })).toBeEnabled();
    await page.goto('/history');
    await expect(page.getByRole('article')).toHaveCount(1);
  });

  test('a question no member can answer is refused before the ask, and costs nothing', async ({ page }) => {
    test.setTimeout(60_000);
    await registerFreeUser(page, 'card');
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Member 3' })).toBeVisible();
    await page.getByLabel('Your question').fill('How do I keep a sourdough starter alive while travelling?');
    const hint = page.getByRole('region', { name: 'Some members are in demo mode' });
    await expect(hint).toContainText(
      'No model configured, so only a card saying so, charged nothing: ChatGPT, Claude, Grok.',
    );
    await expect(hint.getByRole('alert')).toContainText(NO_MODEL_REFUSAL);
    const submit = page.getByRole('button', { name: 'Ask the Council' });
    await expect(submit).toBeDisabled();
    await page.screenshot({
      path: path.join(screenshotDir, 'ask-refused-no-model-1280.png'),
      fullPage: true,
    });

    // The server refuses it too, writing nothing and spending no free query.
    const refused = await page.request.post('/api/questions', {
      data: { question: 'How do I keep a sourdough starter alive while travelling?' },
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { code: string }).code).toBe('NO_MODEL_CONFIGURED');
    const me = (await (await page.request.get('/api/user')).json()) as { queriesLeft: number };
    expect(me.queriesLeft).toBe(5);

    // An example question is answered from the script.
    await hint.getByRole('button', { name: EXAMPLES.language }).click();
    await expect(hint).toContainText('Will answer from the example script: ChatGPT, Claude, Grok.');
    await expect(submit).toBeEnabled();
  });
});
