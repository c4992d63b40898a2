import {
  CONVERSATION_TEXTS,
  DEMO_EXAMPLE_QUESTIONS,
  NO_MODEL_REFUSAL,
  type SessionUser,
} from '@council/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { setCouncilSocket } from '@/lib/socket';
import { agentsFixture, askResultFixture, modelsFixture, rolesFixture } from '@/testing/ask.fixture';
import { FakeCouncilSocket } from '@/testing/fake-socket';
import { questionDetailFixture } from '@/testing/history.fixture';
import { mockApi, sentBody } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { signedInUser } from '@/testing/session-user.fixture';

let socket: FakeCouncilSocket;

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
  socket = new FakeCouncilSocket();
  setCouncilSocket(socket.asSocket());
});
afterEach(() => setCouncilSocket(null));

const premium: SessionUser = { ...signedInUser, subscriptionTier: 'premium' };

const catalogueHandlers = {
  '/api/agents': () => jsonResponse(agentsFixture),
  '/api/models': () => jsonResponse(modelsFixture),
  '/api/roles': () => jsonResponse(rolesFixture),
};

/** Turn 42 of a conversation, then turn 43 (running) once followed up. */
function conversation() {
  const first = questionDetailFixture();
  const followUp = askResultFixture({
    id: 43,
    question: 'And green tea?',
    conversationId: 42,
    status: 'pending',
  });
  const second = questionDetailFixture({
    id: 43,
    question: 'And green tea?',
    conversationId: 42,
    status: 'running',
    threadOmittedTurns: 1,
  });
  second.answers = [];
  second.conversation = [first.conversation[0]!, { ...second.conversation[0]!, status: 'running' }];
  return { first: { ...first, followUpThreadLength: 1_200 }, followUp, second };
}

describe('/questions/{id}: following up (docs/decisions.md, "25. Follow-ups")', () => {
  it('offers a follow-up under a finished question and opens the new turn, which lists the conversation', async () => {
    const { first, followUp, second } = conversation();
    const fetchMock = mockApi(
      {
        ...catalogueHandlers,
        '/api/questions/42': () => jsonResponse(first),
        '/api/questions/42/follow-ups': () => jsonResponse(followUp, 201),
        '/api/questions/43': () => jsonResponse(second),
      },
      premium,
    );
    renderApp('/questions/42');
    const form = await screen.findByRole('form', { name: CONVERSATION_TEXTS.followUpLabel });
    const send = within(form).getByRole('button', { name: CONVERSATION_TEXTS.followUpButton });
    expect(send).toBeDisabled();
    await userEvent.type(
      within(form).getByRole('textbox', { name: CONVERSATION_TEXTS.followUpLabel }),
      'And green tea?',
    );
    // The quote counts the thread each member reads.
    const box = within(form).getByRole('textbox', { name: CONVERSATION_TEXTS.followUpLabel });
    await waitFor(() => expect(box).toHaveAccessibleDescription(/token/));
    await userEvent.click(within(form).getByRole('checkbox', { name: /Debate mode/ }));
    await userEvent.click(send);

    expect(await screen.findByRole('heading', { level: 1, name: 'And green tea?' })).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/questions/42/follow-ups')).toEqual({
      question: 'And green tea?',
      showDebate: true,
      showReasoning: false,
    });
    // The conversation, each turn a link but this one; the oldest turn's absence is told.
    expect(screen.getByText(CONVERSATION_TEXTS.conversation(2))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Is tea better than coffee?' })).toHaveAttribute(
      'href',
      '/questions/42',
    );
    expect(screen.getByRole('note')).toHaveTextContent(CONVERSATION_TEXTS.omittedTurns(1));
    // Running: no follow-up box until it has finished.
    expect(screen.queryByRole('form', { name: CONVERSATION_TEXTS.followUpLabel })).not.toBeInTheDocument();
    await waitFor(() => expect(socket.subscriptions).toContainEqual({ questionId: 43 }));
  });

  it('offers no follow-up on an earlier turn of a conversation, only on its latest', async () => {
    const { first } = conversation();
    first.conversation.push({
      id: 43,
      question: 'And green tea?',
      status: 'completed',
      createdAt: first.question.createdAt,
    });
    mockApi({ ...catalogueHandlers, '/api/questions/42': () => jsonResponse(first) }, premium);
    renderApp('/questions/42');
    await screen.findByRole('heading', { level: 1, name: 'Is tea better than coffee?' });
    expect(screen.getByRole('link', { name: 'And green tea?' })).toHaveAttribute('href', '/questions/43');
    expect(screen.queryByRole('form', { name: CONVERSATION_TEXTS.followUpLabel })).not.toBeInTheDocument();
  });

  it('says why a question no member can answer is not sent, and offers the examples', async () => {
    const { first } = conversation();
    mockApi(
      {
        ...catalogueHandlers,
        '/api/agents': () => jsonResponse(agentsFixture.map((agent) => ({ ...agent, demo: true }))),
        '/api/questions/42': () => jsonResponse(first),
      },
      premium,
    );
    renderApp('/questions/42');
    const form = await screen.findByRole('form', { name: CONVERSATION_TEXTS.followUpLabel });
    const box = within(form).getByRole('textbox', { name: CONVERSATION_TEXTS.followUpLabel });
    await userEvent.type(box, 'How do I bake sourdough?');
    expect(within(form).getByRole('button', { name: CONVERSATION_TEXTS.followUpButton })).toBeDisabled();
    expect(await within(form).findByText(NO_MODEL_REFUSAL)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: DEMO_EXAMPLE_QUESTIONS[1] }));
    expect(box).toHaveValue(DEMO_EXAMPLE_QUESTIONS[1]);
    expect(within(form).getByRole('button', { name: CONVERSATION_TEXTS.followUpButton })).toBeEnabled();
  });
});
