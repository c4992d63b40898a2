import { DEMO_EXAMPLE_QUESTIONS, NO_MODEL_REFUSAL } from '@council/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DemoHint } from './demo-hint';

const mixed = [
  { name: 'ChatGPT', demo: false },
  { name: 'Claude', demo: true },
  { name: 'Grok', demo: true },
];
const allDemo = [
  { name: 'ChatGPT', demo: true },
  { name: 'ChatGPT', demo: true },
];

describe('DemoHint', () => {
  it('names the live and the demo members before anything is typed, and offers the example questions', async () => {
    const onPick = vi.fn();
    render(<DemoHint members={mixed} question="" onPickExample={onPick} />);
    expect(screen.getByRole('region', { name: 'Some members are in demo mode' })).toBeInTheDocument();
    expect(
      screen.getByText('Will answer with their model: ChatGPT. Demo, no model configured: Claude, Grok.'),
    ).toBeInTheDocument();
    const examples = screen.getByRole('group', { name: 'Try an example question' });
    expect(examples.querySelectorAll('button')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: DEMO_EXAMPLE_QUESTIONS[1] }));
    expect(onPick).toHaveBeenCalledWith(DEMO_EXAMPLE_QUESTIONS[1]);
  });

  it('says which members answer the typed question for real and which only show a card charged nothing', () => {
    render(<DemoHint members={mixed} question="How do I bake sourdough?" onPickExample={() => undefined} />);
    expect(
      screen.getByText(
        'Will answer with their model: ChatGPT. No model configured, so only a card saying so, charged nothing: Claude, Grok.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says an example question is answered from the script', () => {
    render(<DemoHint members={mixed} question={DEMO_EXAMPLE_QUESTIONS[2]} onPickExample={() => undefined} />);
    expect(
      screen.getByText(
        'Will answer with their model: ChatGPT. Will answer from the example script: Claude, Grok.',
      ),
    ).toBeInTheDocument();
  });

  it('says before the ask that a question nobody can answer will not be asked, naming each agent once', () => {
    render(
      <DemoHint members={allDemo} question="How do I bake sourdough?" onPickExample={() => undefined} />,
    );
    expect(
      screen.getByText('No model configured, so only a card saying so, charged nothing: ChatGPT.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/No member has a model configured/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(NO_MODEL_REFUSAL);
  });

  it('is not shown when every member is live', () => {
    const { container } = render(
      <DemoHint members={[{ name: 'ChatGPT', demo: false }]} question="" onPickExample={() => undefined} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
