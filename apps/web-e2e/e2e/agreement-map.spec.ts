import {
  AGREEMENT_MAP,
  type AgreementMapResult,
  ASK_RESULTS,
  CONSENSUS_PROVIDER,
  DEBATE_REPLAY,
  DEMO_EXAMPLE_QUESTIONS,
  QUESTION_DETAIL_SCREEN,
  REVOKE_SHARE_TOASTS,
  SHARE_DIALOG,
  SHARE_TOASTS,
  SHARED_PAGE,
  providerLabel,
} from '@council/contracts';
import { type Locator, type Page, expect as baseExpect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { askWithDebate, registerPremiumUser } from './support/premium-debate';

// The agreement map of a premium debate end to end against the real stack in demo mode: a premium
// user asks the student-loan example with debate on, and the consensus carries a map drawn from the
// members' scripted final answers. Grok opens for overpaying, changes its position in debate round 1
// (Claude persuades it) and keeps it in round 2, so all three end up supporting the one claim and no
// member opposes it. The map is read live on the Ask page at 1280 and 390 px, again from the stored
// row on the question page, and on the public shared page, which replays the debate round by round;
// revoking the link takes the page down. The microservices example ends 2 of 3 with Grok in the
// minority, so its map lists reasons on both sides.

const noApi = Boolean(process.env.E2E_NO_API);
// A debate of two rounds plus a consensus and its map takes a while on a busy shared machine.
const expect = baseExpect.configure({ timeout: 15_000 });

const [LOAN_QUESTION, SERVICES_QUESTION] = DEMO_EXAMPLE_QUESTIONS;
const { supports: SUPPORTS, opposes: OPPOSES } = AGREEMENT_MAP.stances;

/** The claims the demo's map draws, one per position a member holds (libs/llm/src/demo/script). */
const CLAIMS = {
  dontOverpay:
    'Most Plan 2 borrowers should not overpay, because the balance is written off before they would clear it.',
  monolith:
    'A five-person team should start with one well-structured application and split it only when it must.',
  services:
    'Two or three services from day one, around parts with very different load or security needs, pay for themselves early.',
} as const;

/** The members of the default council as the question pages name them (their agents), in order. */
const MEMBERS = ['ChatGPT', 'Claude', 'Grok'] as const;
/** The same members on the shared page: their agents' names, with their models. */
const SHARED_MEMBERS = [
  AGREEMENT_MAP.memberWithModel('ChatGPT', 'gpt-4o'),
  AGREEMENT_MAP.memberWithModel('Claude', 'claude-sonnet-4'),
  AGREEMENT_MAP.memberWithModel('Grok', 'grok-3'),
] as const;

function mapOf(scope: Page | Locator): Locator {
  return scope.getByRole('region', { name: AGREEMENT_MAP.heading });
}

function tableOf(map: Locator): Locator {
  return map.getByRole('table', { name: AGREEMENT_MAP.caption });
}

/** The row of a claim in the map's table. */
function claimRow(table: Locator, claim: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: claim }) });
}

/** The block of a claim in the map's stacked list (narrow screens). */
function claimBlock(map: Locator, claim: string): Locator {
  return map
    .getByRole('listitem')
    .filter({ has: map.page().getByRole('button', { name: claim, exact: true }) });
}

/** The table: a caption, a column per member, a row header per claim and each member's stance. */
async function expectTable(
  map: Locator,
  members: readonly string[],
  rows: readonly { claim: string; stances: readonly string[] }[],
) {
  const table = tableOf(map);
  await expect(table).toBeVisible();
  await expect(table.locator('caption')).toHaveText(AGREEMENT_MAP.caption);
  await expect(table.getByRole('columnheader')).toHaveText([AGREEMENT_MAP.claimColumn, ...members]);
  for (const member of members) {
    await expect(
      table.getByRole('columnheader', { name: member, exact: true }).getByRole('button', { name: member }),
    ).toBeVisible();
  }
  await expect(table.getByRole('rowheader')).toHaveText(rows.map((row) => row.claim));
  for (const row of rows) {
    await expect(claimRow(table, row.claim).getByRole('cell')).toHaveText([...row.stances]);
  }
}

/** Clicks a member's name in the map: a dialog with its final answer, closed again with Escape. */
async function expectMemberDialog(scope: Locator, member: string, answerSays: readonly string[]) {
  const page = scope.page();
  await scope.getByRole('button', { name: member, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: AGREEMENT_MAP.finalAnswerOf(member) });
  await expect(dialog).toBeVisible();
  for (const text of answerSays) await expect(dialog).toContainText(text);
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Clicks a claim: a popover saying in which debate round each member that changed came to it. */
async function expectClaimPopover(scope: Locator, claim: string, lines: readonly string[]) {
  const page = scope.page();
  await scope.getByRole('button', { name: claim, exact: true }).click();
  const popover = page.getByRole('dialog', { name: claim });
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('listitem')).toHaveText([...lines]);
  return popover;
}

/** Whether `later` comes after `earlier` in the document. */
async function follows(earlier: Locator, later: Locator): Promise<boolean> {
  const handle = await later.elementHandle();
  return earlier.evaluate(
    (element, other) =>
      Boolean(other && element.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING),
    handle,
  );
}

async function expectNoSidewaysOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways overflow of ${what}`).toBeLessThanOrEqual(0);
}

/** A member's answer in one round of the shared replay, by its agent's name. */
function roundAnswer(round: Locator, member: string): Locator {
  return round
    .getByRole('listitem')
    .filter({ has: round.page().getByRole('heading', { level: 4, name: member, exact: true }) });
}

interface StoredAnswer {
  provider: string;
  agreementMap: AgreementMapResult | null;
}

test.describe('the agreement map of a premium debate (demo provider)', () => {
  test.skip(noApi, 'E2E_NO_API is set: no API behind the client');
  test.use({ viewport: { width: 1280, height: 900 } });

  test('student loan: the map on the Ask page, the question page and the shared replay', async ({
    page,
    browser,
  }) => {
    // Long: a debate of two rounds, a map, three pages, six accessibility scans, two browser contexts.
    test.setTimeout(240_000);
    await registerPremiumUser(page, 'agree');
    const questionId = await askWithDebate(page, LOAN_QUESTION);

    const area = page.getByRole('region', { name: ASK_RESULTS.heading });
    const map = mapOf(area);
    const table = tableOf(map);
    const everyoneSupports = [{ claim: CLAIMS.dontOverpay, stances: [SUPPORTS, SUPPORTS, SUPPORTS] }];

    await test.step('the consensus arrives with its agreement map', async () => {
      await expect(area.getByRole('tab', { name: ASK_RESULTS.consensusTab })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const consensus = area.getByRole('article', { name: ASK_RESULTS.consensusName });
      await expect(consensus.locator('[data-state]').first()).toHaveAttribute('data-state', 'done', {
        timeout: 120_000,
      });
      await expect(table).toBeVisible({ timeout: 60_000 });
      await expect(area.getByRole('button', { name: ASK_RESULTS.stop })).toHaveCount(0);
      // The map sits under the consensus card, before the debate log.
      expect(await follows(consensus, map), 'the map follows the consensus').toBe(true);
      const log = area.getByRole('region', { name: ASK_RESULTS.debateLogHeading });
      expect(await follows(map, log), 'the debate log follows the map').toBe(true);
    });

    await test.step('1280 px: a real table, the figure, and no minority (Grok came round)', async () => {
      await expectTable(map, MEMBERS, everyoneSupports);
      await expect(map.getByText(AGREEMENT_MAP.figure(100), { exact: true })).toBeVisible();
      await expect(map.getByText(AGREEMENT_MAP.unanimous(1, 1), { exact: true })).toBeVisible();
      await expect(map.getByRole('heading', { name: AGREEMENT_MAP.minorityHeading })).toBeVisible();
      await expect(map.getByText(AGREEMENT_MAP.noMinority, { exact: true })).toBeVisible();
      // Grok's opening position is not held by anyone at the end: no claim, no reason for it.
      await expect(map).not.toContainText('guaranteed return');
      await expect(map.getByText(OPPOSES, { exact: true })).toHaveCount(0);
    });

    await test.step('1280 px: a member opens its final answer; the claim says who changed', async () => {
      const dialog = await expectMemberDialog(table, 'Grok', [
        'Revised answer: Don’t overpay, unless you are a high earner who will clear the loan anyway. I had this wrong.',
        'is right that the write-off changes everything.',
      ]);
      // The final answer, not the opening one.
      await expect(dialog).not.toContainText('Short answer: Overpay it.');
      await closeDialog(page, dialog);

      const claude = await expectMemberDialog(table, 'Claude', [
        'I keep my position, and I want to be fair to the other side.',
      ]);
      await closeDialog(page, claude);

      const popover = await expectClaimPopover(table, CLAIMS.dontOverpay, [
        AGREEMENT_MAP.changedIn('Grok', 1),
      ]);
      await closeDialog(page, popover);
    });

    await test.step('1280 px: the Consensus tab has no accessibility violations', async () => {
      await expectNoSidewaysOverflow(page, 'the Consensus tab at 1280 px');
      expect(await seriousViolations(page), 'Consensus tab at 1280 px').toEqual([]);
    });

    await test.step('390 px: the table gives way to a stacked list per claim', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(table).toBeHidden();
      const block = claimBlock(map, CLAIMS.dontOverpay);
      await expect(block).toBeVisible();
      for (const member of MEMBERS) {
        const line = block.getByRole('listitem').filter({
          has: page.getByRole('button', { name: member, exact: true }),
        });
        await expect(line).toBeVisible();
        await expect(line).toContainText(AGREEMENT_MAP.stances.supports);
      }
      await expect(map.getByText(AGREEMENT_MAP.figure(100), { exact: true })).toBeVisible();
      await expect(map.getByText(AGREEMENT_MAP.noMinority, { exact: true })).toBeVisible();
      await expectNoSidewaysOverflow(page, 'the Consensus tab at 390 px');

      // The list's names and claims work as the table's do, and the dialog fits the phone.
      const dialog = await expectMemberDialog(block, 'Grok', ['I had this wrong.']);
      const box = await dialog.boundingBox();
      expect(box?.width ?? Infinity).toBeLessThanOrEqual(390);
      await closeDialog(page, dialog);
      const popover = await expectClaimPopover(block, CLAIMS.dontOverpay, [
        AGREEMENT_MAP.changedIn('Grok', 1),
      ]);
      await closeDialog(page, popover);

      expect(await seriousViolations(page), 'Consensus tab at 390 px').toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('the question page reads the map from the stored consensus', async () => {
      const stored = (await (await page.request.get(`/api/questions/${questionId}`)).json()) as {
        answers: StoredAnswer[];
      };
      const consensus = stored.answers.find((answer) => answer.provider === 'consensus');
      const storedMap = consensus?.agreementMap;
      expect(storedMap?.status).toBe('mapped');
      const claims = storedMap?.status === 'mapped' ? storedMap.claims : [];
      expect(claims.map((claim) => claim.claim)).toEqual([CLAIMS.dontOverpay]);
      expect(claims[0]?.stances).toEqual([
        { memberOrder: 0, stance: 'supports', reason: null, changedInRound: null },
        { memberOrder: 1, stance: 'supports', reason: null, changedInRound: null },
        { memberOrder: 2, stance: 'supports', reason: null, changedInRound: 1 },
      ]);

      await page.goto(`/questions/${questionId}`);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: LOAN_QUESTION })).toBeVisible();
      const saved = mapOf(page);
      await expectTable(saved, MEMBERS, everyoneSupports);
      await expect(saved.getByText(AGREEMENT_MAP.figure(100), { exact: true })).toBeVisible();
      await expect(saved.getByText(AGREEMENT_MAP.noMinority, { exact: true })).toBeVisible();
      const popover = await expectClaimPopover(tableOf(saved), CLAIMS.dontOverpay, [
        AGREEMENT_MAP.changedIn('Grok', 1),
      ]);
      await closeDialog(page, popover);
    });

    let link = '';
    await test.step('share it from the question page', async () => {
      await page.getByRole('button', { name: QUESTION_DETAIL_SCREEN.share }).click();
      const dialog = page.getByRole('dialog', { name: SHARE_DIALOG.title });
      await dialog.getByRole('button', { name: SHARE_DIALOG.submit }).click();
      const field = dialog.getByLabel(SHARE_DIALOG.linkLabel);
      await expect(field).toHaveValue(/\/shared\/[A-Za-z0-9_-]+$/);
      await expect(page.getByText(SHARE_TOASTS.shared.title, { exact: true }).first()).toBeVisible();
      link = await field.inputValue();
      await dialog.getByRole('button', { name: SHARE_DIALOG.done }).click();
      await expect(dialog).toBeHidden();
    });

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const shared = await visitor.newPage();
    const replay = shared.getByRole('region', { name: DEBATE_REPLAY.heading });
    const conclusion = shared.getByRole('region', { name: SHARED_PAGE.consensusHeading });

    await test.step('signed out, the shared page is noindex, in its HTML as in its JSON', async () => {
      const json = shared.waitForResponse((response) => response.url().includes('/api/shared/'));
      const html = await shared.goto(link);
      expect(html?.status()).toBe(200);
      expect(html?.headers()['x-robots-tag']).toBe('noindex');
      expect((await json).headers()['x-robots-tag']).toBe('noindex');
      await expect(shared.getByRole('heading', { level: 1, name: LOAN_QUESTION })).toBeVisible();
      await expect(shared.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    });

    await test.step('the conclusion first, then the final answers, then the replay of the rounds', async () => {
      const sections: readonly string[] = [
        SHARED_PAGE.originalQuestion,
        SHARED_PAGE.consensusHeading,
        SHARED_PAGE.finalAnswersHeading,
        DEBATE_REPLAY.heading,
      ];
      await expect(replay).toBeVisible();
      const headings = await shared.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings.filter((heading) => sections.includes(heading))).toEqual(sections);
      const consensus = conclusion.getByRole('article', { name: providerLabel(CONSENSUS_PROVIDER) });
      await expect(consensus).toContainText(
        'Do not overpay a Plan 2 student loan unless you are confident you will repay it in full',
      );
      await expect(consensus).toContainText('3 of 3 members support this answer');
    });

    await test.step('the replay: opening answers, then each debate round with its badges, each answer once', async () => {
      await expect(replay).toBeVisible();
      const rounds = [DEBATE_REPLAY.openingRound, DEBATE_REPLAY.round(1), DEBATE_REPLAY.round(2)].map(
        (name) => replay.getByRole('region', { name, exact: true }),
      );
      const [opening, first, second] = rounds as [Locator, Locator, Locator];
      // Each round is folded away; opened, it lists one answer per member.
      for (const round of rounds) {
        await round.locator('summary').click();
        await expect(round.locator('details')).toHaveAttribute('open', '');
        await expect(round.locator('details > ul > li')).toHaveCount(3);
      }
      await expect(roundAnswer(opening, 'Grok')).toContainText('Short answer: Overpay it.');
      await expect(roundAnswer(opening, 'ChatGPT')).toContainText('Short answer: For most Plan 2 borrowers');
      // An opening answer is not a revision: no badge.
      await expect(opening.getByText(DEBATE_REPLAY.changed, { exact: true })).toHaveCount(0);
      await expect(opening.getByText(DEBATE_REPLAY.kept, { exact: true })).toHaveCount(0);

      // Round 1: Grok changed its position; ChatGPT and Claude kept theirs.
      await expect(
        roundAnswer(first, 'Grok').getByText(DEBATE_REPLAY.changed, { exact: true }),
      ).toBeVisible();
      await expect(roundAnswer(first, 'Grok')).toContainText('I had this wrong.');
      for (const member of ['ChatGPT', 'Claude']) {
        await expect(roundAnswer(first, member).getByText(DEBATE_REPLAY.kept, { exact: true })).toBeVisible();
      }
      await expect(first.getByText(DEBATE_REPLAY.changed, { exact: true })).toHaveCount(1);
      // Round 2: everyone kept, and each of its answers is a final answer, shown above, not twice.
      await expect(second.getByText(DEBATE_REPLAY.kept, { exact: true })).toHaveCount(3);
      await expect(second.getByText(DEBATE_REPLAY.changed, { exact: true })).toHaveCount(0);
      await expect(second.getByText(SHARED_PAGE.finalAnswerAbove, { exact: true })).toHaveCount(3);
      // No separate debate log repeats the rounds' answers.
      await expect(shared.getByText(DEBATE_REPLAY.debateLog, { exact: true })).toHaveCount(0);
    });

    await test.step('the map under the consensus names the members by their agents and models', async () => {
      const sharedMap = mapOf(conclusion);
      await expectTable(sharedMap, SHARED_MEMBERS, everyoneSupports);
      await expect(sharedMap.getByText(AGREEMENT_MAP.figure(100), { exact: true })).toBeVisible();
      await expect(sharedMap.getByText(AGREEMENT_MAP.noMinority, { exact: true })).toBeVisible();
      const dialog = await expectMemberDialog(tableOf(sharedMap), SHARED_MEMBERS[2], ['I had this wrong.']);
      await closeDialog(shared, dialog);
      const popover = await expectClaimPopover(tableOf(sharedMap), CLAIMS.dontOverpay, [
        AGREEMENT_MAP.changedIn(SHARED_MEMBERS[2], 1),
      ]);
      await closeDialog(shared, popover);
    });

    await test.step('the shared page has no accessibility violations at 1280 and 390 px', async () => {
      await expectNoSidewaysOverflow(shared, 'the shared page at 1280 px');
      expect(await seriousViolations(shared), 'shared page at 1280 px').toEqual([]);
      await shared.setViewportSize({ width: 390, height: 844 });
      const sharedMap = mapOf(conclusion);
      await expect(tableOf(sharedMap)).toBeHidden();
      await expect(claimBlock(sharedMap, CLAIMS.dontOverpay)).toBeVisible();
      await expectNoSidewaysOverflow(shared, 'the shared page at 390 px');
      expect(await seriousViolations(shared), 'shared page at 390 px').toEqual([]);
      await shared.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('revoking the link takes the shared page down', async () => {
      await page.getByRole('button', { name: QUESTION_DETAIL_SCREEN.share }).click();
      const dialog = page.getByRole('dialog', { name: SHARE_DIALOG.title });
      await expect(dialog.getByLabel(SHARE_DIALOG.linkLabel)).toHaveValue(link);
      await dialog.getByRole('button', { name: SHARE_DIALOG.revoke }).click();
      await expect(page.getByText(REVOKE_SHARE_TOASTS.revoked.title, { exact: true }).first()).toBeVisible();
      await expect(dialog).toBeHidden();

      await shared.reload();
      await expect(shared.getByRole('heading', { level: 1, name: SHARED_PAGE.errorTitle })).toBeVisible();
      await expect(replay).toHaveCount(0);
      await expect(conclusion).toHaveCount(0);
      await expect(mapOf(shared)).toHaveCount(0);
      await visitor.close();
    });
  });

  test('microservices: Grok holds out, and the map gives each side’s reason', async ({ page }) => {
    test.setTimeout(180_000);
    await registerPremiumUser(page, 'minority');
    // Asked through the API and read on the question page: the map comes from the stored row.
    const asked = await page.request.post('/api/questions?wait=true', {
      data: { question: SERVICES_QUESTION, showDebate: true },
      timeout: 150_000,
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const { question } = (await asked.json()) as { question: { id: number } };

    await page.goto(`/questions/${question.id}`);
    const map = mapOf(page);
    await expectTable(map, MEMBERS, [
      { claim: CLAIMS.monolith, stances: [SUPPORTS, SUPPORTS, OPPOSES] },
      { claim: CLAIMS.services, stances: [OPPOSES, OPPOSES, SUPPORTS] },
    ]);
    // Two mirror-image claims, each held 2 against 1: the majority holds two thirds of each, as
    // people count it (not the 50% of three supports against three opposes); neither is unanimous.
    await expect(map.getByText(AGREEMENT_MAP.figure(67), { exact: true })).toBeVisible();
    await expect(map.getByText(AGREEMENT_MAP.unanimous(0, 2), { exact: true })).toBeVisible();

    const minority = map.getByRole('heading', { name: AGREEMENT_MAP.minorityHeading }).locator('xpath=..');
    await expect(minority.getByText(AGREEMENT_MAP.noMinority, { exact: true })).toHaveCount(0);
    // Under each claim, the members opposing it, each with its own reason in one line.
    const reasons = minority.getByRole('list').first().locator(':scope > li');
    await expect(reasons).toHaveCount(2);
    await expect(reasons.nth(0).locator('p')).toHaveText(CLAIMS.monolith);
    await expect(reasons.nth(0).getByRole('listitem')).toHaveText([
      'Grok: Still holds that two or three services from day one, around parts with very different load or security needs, pay for themselves early.',
    ]);
    await expect(reasons.nth(1).locator('p')).toHaveText(CLAIMS.services);
    await expect(reasons.nth(1).getByRole('listitem')).toHaveText([
      'ChatGPT: Holds that a five-person team should start with one well-structured application and split it only when it must.',
      'Claude: Holds that a five-person team should start with one well-structured application and split it only when it must.',
    ]);

    // Nobody changed position in this debate: each claim says so.
    const popover = await expectClaimPopover(tableOf(map), CLAIMS.services, [AGREEMENT_MAP.unchanged]);
    await closeDialog(page, popover);
    expect(await seriousViolations(page), 'question page with a minority').toEqual([]);
  });
});
