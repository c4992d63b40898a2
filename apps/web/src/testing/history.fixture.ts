import {
  type HistoryItem,
  type QuestionDetail,
  type ResponseRow,
  type SharedQuestionResponse,
  type SharedResponse,
  type SharedTurn,
} from '@council/contracts';
import { askResultFixture } from './ask.fixture';

/** A history item for the default fixture council (ChatGPT, Claude, Grok), asked `minutesAgo` ago. */
export function historyItemFixture(overrides: Partial<HistoryItem> = {}, minutesAgo = 5): HistoryItem {
  const asked = askResultFixture();
  return {
    ...asked.question,
    status: 'completed',
    totalTokensUsed: 360,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    questionAgents: asked.agents,
    ...overrides,
  };
}

export function responseRowFixture(overrides: Partial<ResponseRow> = {}): ResponseRow {
  return {
    id: 500,
    questionId: 42,
    provider: 'openai',
    memberOrder: 0,
    round: 0,
    agentId: 1,
    modelId: 11,
    roleId: null,
    status: 'completed',
    response: 'Tea is **calmer**.',
    reasoning: null,
    debateLog: null,
    error: null,
    stoppedAtLimit: false,
    positionChanged: null,
    agreementMap: null,
    promptTokens: 20,
    completionTokens: 100,
    totalTokens: 120,
    createdAt: '2026-01-01T12:00:05.000Z',
    ...overrides,
  };
}

/** GET /api/questions/42 for a completed question with three answers. */
export function questionDetailFixture(overrides: Partial<HistoryItem> = {}): QuestionDetail {
  const question = historyItemFixture(overrides);
  return {
    question,
    conversation: [
      {
        id: question.id,
        question: question.question,
        status: question.status,
        createdAt: question.createdAt,
      },
    ],
    followUpThreadLength: 0,
    answers: [
      responseRowFixture({ id: 500, memberOrder: 0, provider: 'openai', response: 'Tea is **calmer**.' }),
      responseRowFixture({
        id: 501,
        memberOrder: 1,
        provider: 'anthropic',
        agentId: 3,
        modelId: 31,
        response: 'Coffee wakes you up.',
      }),
      responseRowFixture({
        id: 502,
        memberOrder: 2,
        provider: 'xai',
        agentId: 4,
        modelId: 41,
        response: 'Both, at different times.',
      }),
    ],
    notes: [],
  };
}

/** The default fixture council's agents by provider, as a shared answer names them. */
const SHARED_AGENT_NAMES: Readonly<Record<string, string>> = {
  openai: 'ChatGPT',
  anthropic: 'Claude',
  xai: 'Grok',
};

/**
 * A shared member answer or consensus; the fields the debate replay adds default to a plain answer,
 * the agent to the fixture council's for the provider (none for the consensus or another provider).
 */
export function sharedResponseFixture(overrides: Partial<SharedResponse> = {}): SharedResponse {
  const provider = overrides.provider ?? 'openai';
  return {
    id: 1,
    provider,
    agentName: SHARED_AGENT_NAMES[provider] ?? null,
    model: 'GPT-4o',
    response: 'Tea is **calmer**.',
    reasoning: null,
    totalTokens: 120,
    memberOrder: 0,
    round: 0,
    positionChanged: null,
    stoppedAtLimit: false,
    debateLog: null,
    agreementMap: null,
    ...overrides,
  };
}

/** A shared question: a conversation of one turn, its only turn the top level (as the API answers it). */
export function sharedQuestionFixture(
  question: Partial<SharedQuestionResponse['question']> = {},
  responses?: SharedQuestionResponse['responses'],
  rounds: SharedQuestionResponse['rounds'] = [],
): SharedQuestionResponse {
  const top: Omit<SharedQuestionResponse, 'turns'> = {
    question: {
      question: 'Is tea better than coffee?',
      shareTitle: 'Tea or coffee',
      shareDescription: 'The council weighs in on the morning drink.',
      showDebate: false,
      showReasoning: false,
      tokenCap: null,
      ...question,
    },
    responses: responses ?? [
      sharedResponseFixture(),
      sharedResponseFixture({
        id: 2,
        provider: 'anthropic',
        model: 'Claude Sonnet',
        response: 'Coffee wakes you up.',
        reasoning: 'Caffeine content differs.',
        totalTokens: 0,
        memberOrder: 1,
      }),
    ],
    rounds,
    notes: [],
  };
  const { question: asked, ...answers } = top;
  return {
    ...top,
    turns: [
      {
        question: {
          question: asked.question,
          showDebate: asked.showDebate,
          showReasoning: asked.showReasoning,
          tokenCap: asked.tokenCap,
        },
        ...answers,
      },
    ],
  };
}

/**
 * A shared conversation: `turns` oldest first; the top level is the first turn with the share's
 * title and description.
 */
export function sharedConversationFixture(
  turns: readonly SharedTurn[],
  share: Pick<SharedQuestionResponse['question'], 'shareTitle' | 'shareDescription'> = {
    shareTitle: 'Tea or coffee',
    shareDescription: 'The council weighs in on the morning drink.',
  },
): SharedQuestionResponse {
  const [first] = turns;
  if (!first) throw new Error('a conversation has at least one turn');
  return { ...first, question: { ...first.question, ...share }, turns: [...turns] };
}
