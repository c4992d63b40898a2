import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONVERSATION_TEXTS, DEMO_EXAMPLE_QUESTIONS } from '@council/contracts';
import { type Page, expect as baseExpect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { registerPremiumUser } from './support/premium-debate';

// Following up in Chromium against the real stack in demo mode (docs/decisions.md, "25.
// Follow-ups"): ask, follow up twice (the second with debate), reload in the middle of the second
// follow-up and find its stream again, share the conversation, read it signed out, download it.

const noApi = Boolean(process.env.E2E_NO_API);
const expect = baseExpect.configure({ timeout: 20_000 });
const [FIRST, SECOND, THIRD] = DEMO_EXAMPLE_QUESTIONS;
const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

const followUpBox = (page: Page) => page.getByRole('form', { name: CONVERSATION_TEXTS.followUpLabel });

/** Sends a follow-up from the box under a finished turn; resolves with the new turn's id. */
async function followUp(page: Page, question: string, options: { debate?: boolean } = {}): Promise<number> {
  const box = followUpBox(page);
  await expect(box).toBeVisible({ timeout: 90_000 });
  await box.getByRole('textbox', { name: CONVERSATION_TEXTS.followUpLabel }).fill(question);
  if (options.debate) await box.getByRole('checkbox', { name: /Debate mode/ }).check();
  const posted = page.waitForResponse(
    (response) => response.url().endsWith('/follow-ups') && response.request().method() === 'POST',
  );
  await box.getByRole('button', { name: CONVERSATION_TEXTS.followUpButton }).click();
  const response = await posted;
  expect(response.status(), await response.text()).toBe(201);
  const id = ((await response.json()) as { question: { id: number } }).question.id;
  await expect(page).toHaveURL(`/questions/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: question })).toBeVisible();
  return id;
}

test.describe('a conversation with the council', () => {
  test.skip(noApi, 'needs the API');
  test.setTimeout(300_000);

  test('ask, follow up twice, reload mid-stream, share and download the whole conversation', async ({
    page,
    browser,
  }) => {
    await registerPremiumUser(page, 'conv');
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Member 3' })).toBeVisible();
    await page.getByLabel('Your question').fill(FIRST);
    await page.getByRole('button', { name: 'Ask the Council' }).click();

    // The box appears under the finished answers on the Ask screen itself.
    await expect(followUpBox(page)).toBeVisible({ timeout: 90_000 });
    await page.screenshot({ path: path.join(screenshotDir, 'follow-up-ask-1280.png'), fullPage: true });
    const second = await followUp(page, SECOND);
    await expect(page.getByText(CONVERSATION_TEXTS.conversation(2))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const third = await followUp(page, THIRD, { debate: true });
    // In the middle of the debate: a reload finds the same turn streaming on.
    await expect(page.getByRole('article').first()).toBeVisible();
    const running = (await (await page.request.get(`/api/questions/${third}`)).json()) as {
      question: { status: string };
    };
    expect(['pending', 'running']).toContain(running.question.status);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: THIRD })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Council Consensus' })).toBeVisible({ timeout: 120_000 });
    await expect(followUpBox(page)).toBeVisible({ timeout: 120_000 });
    const conversation = page.getByText(CONVERSATION_TEXTS.conversation(3));
    await expect(conversation).toBeVisible();
    await expect(page.getByRole('link', { name: FIRST })).toBeVisible();
    await expect(page.getByRole('link', { name: SECOND })).toHaveAttribute('href', `/questions/${second}`);
    await page.screenshot({ path: path.join(screenshotDir, 'conversation-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(screenshotDir, 'conversation-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The read-back: every turn in order.
    const detail = (await (await page.request.get(`/api/questions/${third}`)).json()) as {
      conversation: Array<{ id: number; question: string; status: string }>;
    };
    expect(detail.conversation.map((turn) => turn.question)).toEqual([FIRST, SECOND, THIRD]);
    expect(detail.conversation.every((turn) => turn.status === 'completed')).toBe(true);

    // History: one item for the conversation, with its follow-ups.
    await page.goto('/history');
    await expect(page.getByText(CONVERSATION_TEXTS.followUps(2))).toBeVisible();
    await page.screenshot({ path: path.join(screenshotDir, 'history-conversation-1280.png') });
    await expect(page.getByRole('link', { name: new RegExp(SECOND) })).toHaveCount(0);

    // Download: every turn in one Markdown file.
    await page.goto(`/questions/${third}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download as Markdown' }).click();
    const file = await (await downloading).path();
    const markdown = await readFile(file, 'utf8');
    for (const question of [FIRST, SECOND, THIRD]) expect(markdown).toContain(question);
    expect(markdown.indexOf(FIRST)).toBeLessThan(markdown.indexOf(THIRD));

    // Share the conversation and read it signed out.
    const shared = await page.request.post(`/api/questions/${third}/share`, { data: {} });
    expect(shared.status(), await shared.text()).toBe(200);
    const link = ((await shared.json()) as { shareUrl: string }).shareUrl;
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const reader = await visitor.newPage();
      await reader.goto(new URL(link).pathname);
      for (const question of [FIRST, SECOND, THIRD]) {
        await expect(reader.getByText(question).first()).toBeAttached();
      }
      await reader.screenshot({
        path: path.join(screenshotDir, 'shared-conversation-1280.png'),
        fullPage: true,
      });
      expect(await seriousViolations(reader)).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
