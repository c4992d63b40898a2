// Answers of the question calls of spec §7. Dates travel as ISO 8601 strings; ids are positive integers
// (shareId, a public link token, is the one string id).

import { type QuestionStatus, type ResponseProvider, type ResponseStatus } from '../domain/domain.constants';
import { type AgreementMapResult } from '../agreement/agreement-map';
import { type DebateNote } from '../council/weigh-in';
import { type ConversationTurn } from '../council/conversation';
import { type AgentResponse, type ModelResponse, type RoleResponse } from './catalogue.response';

export interface QuestionResponse {
  id: number;
  question: string;
  showDebate: boolean;
  showReasoning: boolean;
  /** The debate pauses after each round for the asker's note (WEIGH_IN). */
  weighIn: boolean;
  /** While the debate waits for a note: the round just finished (0: the opening answers); else null. */
  pausedAfterRound: number | null;
  /** While the debate waits for a note: when it carries on without one; else null. */
  pauseEndsAt: string | null;
  /** "Stop at N tokens" (TOKEN_CAP): the most the question may spend; null for no limit. */
  tokenCap: number | null;
  /** Agent id of the member that writes the consensus; null without debate. */
  debateLeaderId: number | null;
  /** Whether answers are still streaming. */
  status: QuestionStatus;
  /** A follow-up: the id of the conversation's first question; null on a first question. */
  conversationId: number | null;
  /** A follow-up: how many of the conversation's oldest turns its members' threads left out. */
  threadOmittedTurns: number;
  totalTokensUsed: number;
  isShared: boolean;
  shareId: string | null;
  shareTitle: string | null;
  shareDescription: string | null;
  shareExpiresAt: string | null;
  createdAt: string;
}

/** What a just-asked question reports before anything has happened to it (the columns' defaults). */
export const NEW_QUESTION_STATE = {
  status: 'pending',
  pausedAfterRound: null,
  pauseEndsAt: null,
  totalTokensUsed: 0,
  isShared: false,
  shareId: null,
  shareTitle: null,
  shareDescription: null,
  shareExpiresAt: null,
  conversationId: null,
  threadOmittedTurns: 0,
} as const satisfies Partial<QuestionResponse>;

/** One stored answer: a member's (memberOrder set) or the consensus (provider "consensus"). */
export interface ResponseRow {
  id: number;
  questionId: number;
  provider: ResponseProvider;
  /** question_agents.order of the member; null for the consensus. */
  memberOrder: number | null;
  /** 0 is the first answer, 1..n debate revisions. */
  round: number;
  agentId: number | null;
  modelId: number | null;
  roleId: number | null;
  status: ResponseStatus;
  response: string;
  reasoning: string | null;
  debateLog: string | null;
  /** Set when the member failed for good: the card shows "Service Issue" (spec §4). */
  error: string | null;
  /** The question's token cap cut this answer off: what it wrote before is kept (TOKEN_CAP_TEXTS). */
  stoppedAtLimit: boolean;
  /** A debate revision: whether the member changed its position; null for first answers and the consensus. */
  positionChanged: boolean | null;
  /** The consensus of a debate: its agreement map, or why there is none; null on other rows. */
  agreementMap: AgreementMapResult | null;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  createdAt: string;
}

/** A council member of a question, with its catalogue entries (spec §3 question_agents). */
export interface QuestionAgentResponse {
  id: number;
  questionId: number;
  agentId: number;
  modelId: number;
  roleId: number | null;
  order: number;
  agent: AgentResponse;
  model: ModelResponse;
  role: RoleResponse | null;
}

/**
 * POST /api/questions. Answers 201 at once with `responses` still empty; the answers then stream over
 * Socket.IO. With ?wait=true it answers only once every response is final, in the same shape (DECISIONS 12).
 */
export interface AskQuestionResult {
  question: QuestionResponse;
  responses: ResponseRow[];
  agents: QuestionAgentResponse[];
}

/** GET /api/questions: newest first. An empty questionAgents means the default council was used. */
export interface HistoryItem extends QuestionResponse {
  questionAgents: QuestionAgentResponse[];
}

/**
 * One conversation in the history list: its first question (title), how many follow-ups it has,
 * and when its latest turn was asked (the list's order).
 */
export interface HistoryConversation extends HistoryItem {
  followUps: number;
  lastTurnAt: string;
  /** The status of the latest turn (running while a follow-up streams). */
  lastTurnStatus: QuestionStatus;
}

/**
 * GET /api/questions[?search=&cursor=&limit=]: one page, newest first. Pass `nextCursor` back as
 * `cursor` for the next page; null when this page is the last.
 */
export interface HistoryPage {
  items: HistoryConversation[];
  nextCursor: string | null;
}

/** DELETE /api/questions/{id}: the question, its answers, council and share link are gone. */
export interface DeleteQuestionReply {
  id: number;
  deleted: true;
}

/** GET /api/questions/{id}. */
export interface QuestionDetail {
  question: HistoryItem;
  answers: ResponseRow[];
  /** The asker's notes between debate rounds, oldest first. */
  notes: DebateNote[];
  /** Every turn of the question's conversation, oldest first, this one included. */
  conversation: ConversationTurn[];
  /**
   * Characters of the longest member thread a follow-up to this conversation would carry (the
   * quote counts them as prompt); 0 while a turn is still running.
   */
  followUpThreadLength: number;
}

/** POST /api/questions/{id}/share. */
export interface ShareReply {
  shareUrl: string;
  shareId: string;
  shareTitle: string;
  shareDescription: string;
  shareExpiresAt: string | null;
}

/** POST /api/questions/{id}/cancel. */
export interface CancelQuestionResult {
  question: QuestionResponse;
  /** Tokens the question's reservation gave back (0 when it had none left). */
  releasedTokens: number;
}
