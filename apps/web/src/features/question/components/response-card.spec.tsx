import {
  CONVERSATION_TEXTS,
  type ModelInfo,
  RESPONSE_STATE_LABELS,
  TOKEN_CAP_TEXTS,
} from '@council/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useToastStore } from '@/components/ui/use-toast';
import { COPIED_FEEDBACK_MS } from './copy-answer-button';
import { ResponseCard, type ResponseCardProps } from './response-card';

const INFO: ModelInfo = {
  model: 'GPT-4o',
  developer: 'OpenAI',
  releaseDate: 'May 2024',
  contextWindow: '128K tokens',
  architecture: 'Transformer',
  keyStrengths: 'Breadth',
  trainingApproach: 'RLHF',
};

const MARKDOWN = '**Tea** is calmer.\n\n- no crash\n- `steady`';
const USAGE = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

function renderCard(props: Partial<ResponseCardProps> = {}) {
  return render(
    <TooltipProvider>
      <ResponseCard
        provider="openai"
        name="ChatGPT"
        info={INFO}
        state="done"
        text={MARKDOWN}
        usage={USAGE}
        {...props}
      />
    </TooltipProvider>,
  );
}

let writeText: ReturnType<typeof vi.fn>;
const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');

beforeEach(() => {
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});

afterEach(() => {
  vi.useRealTimers();
  if (original) Object.defineProperty(navigator, 'clipboard', original);
  else Reflect.deleteProperty(navigator, 'clipboard');
});

describe('ResponseCard: Copy', () => {
  it('shows no raw markers while the text streams in, nor once it is stopped part-way', () => {
    const streaming = renderCard({ state: 'streaming', text: 'Tea is **much calmer' });
    const article = screen.getByRole('article');
    expect(article.querySelector('strong')?.textContent).toBe('much calmer');
    expect(article.textContent).not.toContain('**');
    streaming.unmount();
    renderCard({ state: 'stopped', text: 'Tea is **much calmer' });
    expect(screen.getByRole('article').textContent).not.toContain('**');
  });

  it('copies the answer’s Markdown as written, says "Copied" for a moment, then "Copy" again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderCard();
    const card = screen.getByRole('article', { name: 'ChatGPT' });
    // Shown formatted…
    expect(within(card).getByText('Tea').tagName).toBe('STRONG');
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: CONVERSATION_TEXTS.copy }));
    });
    // …copied raw.
    expect(writeText).toHaveBeenCalledWith(MARKDOWN);
    expect(within(card).getByRole('button', { name: CONVERSATION_TEXTS.copied })).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(COPIED_FEEDBACK_MS + 10);
    });
    expect(within(card).getByRole('button', { name: CONVERSATION_TEXTS.copy })).toBeInTheDocument();
    expect(within(card).queryByText(CONVERSATION_TEXTS.copied)).not.toBeInTheDocument();
  });

  it('is on the consensus card too, and on a stopped answer’s kept text', async () => {
    renderCard({ provider: 'consensus', name: 'Council Consensus', text: 'We agree: **tea**.' });
    await userEvent.click(screen.getByRole('button', { name: CONVERSATION_TEXTS.copy }));
    expect(writeText).toHaveBeenCalledWith('We agree: **tea**.');
  });

  it('waits for the answer to be written, and has nothing to copy without text', () => {
    const { rerender } = renderCard({ state: 'streaming', text: 'Tea is' });
    expect(screen.queryByRole('button', { name: CONVERSATION_TEXTS.copy })).not.toBeInTheDocument();
    rerender(
      <TooltipProvider>
        <ResponseCard provider="openai" name="ChatGPT" info={INFO} state="done" text="" usage={USAGE} />
      </TooltipProvider>,
    );
    expect(screen.queryByRole('button', { name: CONVERSATION_TEXTS.copy })).not.toBeInTheDocument();
  });

  it('says so in a toast when the browser refuses the clipboard', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: CONVERSATION_TEXTS.copy }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
        title: CONVERSATION_TEXTS.copyFailed.title,
        variant: 'destructive',
      }),
    );
    expect(screen.queryByText(CONVERSATION_TEXTS.copied)).not.toBeInTheDocument();
  });
});

describe('ResponseCard: Answer again', () => {
  it('is offered only when the card is given the action, and asks once while pending', async () => {
    const onAnswerAgain = vi.fn();
    const { rerender } = renderCard();
    expect(screen.queryByRole('button', { name: CONVERSATION_TEXTS.answerAgain })).not.toBeInTheDocument();

    rerender(
      <TooltipProvider>
        <ResponseCard
          provider="openai"
          name="ChatGPT"
          info={INFO}
          state="done"
          text={MARKDOWN}
          usage={USAGE}
          onAnswerAgain={onAnswerAgain}
        />
      </TooltipProvider>,
    );
    const button = screen.getByRole('button', { name: CONVERSATION_TEXTS.answerAgain });
    await userEvent.click(button);
    expect(onAnswerAgain).toHaveBeenCalledTimes(1);

    rerender(
      <TooltipProvider>
        <ResponseCard
          provider="openai"
          name="ChatGPT"
          info={INFO}
          state="done"
          text={MARKDOWN}
          usage={USAGE}
          onAnswerAgain={onAnswerAgain}
          answeringAgain
        />
      </TooltipProvider>,
    );
    expect(screen.getByRole('button', { name: CONVERSATION_TEXTS.answerAgain })).toBeDisabled();
  });

  it('explains what it costs on hover', async () => {
    renderCard({ onAnswerAgain: vi.fn() });
    await userEvent.hover(screen.getByRole('button', { name: CONVERSATION_TEXTS.answerAgain }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(CONVERSATION_TEXTS.answerAgainTitle);
  });
});

describe('ResponseCard: an answer the cap cut off', () => {
  it('says it stopped at the limit, and never also "Done"', () => {
    renderCard({ stoppedAtLimit: true });
    const card = screen.getByRole('article', { name: 'ChatGPT' });
    expect(within(card).getByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).toBeInTheDocument();
    expect(within(card).queryByText(RESPONSE_STATE_LABELS.done)).not.toBeInTheDocument();
  });

  it('is "Done" when nothing cut it off', () => {
    renderCard();
    expect(
      within(screen.getByRole('article', { name: 'ChatGPT' })).getByText(RESPONSE_STATE_LABELS.done),
    ).toBeInTheDocument();
  });
});
