// GET /api/shared/{shareId}: the public, read-only view (spec §3 "Shared question"). Only these
// fields leave the server: nothing about the owner, tokens or ids beyond the response's own.

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
}

export interface SharedQuestionResponse {
  question: SharedQuestion;
  responses: SharedResponse[];
}
