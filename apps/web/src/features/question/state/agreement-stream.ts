// The agreement map part of a question's live state: draft claims while the leader writes them,
// then the stored map (or the note saying why there is none). It lives on the consensus it belongs to.

import { type AgreementClaim, type AgreementMapResult, isAgreementMapResult } from '@council/contracts';

/** A draft claim at its place in the leader's reply (0-based). */
export interface DraftClaim {
  index: number;
  claim: AgreementClaim;
}

export interface AgreementStream {
  /** Draft claims streamed so far, in index order; dropped once `map` arrives. */
  drafts: DraftClaim[];
  /** A draft attempt is under way (a claim or a reset has arrived) and no map has come yet. */
  mapping: boolean;
  /** The validated map, or why there is none; null until agreement:completed or a stored row. */
  map: AgreementMapResult | null;
}

export const NO_AGREEMENT: AgreementStream = { drafts: [], mapping: false, map: null };

/** The agreement of a stored consensus row; anything not of the map's shape is ignored. */
export function agreementFromStored(stored: unknown): AgreementStream {
  return isAgreementMapResult(stored) ? { drafts: [], mapping: false, map: stored } : NO_AGREEMENT;
}

/** agreement:claim: the claim at its place; one sent again for the same place replaces it. */
export function withDraftClaim(agreement: AgreementStream, draft: DraftClaim): AgreementStream {
  const drafts = [...agreement.drafts.filter((other) => other.index !== draft.index), draft].sort(
    (a, b) => a.index - b.index,
  );
  return { drafts, mapping: true, map: null };
}

/** agreement:reset: the map is asked for again; the drafts shown so far are void. */
export function resetDrafts(): AgreementStream {
  return { drafts: [], mapping: true, map: null };
}

/** agreement:completed: the map (or its note) replaces the drafts. */
export function withAgreementMap(map: AgreementMapResult): AgreementStream {
  return { drafts: [], mapping: false, map };
}
