// The Ask screen's texts beyond the heading (spec §2, §4): the trial banner, the question form, the
// response cards' states and the labels of the model information (catalogue/model-info.ts). The toasts of spec §5
// live in messages/ask.messages.ts and the failed-answer cards in messages/response-card.messages.ts.

import { FREE_QUERIES_TOTAL } from '../limits/limits.constants';

/** The gateway's question calls (spec §7, DECISIONS 12). */
export const ASK_API_PATHS = {
  agents: '/api/agents',
  models: '/api/models',
  roles: '/api/roles',
  questions: '/api/questions',
  question: (id: number): string => `/api/questions/${id}`,
  export: (id: number): string => `/api/questions/${id}/export`,
  cancel: (id: number): string => `/api/questions/${id}/cancel`,
  /** A new turn of the conversation for the same council (docs/decisions.md, "25. Follow-ups"). */
  followUps: (id: number): string => `/api/questions/${id}/follow-ups`,
  retry: (id: number, responseId: number): string => `/api/questions/${id}/responses/${responseId}/retry`,
  /** "Let me weigh in": the asker's note, or Continue, while the debate waits between rounds. */
  notes: (id: number): string => `/api/questions/${id}/notes`,
  continue: (id: number): string => `/api/questions/${id}/continue`,
} as const;

/** The free-trial banner (spec §2, §9). */
export const TRIAL_BANNER = {
  title: 'Free trial',
  lowTitle: 'Running low',
  queriesLeft: (left: number): string => `${left} of ${FREE_QUERIES_TOTAL} free queries left`,
  lowText: 'You are almost out of free queries. Upgrade to keep asking the council.',
  /** At 0 (DECISIONS 17): purchased tokens keep a free account asking. */
  usedUpTitle: 'Free queries used',
  usedUpText:
    'You have used all your free queries. Questions now spend purchased tokens: buy a token pack or upgrade to keep asking.',
  /** At 0 with purchased tokens left (DECISIONS 24): those keep the account asking. */
  usedUpWithTokensText:
    'You have used all your free queries. You can keep asking with your purchased tokens.',
  text: 'Every account starts with free queries to try the council.',
  upgradeAction: 'Upgrade',
  signUpText: `Sign up for ${FREE_QUERIES_TOTAL} free queries`,
  signUpAction: 'Sign up',
  progressLabel: 'Free queries left',
} as const;

/** The question form (spec §2, §4). */
export const ASK_FORM = {
  questionLabel: 'Your question',
  questionPlaceholder: 'What would you like the council to consider?',
  debateLabel: 'Debate mode',
  debateHint: 'The assistants discuss their answers and agree on a consensus.',
  reasoningLabel: 'Show reasoning',
  reasoningHint: 'Each answer explains how it was reached.',
  premiumBadge: 'Premium',
  councilHeading: 'Council members',
  councilHintFree: 'The free plan asks the three default assistants. Upgrade to choose your own council.',
  councilHintPaid: 'Pick an agent, a model and an optional role for each member.',
  agentLabel: 'Agent',
  modelLabel: 'Model',
  roleLabel: 'Role',
  noRole: 'No role',
  addMember: 'Add agent',
  /** In place of Add agent once the council has as many members as the plan allows. */
  agentLimit: (max: number): string => `${max} agents: the most your plan seats`,
  /** In place of Add agent once every agent with a model is on the council. */
  allAgentsSeated: 'Every available agent is on your council',
  /** The members could not be loaded (GET /api/agents or /api/models failed): nothing to ask yet. */
  catalogueFailed: 'The council members could not be loaded.',
  catalogueRetry: 'Try again',
  catalogueLoading: 'Loading the council members',
  removeMember: 'Remove',
  leaderHint: 'Pick a debate leader on one member card; it writes the consensus.',
  leaderBadge: 'Debate leader',
  submit: 'Ask the Council',
  submitting: 'Asking...',
  memberLabel: (position: number): string => `Member ${position}`,
} as const;

/** The results area (spec §2, §4). */
export const ASK_RESULTS = {
  heading: 'Answers',
  /** Above the answers on the Ask screen: the question they answer, with its options. */
  askedLabel: 'You asked',
  consensusTab: 'Consensus',
  individualTab: 'Individual Responses',
  consensusName: 'Council Consensus',
  debateLogHeading: 'Debate log',
  reasoningHeading: 'Reasoning',
  stop: 'Stop',
  stopping: 'Stopping...',
  retry: 'Retry',
  upgrade: 'Upgrade for debate mode and more agents',
  round: (round: number): string => `Round ${round}`,
  debateRunning: (round: number): string => `Debate round ${round} in progress`,
  /** The debate log's first section: every member's answer before the debate. */
  openingAnswers: 'Opening answers',
  roundStarted: (round: number): string => `Round ${round} started`,
  promptTokens: 'Prompt tokens',
  completionTokens: 'Completion tokens',
  totalTokens: 'Total tokens',
  modelInfoLabel: (name: string): string => `About ${name}`,
  cancelled: 'Stopped: the answers so far are kept.',
  loading: 'The council is gathering',
} as const;

export const RESPONSE_STATES = ['queued', 'thinking', 'streaming', 'done', 'failed', 'stopped'] as const;
export type ResponseState = (typeof RESPONSE_STATES)[number];

export const RESPONSE_STATE_LABELS: Readonly<Record<ResponseState, string>> = {
  queued: 'Queued',
  thinking: 'Thinking',
  streaming: 'Streaming',
  done: 'Done',
  failed: 'Failed',
  stopped: 'Stopped',
};

/** One provider's fixed text in the info tooltip (spec §2). */
export interface ModelInfo {
  readonly model: string;
  readonly developer: string;
  readonly releaseDate: string;
  readonly contextWindow: string;
  readonly architecture: string;
  readonly keyStrengths: string;
  readonly trainingApproach: string;
}

export const MODEL_INFO_LABELS: Readonly<Record<keyof ModelInfo, string>> = {
  model: 'Model',
  developer: 'Developer',
  releaseDate: 'Release date',
  contextWindow: 'Context window',
  architecture: 'Architecture',
  keyStrengths: 'Key strengths',
  trainingApproach: 'Training approach',
};
