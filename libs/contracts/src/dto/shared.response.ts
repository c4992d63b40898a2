// GET /api/shared/{shareId}: the public, read-only view (spec §3 "Shared question"). Only these
// fields leave the server: nothing about the owner, tokens or ids beyond the response's own.
// A link shares a whole conversation (docs/decisions.md, "25. Follow-ups"): every turn is in `turns`.

import { type AgreementMapResult } from '../agreement/agreement-map';
import { type ResponseProvider } from '../domain/domain.constants';

/** One turn's question and what it was asked to show (each turn chooses debate and reasoning). */
export interface SharedTurnQuestion {
  question: string;
  showDebate: boolean;
  showReasoning: boolean;
  /** The turn's token cap; null without one (an answer cut off then ran out of the asker's balance). */
  tokenCap: number | null;
}

/** The first question, with the conversation's share title and description. */
export interface SharedQuestion extends SharedTurnQuestion {
  shareTitle: string | null;
  shareDescription: string | null;
}

export interface SharedResponse {
  id: number;
  provider: ResponseProvider;
  /** The member's agent as the Ask screen names it (e.g. "Claude"); null for the consensus. */
  agentName: string | null;
  /** Model name; null when the catalogue entry is gone. */
  model: string | null;
  response: string;
  reasoning: string | null;
  totalTokens: number;
  /** question_agents.order of the member (the agreement map names members by it); null for the consensus. */
  memberOrder: number | null;
  /** 0 is the first answer, 1..n debate revisions; the consensus carries the debate's last round. */
  round: number;
  /** A debate revision: whether the member changed its position; null otherwise. */
  positionChanged: boolean | null;
  /** The token cap (or, without one, the asker's balance) cut this answer off; its text is kept. */
  stoppedAtLimit: boolean;
  /** The consensus of a question shared with its debate: the debate transcript; null otherwise. */
  debateLog: string | null;
  /** The consensus of a debate: its agreement map, or why there is none; null otherwise. */
  agreementMap: AgreementMapResult | null;
}

/** One round of a shared debate: the members' completed answers of that round, in council order. */
export interface SharedRound {
  round: number;
  answers: SharedResponse[];
}

/** One turn of a shared conversation: its question, final answers, debate replay and notes. */
export interface SharedTurn {
  question: SharedTurnQuestion;
  /** Each member's final answer, then the consensus. */
  responses: SharedResponse[];
  /**
   * The debate replay of a question shared with its debate: the opening answers (round 0), then each
   * debate round's revisions. Empty when the question had no debate.
   */
  rounds: SharedRound[];
  /** The asker's notes between the debate's rounds (nothing about the asker but the note). */
  notes: Array<{ afterRound: number; note: string }>;
}

/**
 * The shared conversation. The top-level fields are its first question (as a share of a single
 * question always read); `turns` is every turn, oldest first, the first one included.
 */
export interface SharedQuestionResponse extends SharedTurn {
  question: SharedQuestion;
  turns: SharedTurn[];
}
