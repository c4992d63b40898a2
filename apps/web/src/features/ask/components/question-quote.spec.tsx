import { DEMO_EXAMPLE_QUESTIONS, QUOTE_TEXTS, type SessionUser } from '@council/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { useAskViewStore } from '@/features/ask/stores/ask-view-store';
import { useCouncilStore } from '@/features/ask/stores/council-store';
import { agentsFixture, modelsFixture, rolesFixture } from '@/testing/ask.fixture';
import { mockApi } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';

const premium: SessionUser = { ...signedInUser, subscriptionTier: 'premium', tokensLeft: 250_000 };
const max: SessionUser = { ...signedInUser, subscriptionTier: 'max', tokensLeft: 1_000_000 };

beforeEach(() => {
  useCouncilStore.getState().reset();
  useAskViewStore.getState().reset();
  useToastStore.setState({ toasts: [] });
});

async function openAsk(user: SessionUser, agents = agentsFixture, question?: string) {
  mockApi(
    {
      '/api/agents': () => jsonResponse(agents),
      '/api/models': () => jsonResponse(modelsFixture),
      '/api/roles': () => jsonResponse(rolesFixture),
    },
    user,
  );
  renderApp('/');
  await screen.findByRole('group', { name: 'Member 3' });
  if (question !== undefined) {
    fireEvent.change(screen.getByRole('textbox', { name: 'Your question' }), { target: { value: question } });
  }
  return screen.findByTestId('question-quote');
}

/** The quote's line as read: "Estimate: about 1.3K–3.1K tokens, leaves 247K–249K, worth £0.02–£0.04". */
const lineOf = (quote: HTMLElement): string =>
  (quote.querySelector('p')?.textContent ?? '').replace(/ · /g, '').replace(/\s+/g, ' ').trim();

async function openDetails(): Promise<string[]> {
  await userEvent.click(screen.getByRole('button', { name: QUOTE_TEXTS.detailsButton }));
  const details = await screen.findByRole('dialog', { name: QUOTE_TEXTS.detailsTitle });
  return within(details)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('Question quote', () => {
  it('quotes the default council before anything is typed: tokens, what is left of the balance, and what it is worth on the plan', async () => {
    const quote = await openAsk(premium);
    // GPT-4o 550, Claude Sonnet 600 and Grok 900 typical tokens: low 3 × 60 + 0.6 × 2,050 = 1,410,
    // high 3 × 120 + 1.5 × 2,050 = 3,435; at £0.012 per 1K, 1.7p to 4.1p.
    expect(lineOf(quote)).toBe('Estimate: about 1.4K–3.4K tokens, leaves 247K–249K, worth £0.02–£0.04');
    // The question box is described by it.
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveAccessibleDescription(
      /about 1\.4K–3\.4K tokens/,
    );
  });

  it('updates as the question is typed and as debate and reasoning are switched on', async () => {
    const quote = await openAsk(premium);
    // 400 characters are 100 more prompt tokens per member.
    fireEvent.change(screen.getByRole('textbox', { name: 'Your question' }), {
      target: { value: 'x'.repeat(400) },
    });
    expect(lineOf(quote)).toBe('Estimate: about 1.7K–3.7K tokens, leaves 246K–248K, worth £0.02–£0.04');

    await userEvent.click(screen.getByRole('checkbox', { name: /Debate mode/ }));
    await waitFor(() => expect(lineOf(quote)).not.toContain('1.7K–3.7K'));
    const debate = lineOf(quote);
    expect(debate).toMatch(/^Estimate: about \d+K–\d+K tokens, leaves \d+K–\d+K, worth £0\.\d\d–£0\.\d\d$/);
    const details = await openDetails();
    expect(details.find((line) => line.startsWith('Debate'))).toMatch(/^Debate, 1 to 2 rounds /);
    expect(details.some((line) => line.startsWith("The leader's consensus"))).toBe(true);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('checkbox', { name: /Show reasoning/ }));
    await waitFor(() => expect(lineOf(quote)).not.toBe(debate));
    expect(await openDetails()).toContain(QUOTE_TEXTS.reasoning);
  });

  it('updates when a member is added, removed or given another model', async () => {
    const quote = await openAsk(max);
    const three = lineOf(quote);
    expect(three).toBe('Estimate: about 1.4K–3.4K tokens, leaves 997K–999K, worth £0.01–£0.03');

    await userEvent.click(screen.getByRole('button', { name: 'Add agent' }));
    await screen.findByRole('group', { name: 'Member 4' });
    // Codex (650) joins: low +60 +390, high +120 +975.
    expect(lineOf(quote)).toBe('Estimate: about 1.9K–4.5K tokens, leaves 995K–998K, worth £0.01–£0.04');

    const second = screen.getByRole('group', { name: 'Member 2' });
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Model' }), '32');
    // Claude Opus (800) instead of Claude Sonnet (600): low +120, high +300.
    expect(lineOf(quote)).toBe('Estimate: about 2K–4.8K tokens, leaves 995K–998K, worth £0.02–£0.04');

    await userEvent.click(screen.getByRole('button', { name: /Remove .*Codex/ }));
    expect(lineOf(quote)).toBe('Estimate: about 1.5K–3.7K tokens, leaves 996K–998K, worth £0.01–£0.03');
  });

  it('warns calmly when the question may need more than the balance', async () => {
    await openAsk({ ...premium, tokensLeft: 2_000 });
    expect(screen.getByRole('note')).toHaveTextContent(
      'This may need more than the 2K tokens you have left.',
    );
  });

  it('leaves nothing and says so on a free account past its free queries without a pack (DECISIONS 24)', async () => {
    const quote = await openAsk({ ...signedInUser, queriesLeft: 0, tokensLeft: 7_000 });
    expect(lineOf(quote)).not.toContain('leaves');
    expect(screen.getByRole('note')).toHaveTextContent(QUOTE_TEXTS.nothingToSpend);
    expect(
      (await openDetails()).some((line) =>
        line.startsWith('You have 0 tokens. While the council works it holds up to'),
      ),
    ).toBe(true);
  });

  it('counts only the purchased tokens past the free queries (DECISIONS 24)', async () => {
    const quote = await openAsk({
      ...signedInUser,
      queriesLeft: 0,
      tokensLeft: 57_000,
      purchasedTokens: 50_000,
    });
    // Of 50K, not 57K: the free plan quotes the default council at 1.4K–2.2K tokens.
    expect(lineOf(quote)).toMatch(/^Estimate: about 1\.4K–2\.2K tokens, leaves 48K–49K, /);
  });

  it("counts a member in demo mode at the example script's length, and says so", async () => {
    const quote = await openAsk(
      premium,
      agentsFixture.map((agent) => ({ ...agent, demo: true })),
      DEMO_EXAMPLE_QUESTIONS[0],
    );
    // Three scripted answers of 200 tokens: low 3 × (60 + 17 + 0.6 × 200) = 591.
    expect(lineOf(quote)).toBe('Estimate: about 591–1.3K tokens, leaves 249K, worth £0.01–£0.02');
    expect(await openDetails()).toContain(QUOTE_TEXTS.demo);
  });

  it('charges nothing for the members that can only show the "no model" card', async () => {
    // A premium council of ChatGPT (live) and Claude and Grok (demo), as chosen in the picker.
    useCouncilStore.setState({
      members: [
        { agentId: 1, modelId: 11, roleId: null, order: 0 },
        { agentId: 3, modelId: 31, roleId: null, order: 1 },
        { agentId: 4, modelId: 41, roleId: null, order: 2 },
      ],
    });
    await openAsk(
      premium,
      agentsFixture.map((agent) => ({ ...agent, demo: agent.provider !== 'openai' })),
      'How do I keep a sourdough starter alive?',
    );
    // Only ChatGPT (GPT-4o, 550 typical tokens) is quoted: low 60 + 0.6 × 550 + 10 for the question, high 120 + 1.5 × 550 + 10.
    await waitFor(() =>
      expect(lineOf(screen.getByTestId('question-quote'))).toContain('about 400–955 tokens'),
    );
  });
});
