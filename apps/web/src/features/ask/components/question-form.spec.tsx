import {
  SERVER_MESSAGES,
  type SessionUser,
  TOKEN_CAP_TEXTS,
  VALIDATION_MESSAGES,
  WEIGH_IN_TEXTS,
} from '@council/contracts';
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

describe('QuestionForm: Stop at N tokens', () => {
  // signedInUser has 10,000 tokens left.
  const capField = () => screen.getByRole('textbox', { name: 'Stop at tokens' });

  async function typeCap(text: string) {
    await userEvent.type(capField(), text);
    await userEvent.tab();
  }

  it('is a labelled numeric field described by its hint, empty for no limit', () => {
    renderForm(signedInUser);
    const field = capField();
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('placeholder', TOKEN_CAP_TEXTS.placeholder);
    expect(field).toHaveAccessibleDescription(TOKEN_CAP_TEXTS.hint);
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('sends no tokenCap when left empty', async () => {
    const onSubmit = renderForm(signedInUser);
    await ask('Tea?');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('tokenCap');
  });

  it('sends the cap as a number', async () => {
    const onSubmit = renderForm(signedInUser);
    await typeCap('5,000');
    await ask('Tea?');
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ question: 'Tea?', tokenCap: 5000 });
  });

  it('says nothing while the first digits are typed, then refuses a cap below the minimum', async () => {
    const onSubmit = renderForm(signedInUser);
    await userEvent.type(capField(), '50');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.tokenCapInvalid);
    expect(capField()).toHaveAttribute('aria-invalid', 'true');
    expect(capField()).toHaveAccessibleDescription(
      `${TOKEN_CAP_TEXTS.hint} ${VALIDATION_MESSAGES.tokenCapInvalid}`,
    );
    await ask('Tea?');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a cap above the tokens left with the server’s message, and asks once it is lowered', async () => {
    const onSubmit = renderForm(signedInUser);
    await typeCap('20000');
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.tokenCapAboveBalance);
    await ask('Tea?');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(capField());
    await userEvent.type(capField(), '10000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Council' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ tokenCap: 10_000 });
  });

  it('refuses a number that is not whole, and asking shows the message and moves to the field', async () => {
    const onSubmit = renderForm(signedInUser);
    await userEvent.type(capField(), '1500.5');
    await ask('Tea?');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.tokenCapInvalid);
    expect(capField()).toHaveFocus();
  });

  it('says in the estimate where a cap below its high end stops the question', async () => {
    renderForm(signedInUser);
    const quote = screen.getByTestId('question-quote');
    // On the free plan the default council's estimate runs to about 2.2K tokens.
    expect(quote).not.toHaveTextContent('Stops at');
    await userEvent.type(capField(), '2000');
    expect(quote).toHaveTextContent(TOKEN_CAP_TEXTS.capLine(2000));
    // Neither end of what it spends passes the cap.
    expect(quote).toHaveTextContent('about 1.4K–2K tokens');
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveAccessibleDescription(
      /Stops at 2,000 tokens/,
    );

    await userEvent.clear(capField());
    await userEvent.type(capField(), '9000');
    expect(quote).not.toHaveTextContent('Stops at');
  });
});
