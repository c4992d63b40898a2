// The live state of one question, folded from the Socket.IO events of libs/contracts. It lives in the
// TanStack Query cache (questionKeys.stream); every socket event goes through applyStreamEvent
// (stream.reducer.ts), which hands it to the reducer of its entry family (answer, debate, consensus,
// agreement, question). Events carry their Redis stream entry id; anything at or before the last
// applied id is a replay we already have, so a reconnect never duplicates text.

import {
  type AgentResponse,
  type AskQuestionResult,
  type DebateNote,
  type ModelResponse,
  type QuestionStatus,
  type RoleResponse,
  type StreamEntryType,
  type StreamEvent,
  type TokenUsage,
} from '@council/contracts';
import { type AgreementStream, NO_AGREEMENT } from './agreement-stream';

/**
 * Where a member (or the consensus) is in its current round. `capped`: the question's token cap left
 * no room to start it (TOKEN_CAP_TEXTS.notStarted, consensusNotWritten): stored as failed, but it is
 * the limit the asker chose, not a fault, so it is neither retried nor shown as an error.
 */
export type AnswerPhase = 'pending' | 'active' | 'completed' | 'failed' | 'cancelled' | 'capped';

export interface MemberStream {
  order: number;
  agent: AgentResponse | null;
  model: ModelResponse | null;
  role: RoleResponse | null;
  /** Answer text per round: 0 is the first answer, 1..n the debate revisions. */
  rounds: string[];
  reasoning: string;
  /** The latest round this member has been asked for. */
  round: number;
  phase: AnswerPhase;
  /** Whether text (not only reasoning) has arrived in the current round. */
  hasText: boolean;
  responseId: number | null;
  error: string | null;
  /** The token cap cut the current round's answer off; its text is kept. */
  stoppedAtLimit: boolean;
  usage: TokenUsage;
}

export interface ConsensusStream {
  text: string;
  reasoning: string;
  phase: AnswerPhase;
  hasText: boolean;
  responseId: number | null;
  error: string | null;
  /** The token cap cut the consensus off; its text is kept. */
  stoppedAtLimit: boolean;
  usage: TokenUsage;
  /** The agreement map drawn with the consensus: drafts while it streams, then the stored map. */
  agreement: AgreementStream;
}

export interface DebateRoundRecord {
  round: number;
  status: 'started' | 'completed';
}

/** "Let me weigh in": the debate waits for the asker's note after `round` until `endsAt` (ISO). */
export interface DebatePause {
  round: number;
  endsAt: string;
}

/** The asker's note after round `afterRound` (0: the opening answers). */
export type AskerNote = Pick<DebateNote, 'afterRound' | 'note'>;

/** What a question's live state starts from: the POST answer, or a REST read with its notes. */
export type QuestionSeed = AskQuestionResult & { notes?: readonly AskerNote[] };

export interface QuestionStreamState {
  questionId: number;
  question: string;
  showDebate: boolean;
  showReasoning: boolean;
  debateLeaderId: number | null;
  /** The asker's "Stop at N tokens"; null without one (a stopped answer then ran out of balance). */
  tokenCap: number | null;
  /** The debate pauses after each round for the asker's note. */
  weighIn: boolean;
  status: QuestionStatus;
  lastEntryId: string | null;
  members: MemberStream[];
  consensus: ConsensusStream | null;
  /** The debate round running now, if any. */
  debateRound: number | null;
  debateRounds: DebateRoundRecord[];
  /** While the debate waits for the asker's note; else null. */
  pause: DebatePause | null;
  /** The asker's notes between rounds, oldest round first. */
  notes: AskerNote[];
  totalTokensUsed: number;
  /**
   * The token cap cut or stopped some member's answer, in any round (capShortenedCouncil): a
   * consensus then says it was written from what there was.
   */
  capShortened: boolean;
  /** question:failed: the question as a whole could not be processed. */
  error: string | null;
}

/** The part of an entry type before its colon: each family has a reducer of its own. */
export type EntryFamily = StreamEntryType extends `${infer F}:${string}` ? F : never;

/** The events of one entry family (`answer:*`, `debate:*` …), as the socket sends them. */
export type FamilyEvent<F extends EntryFamily> = Extract<StreamEvent, { type: `${F}:${string}` }>;

export const NO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

export function emptyMember(
  order: number,
  agent: AgentResponse | null,
  model: ModelResponse | null,
  role: RoleResponse | null,
): MemberStream {
  return {
    order,
    agent,
    model,
    role,
    rounds: [],
    reasoning: '',
    round: 0,
    phase: 'pending',
    hasText: false,
    responseId: null,
    error: null,
    stoppedAtLimit: false,
    usage: NO_USAGE,
  };
}

export function emptyConsensus(): ConsensusStream {
  return {
    text: '',
    reasoning: '',
    phase: 'pending',
    hasText: false,
    responseId: null,
    error: null,
    stoppedAtLimit: false,
    usage: NO_USAGE,
    agreement: NO_AGREEMENT,
  };
}
