import { modelInfoOf } from '@council/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModelInfoTooltip } from './model-info-tooltip';

const info = modelInfoOf('openai', {
  name: 'o3-mini',
  version: '2025-01-31',
  contextWindow: 200_000,
  facts: {
    releaseDate: 'January 2025',
    architecture: 'Reasoning model',
    strengths: 'Maths, science, coding and logic',
    trainingApproach: 'Reinforcement learning on chains of thought',
  },
});

describe('ModelInfoTooltip (DECISIONS 19)', () => {
  it('opens on a click or tap with the card’s own model facts, and closes on Escape', async () => {
    render(<ModelInfoTooltip info={info} name="OpenAI Reasoner" />);
    await userEvent.click(screen.getByRole('button', { name: 'About OpenAI Reasoner' }));
    const panel = await screen.findByRole('dialog', { name: 'About OpenAI Reasoner' });
    expect(panel).toHaveTextContent('o3-mini 2025-01-31');
    expect(panel).toHaveTextContent('January 2025');
    expect(panel).toHaveTextContent('200,000 tokens');
    expect(panel).not.toHaveTextContent('GPT-4o');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens from the keyboard', async () => {
    render(<ModelInfoTooltip info={info} name="OpenAI Reasoner" />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'About OpenAI Reasoner' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'About OpenAI Reasoner' })).toHaveTextContent(
      'Reasoning model',
    );
  });

  it('leaves out what the catalogue does not say', async () => {
    const bare = modelInfoOf('xai', { name: 'grok-9', version: null, contextWindow: null, facts: null });
    render(<ModelInfoTooltip info={bare} name="Grok" />);
    await userEvent.click(screen.getByRole('button', { name: 'About Grok' }));
    const panel = await screen.findByRole('dialog', { name: 'About Grok' });
    expect(panel).toHaveTextContent('grok-9');
    expect(panel).not.toHaveTextContent('Release date');
  });
});
