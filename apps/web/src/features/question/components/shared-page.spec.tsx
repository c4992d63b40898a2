import {
  BALANCE_STOP_TEXTS,
  defaultShareDescription,
  defaultShareTitle,
  SHARED_PAGE,
  TOKEN_CAP_TEXTS,
} from '@council/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sharedQuestionFixture, sharedResponseFixture } from '@/testing/history.fixture';
import { errorResponse, mockApi } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { providerColour } from '@/components/provider-avatar';

describe('/shared/{shareId} (spec §2), signed out', () => {
  it('shows the title, description, question, badges, Visit Council, the answers and the call to action', async () => {
    mockApi({
      '/api/shared/abc': () => jsonResponse(sharedQuestionFixture({ showReasoning: true })),
    });
    renderApp('/shared/abc');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tea or coffee' })).toBeInTheDocument();
    expect(screen.getByText('The council weighs in on the morning drink.')).toBeInTheDocument();
    const original = screen.getByRole('region', { name: 'Original question' });
    expect(within(original).getByText('Is tea better than coffee?')).toBeInTheDocument();
    const options = screen.getByRole('list', { name: 'Question options' });
    expect(within(options).getByText('Individual responses')).toBeInTheDocument();
    expect(within(options).getByText('Reasoning')).toBeInTheDocument();
    // The link says where it goes, in the words it is read out by.
    expect(screen.getByRole('link', { name: 'Visit Council' })).toHaveAttribute('href', '/');

    // Members go by their agents' names, as the Ask screen shows them.
    const chatgpt = screen.getByRole('article', { name: 'ChatGPT' });
    expect(within(chatgpt).getByRole('heading', { level: 3, name: 'ChatGPT' })).toBeInTheDocument();
    expect(within(chatgpt).getByText('GPT-4o')).toBeInTheDocument();
    expect(within(chatgpt).getByText('calmer').tagName).toBe('STRONG');
    expect(within(chatgpt).getByText(/Tokens used/)).toHaveTextContent('Tokens used: 120');

    const claude = screen.getByRole('article', { name: 'Claude' });
    expect(within(claude).getByText('Claude Sonnet')).toBeInTheDocument();
    expect(within(claude).getByText('Caffeine content differs.')).toBeInTheDocument();
    expect(within(claude).queryByText(/Tokens used/)).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'OpenAI' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Anthropic' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Create Your Own Account' })).toHaveAttribute(
      'href',
      '/auth?form=register',
    );
  });

  const cutOff = (tokenCap: number | null) =>
    sharedQuestionFixture({ tokenCap }, [
      sharedResponseFixture({ response: 'Tea is', stoppedAtLimit: true }),
      sharedResponseFixture({ id: 2, provider: 'anthropic', model: 'Claude Sonnet', memberOrder: 1 }),
    ]);

  it('labels an answer the asker’s token cap cut off, with its text, as the asker’s limit', async () => {
    mockApi({ '/api/shared/abc': () => jsonResponse(cutOff(2000)) });
    renderApp('/shared/abc');

    const cut = await screen.findByRole('article', { name: 'ChatGPT' });
    expect(within(cut).getByText(SHARED_PAGE.stoppedAtLimit)).toBeInTheDocument();
    expect(SHARED_PAGE.stoppedAtLimit).toBe("Stopped at the asker's limit");
    expect(within(cut).getByText('Tea is')).toBeInTheDocument();
    // The reader is not the asker: never "your limit".
    expect(screen.queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Claude' })).queryByText(SHARED_PAGE.stoppedAtLimit),
    ).not.toBeInTheDocument();
    // The options name the cap the answer stopped at.
    const options = screen.getByRole('list', { name: 'Question options' });
    expect(within(options).getByText(TOKEN_CAP_TEXTS.capLine(2000))).toBeInTheDocument();
  });

  it('says the asker’s balance ran out for an answer cut off in a question without a cap', async () => {
    mockApi({ '/api/shared/abc': () => jsonResponse(cutOff(null)) });
    renderApp('/shared/abc');

    const cut = await screen.findByRole('article', { name: 'ChatGPT' });
    expect(within(cut).getByText(SHARED_PAGE.stoppedAtBalance)).toBeInTheDocument();
    expect(SHARED_PAGE.stoppedAtBalance).toBe("Stopped: the asker's balance ran out");
    expect(screen.queryByText(SHARED_PAGE.stoppedAtLimit)).not.toBeInTheDocument();
    expect(screen.queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).not.toBeInTheDocument();
    expect(screen.queryByText(BALANCE_STOP_TEXTS.stopped)).not.toBeInTheDocument();
  });

  it('shows "Debate mode" for a debated question, and no Reasoning badge without reasoning', async () => {
    mockApi({ '/api/shared/abc': () => jsonResponse(sharedQuestionFixture({ showDebate: true })) });
    renderApp('/shared/abc');

    const options = await screen.findByRole('list', { name: 'Question options' });
    expect(within(options).getByText('Debate mode')).toBeInTheDocument();
    expect(within(options).queryByText('Individual responses')).not.toBeInTheDocument();
    expect(within(options).queryByText('Reasoning')).not.toBeInTheDocument();
  });

  it('falls back to the question, then to "Shared Question", for the title', async () => {
    mockApi({ '/api/shared/abc': () => jsonResponse(sharedQuestionFixture({ shareTitle: null })) });
    const first = renderApp('/shared/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Is tea better than coffee?' }),
    ).toBeInTheDocument();
    first.unmount();

    mockApi({
      '/api/shared/abc': () => jsonResponse(sharedQuestionFixture({ shareTitle: '  ', question: '' })),
    });
    renderApp('/shared/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared Question' })).toBeInTheDocument();
  });

  it('shows a question once when the title and description are only its defaults (DECISIONS 20)', async () => {
    const question =
      `Should I keep my current job at a large company or leave to open a second shop with my brother? ${'More detail. '.repeat(10)}`.trim();
    mockApi({
      '/api/shared/abc': () =>
        jsonResponse(
          sharedQuestionFixture({
            question,
            shareTitle: defaultShareTitle({ question }),
            shareDescription: defaultShareDescription({ question }),
          }),
        ),
    });
    renderApp('/shared/abc');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent?.endsWith('…')).toBe(true);
    expect(heading.textContent).not.toMatch(/\bsho…$/);
    expect(screen.getAllByText(question)).toHaveLength(1);
    expect(screen.queryByText(defaultShareDescription({ question }))).not.toBeInTheDocument();
  });

  it('says "No responses found" when there are none', async () => {
    mockApi({ '/api/shared/abc': () => jsonResponse(sharedQuestionFixture({}, [])) });
    renderApp('/shared/abc');

    expect(await screen.findByRole('heading', { name: 'No responses found' })).toBeInTheDocument();
    expect(screen.getByText('No responses are available for this question.')).toBeInTheDocument();
  });

  it('shows "Error Loading Shared Question" with the message and Go to Home for a dead link', async () => {
    mockApi({
      '/api/shared/gone': () => errorResponse(404, 'NOT_FOUND', 'This shared question is not available'),
    });
    renderApp('/shared/gone');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Error Loading Shared Question' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This shared question is not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Create Your Own Account' })).toBeInTheDocument();
  });

  it('labels the answers of a provider served by the demo adapter "Demo" (DECISIONS 15)', async () => {
    mockApi({
      '/api/shared/abc': () => jsonResponse(sharedQuestionFixture()),
      '/api/agents': () =>
        jsonResponse([
          { id: 1, name: 'ChatGPT', provider: 'openai', description: null, logoUrl: null, demo: true },
          { id: 3, name: 'Claude', provider: 'anthropic', description: null, logoUrl: null, demo: false },
        ]),
    });
    renderApp('/shared/abc');

    const chatgpt = await screen.findByRole('article', { name: 'ChatGPT' });
    expect(await within(chatgpt).findByText('Demo')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Claude' })).queryByText('Demo'),
    ).not.toBeInTheDocument();
  });

  it('names the answer of an added provider by its agent, on the provider’s own colour', async () => {
    mockApi({
      '/api/shared/abc': () =>
        jsonResponse(
          sharedQuestionFixture({}, [
            sharedResponseFixture({ id: 3, provider: 'ollama', agentName: 'Local Llama', model: 'llama3.2' }),
          ]),
        ),
    });
    renderApp('/shared/abc');

    const llama = await screen.findByRole('article', { name: 'Local Llama' });
    expect(within(llama).getByRole('heading', { level: 3, name: 'Local Llama' })).toBeInTheDocument();
    expect(within(llama).getByText('llama3.2')).toBeInTheDocument();
    expect(within(llama).getByText('L')).toHaveClass(providerColour('ollama'));
    expect(screen.queryByText('Ollama')).not.toBeInTheDocument();
  });

  it('falls back to the provider’s key, capitalised, for an answer without an agent name', async () => {
    mockApi({
      '/api/shared/abc': () =>
        jsonResponse(
          sharedQuestionFixture({}, [
            sharedResponseFixture({
              id: 3,
              provider: 'gemini',
              model: 'gemini-2.0-flash',
              response: 'Either, in moderation.',
              totalTokens: 40,
            }),
          ]),
        ),
    });
    renderApp('/shared/abc');

    const gemini = await screen.findByRole('article', { name: 'Gemini' });
    expect(within(gemini).getByRole('heading', { level: 3, name: 'Gemini' })).toBeInTheDocument();
    expect(within(gemini).getByText('gemini-2.0-flash')).toBeInTheDocument();
    expect(within(gemini).getByText('G')).toHaveClass(providerColour('gemini'));
  });
});
