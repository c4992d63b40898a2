import {
  type AgentResponse,
  type AskQuestionResult,
  type ModelResponse,
  NEW_QUESTION_STATE,
  type QuestionAgentResponse,
  type RoleResponse,
} from '@council/contracts';

const agent = (id: number, name: string, provider: AgentResponse['provider']): AgentResponse => ({
  id,
  name,
  provider,
  description: null,
  logoUrl: null,
});

const model = (
  id: number,
  agentId: number,
  name: string,
  version: string | null,
  typicalOutputTokens: number,
): ModelResponse => ({
  id,
  agentId,
  name,
  version,
  description: null,
  capabilities: [],
  contextWindow: null,
  facts: null,
  typicalOutputTokens,
});

/** Catalogue order: two OpenAI agents first, so the default council must pick per provider. */
export const agentsFixture: AgentResponse[] = [
  agent(1, 'ChatGPT', 'openai'),
  agent(2, 'Codex', 'openai'),
  agent(3, 'Claude', 'anthropic'),
  agent(4, 'Grok', 'xai'),
  agent(5, 'Claude Haiku', 'anthropic'),
];

export const modelsFixture: ModelResponse[] = [
  model(11, 1, 'GPT-4o', '2024-08', 550),
  model(12, 1, 'GPT-4o mini', null, 450),
  model(21, 2, 'Codex', '1', 650),
  model(31, 3, 'Claude Sonnet', '3.5', 600),
  model(32, 3, 'Claude Opus', '3', 800),
  model(41, 4, 'Grok', '2', 900),
  model(51, 5, 'Claude Haiku', '3', 400),
];

export const rolesFixture: RoleResponse[] = [
  { id: 7, name: 'Sceptic', description: 'Looks for holes', category: 'Critical thinking' },
  { id: 8, name: 'Teacher', description: null, category: null },
];

export const catalogueFixture = { agents: agentsFixture, models: modelsFixture, roles: rolesFixture };

function questionAgent(order: number, agentId: number, modelId: number): QuestionAgentResponse {
  return {
    id: 100 + order,
    questionId: 42,
    agentId,
    modelId,
    roleId: null,
    order,
    agent: agentsFixture.find((candidate) => candidate.id === agentId) as AgentResponse,
    model: modelsFixture.find((candidate) => candidate.id === modelId) as ModelResponse,
    role: null,
  };
}

/** POST /api/questions' 201 for the default council (responses still empty). */
export function askResultFixture(overrides: Partial<AskQuestionResult['question']> = {}): AskQuestionResult {
  return {
    question: {
      id: 42,
      question: 'Is tea better than coffee?',
      showDebate: false,
      showReasoning: false,
      weighIn: false,
      debateLeaderId: null,
      tokenCap: null,
      ...NEW_QUESTION_STATE,
      createdAt: '2026-01-01T12:00:00.000Z',
      ...overrides,
    },
    responses: [],
    agents: [questionAgent(0, 1, 11), questionAgent(1, 3, 31), questionAgent(2, 4, 41)],
  };
}
