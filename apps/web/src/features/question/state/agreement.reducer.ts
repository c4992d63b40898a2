// The agreement map drawn with the consensus: `agreement:claim` drafts, `agreement:reset` and the
// stored map of `agreement:completed`. It lives on the consensus (agreement-stream.ts).

import { type AgreementStream, resetDrafts, withAgreementMap, withDraftClaim } from './agreement-stream';
import { type FamilyEvent, type QuestionStreamState, emptyConsensus } from './question-state';

function withConsensusAgreement(
  state: QuestionStreamState,
  change: (agreement: AgreementStream) => AgreementStream,
): QuestionStreamState {
  const consensus = state.consensus ?? emptyConsensus();
  return { ...state, consensus: { ...consensus, agreement: change(consensus.agreement) } };
}

/** Folds one `agreement:*` entry (the combining reducer has checked its question and entry id). */
export function agreementReducer(
  state: QuestionStreamState,
  event: FamilyEvent<'agreement'>,
): QuestionStreamState {
  switch (event.type) {
    case 'agreement:claim': {
      const { index, claim } = event;
      return withConsensusAgreement(state, (agreement) => withDraftClaim(agreement, { index, claim }));
    }
    case 'agreement:reset':
      return withConsensusAgreement(state, resetDrafts);
    case 'agreement:completed': {
      const { map } = event;
      return withConsensusAgreement(state, () => withAgreementMap(map));
    }
  }
}
