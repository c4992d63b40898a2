// GET /api/shared/{shareId}: the public, read-only view (spec §3 "Shared question"). Only these
// fields leave the server: nothing about the owner, tokens or ids beyond the response's own.

import { type AgreementMapResult } from '../agreement/agreement-map';
import { type ResponseProvider } from '../domain/domain.constants';

export interface SharedQuestion {
  question: string;
  shareTitle: string | null;
  shareDescription: string | null;
  showDebate: boolean;
  showReasoning: boolean;
}

export interface SharedResponse {
  id: number;
  provider: ResponseProvider;
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
  /** The question's token cap cut this answer off (TOKEN_CAP_TEXTS.stoppedAtLimit); its text is kept. */
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

export interface SharedQuestionResponse {
  question: SharedQuestion;
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
