import { type SessionUser, WEIGH_IN_TEXTS } from '@council/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { catalogueFixture } from '@/testing/ask.fixture';
import { signedInUser } from '@/testing/session-user.fixture';
import { type AskQuestionInput } from '../api/ask-question';
import { useCouncilStore } from '../stores/council-store';
import { QuestionForm } from './question-form';

const premiumUser: SessionUser = { ...signedInUser, subscriptionTier: 'premium' };

beforeEach(() => {
  useCouncilStore.getState().reset();
  useCouncilStore.getState().initialize(catalogueFixture);
});

function renderForm(user: SessionUser) {
  const onSubmit = vi.fn<(input: AskQuestionInput) => void>();
  render(
    <TooltipProvider>
      <QuestionForm user={user} catalogue={catalogueFixture} pending={false} onSubmit={onSubmit} />
    </TooltipProvider>,
  );
  return onSubmit;
}

const weighInOption = () => screen.queryByRole('checkbox', { name: WEIGH_IN_TEXTS.switchLabel });

async function ask(question: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), question);
  await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
}

describe('QuestionForm: Let me weigh in', () => {
  it('is offered only once debate is on, and then sends weighIn', async () => {
    const onSubmit = renderForm(premiumUser);
    expect(weighInOption()).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: /Debate mode/ }));
    const option = weighInOption();
    expect(option).not.toBeChecked();
    expect(option).toHaveAccessibleDescription(WEIGH_IN_TEXTS.switchHint);

    await userEvent.click(option!);
    expect(option).toBeChecked();
    await ask('Tea or coffee?');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ showDebate: true, weighIn: true });
  });

  it('leaves weighIn out of a debate without it, and of a question without debate', async () => {
    const onSubmit = renderForm(premiumUser);
    const debate = screen.getByRole('checkbox', { name: /Debate mode/ });
    await userEvent.click(debate);
    await ask('With debate?');
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('weighIn');

    // Chosen, then debate goes off: the option goes away and nothing asks to weigh in.
    await userEvent.click(weighInOption()!);
    await userEvent.click(debate);
    expect(weighInOption()).not.toBeInTheDocument();
    await ask(' Again?');
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ showDebate: false });
    expect(onSubmit.mock.calls[1]![0]).not.toHaveProperty('weighIn');
  });

  it('is not offered on a plan without debate', () => {
    renderForm(signedInUser);
    expect(screen.getByRole('checkbox', { name: /Debate mode/ })).toBeDisabled();
    expect(weighInOption()).not.toBeInTheDocument();
  });
});
