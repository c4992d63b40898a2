import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DemoHint } from './demo-hint';

describe('DemoHint', () => {
  it('names the live and the demo members and offers the example questions', async () => {
    const onPick = vi.fn();
    render(
      <DemoHint
        members={[
          { name: 'ChatGPT', demo: false },
          { name: 'Claude', demo: true },
          { name: 'Grok', demo: true },
        ]}
        onPickExample={onPick}
      />,
    );
    expect(screen.getByRole('region', { name: 'Some members are in demo mode' })).toBeInTheDocument();
    expect(screen.getByText(/Live: ChatGPT\. Demo, no model configured: Claude, Grok\./)).toBeInTheDocument();
    const examples = screen.getByRole('group', { name: 'Try an example question' });
    expect(examples.querySelectorAll('button')).toHaveLength(3);
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Should a five-person startup build its product as microservices from day one?',
      }),
    );
    expect(onPick).toHaveBeenCalledWith(
      'Should a five-person startup build its product as microservices from day one?',
    );
  });

  it('says so when no member has a model, and names each agent once', () => {
    render(
      <DemoHint
        members={[
          { name: 'ChatGPT', demo: true },
          { name: 'ChatGPT', demo: true },
        ]}
        onPickExample={() => undefined}
      />,
    );
    expect(screen.getByText('Demo, no model configured: ChatGPT.')).toBeInTheDocument();
    expect(screen.getByText(/No member has a model configured/)).toBeInTheDocument();
  });

  it('is not shown when every member is live', () => {
    const { container } = render(
      <DemoHint members={[{ name: 'ChatGPT', demo: false }]} onPickExample={() => undefined} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
