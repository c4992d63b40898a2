import { DEMO_EXAMPLE_QUESTIONS, WEIGH_IN_TEXTS } from '@council/contracts';
import { expect as baseExpect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { askWithDebate, registerPremiumUser } from './support/premium-debate';

// "Let me weigh in" in Chromium against the real stack in demo mode: a premium debate pauses after
// the opening answers, the pause survives a reload (it is the server's), the asker's note goes to
// every member (the demo's revisions say they read it), shows in the debate log, and Continue
// skips the next pause.

const noApi = Boolean(process.env.E2E_NO_API);
const expect = baseExpect.configure({ timeout: 20_000 });
const NOTE = 'I earn £24,000 and expect only small pay rises.';

test.describe('weighing in between debate rounds', () => {
  test.skip(noApi, 'needs the API');
  test.setTimeout(180_000);

  test('the debate waits for the asker, through a reload, and every member reads the note', async ({
    page,
  }) => {
    await registerPremiumUser(page, 'weigh');
    const questionId = await askWithDebate(page, DEMO_EXAMPLE_QUESTIONS[0], { weighIn: true });

    await expect(page.getByRole('heading', { name: WEIGH_IN_TEXTS.pausedHeading(0) })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('timer')).toHaveText(/Continuing in \d+ s/);
    expect(await seriousViolations(page)).toEqual([]);

    // The pause is server state: the question page finds it after a reload, countdown still running.
    await page.goto(`/questions/${questionId}`);
    await page.reload();
    const heading = page.getByRole('heading', { name: WEIGH_IN_TEXTS.pausedHeading(0) });
    await expect(heading).toBeVisible();
    const seconds = Number(/(\d+)/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);

    await page.getByLabel(WEIGH_IN_TEXTS.noteLabel).fill(NOTE);
    await page.getByRole('button', { name: WEIGH_IN_TEXTS.send }).click();
    await expect(heading).toBeHidden();

    // After round 1 the debate waits again; Continue carries it on without a note.
    await expect(page.getByRole('heading', { name: WEIGH_IN_TEXTS.pausedHeading(1) })).toBeVisible({
      timeout: 60_000,
    });
    await page.getByRole('button', { name: WEIGH_IN_TEXTS.continue, exact: true }).click();
    await expect(page.getByRole('heading', { name: WEIGH_IN_TEXTS.pausedHeading(1) })).toBeHidden();

    // The note sits in the debate log after the opening answers, and each member's revision read it.
    await expect(page.getByText(WEIGH_IN_TEXTS.noteHeading(0)).first()).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText(NOTE).first()).toBeVisible();
    const detail = (await (await page.request.get(`/api/questions/${questionId}`)).json()) as {
      notes: Array<{ afterRound: number; note: string }>;
      answers: Array<{ memberOrder: number | null; round: number; response: string }>;
    };
    expect(detail.notes.map(({ afterRound, note }) => ({ afterRound, note }))).toEqual([
      { afterRound: 0, note: NOTE },
    ]);
    const roundOne = detail.answers.filter((answer) => answer.memberOrder !== null && answer.round === 1);
    expect(roundOne).toHaveLength(3);
    for (const revision of roundOne) expect(revision.response).toContain(`**Your note:** “${NOTE}”`);
  });
});
