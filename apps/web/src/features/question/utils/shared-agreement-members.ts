import { AGREEMENT_MAP, CONSENSUS_PROVIDER, providerLabel, type SharedResponse } from '@council/contracts';
import { type AgreementMember } from './agreement-members';

/** The members of a shared question, from their final answers: the shared page knows no agent names. */
export function sharedAgreementMembers(responses: readonly SharedResponse[]): AgreementMember[] {
  return responses
    .filter((response) => response.provider !== CONSENSUS_PROVIDER && response.memberOrder !== null)
    .sort((a, b) => (a.memberOrder ?? 0) - (b.memberOrder ?? 0))
    .map((response) => ({
      memberOrder: response.memberOrder ?? 0,
      name: AGREEMENT_MAP.memberWithModel(providerLabel(response.provider), response.model),
      finalAnswer: response.response,
    }));
}

/** The consensus of a shared question, if it has one. */
export function sharedConsensus(responses: readonly SharedResponse[]): SharedResponse | undefined {
  return responses.find((response) => response.provider === CONSENSUS_PROVIDER);
}
