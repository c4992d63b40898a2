import {
  AGREEMENT_MAP,
  type AgreementMapResult,
  BALANCE_STOP_TEXTS,
  CONSENSUS_PROVIDER,
  SHARED_PAGE,
  type SharedResponse,
  TOKEN_CAP_TEXTS,
} from '@council/contracts';
import { useId } from 'react';
import { type AgreementMember } from '../utils/agreement-members';
import { AgreementMap } from './agreement-map';
import { SharedResponseCard, sharedName } from './shared-response-card';

/** The map's members: the final answers, named as the cards above them are, with their models. */
function mapMembers(responses: readonly SharedResponse[]): AgreementMember[] {
  return responses
    .filter((response) => response.provider !== CONSENSUS_PROVIDER && response.memberOrder !== null)
    .sort((a, b) => (a.memberOrder ?? 0) - (b.memberOrder ?? 0))
    .map((response) => ({
      memberOrder: response.memberOrder ?? 0,
      name: AGREEMENT_MAP.memberWithModel(sharedName(response), response.model),
      finalAnswer: response.response,
    }));
}

/** The stored notes of a map the cap or the balance stopped speak to the asker; a stranger reads this. */
function forStranger(map: AgreementMapResult | null): AgreementMapResult | null {
  if (map?.status !== 'unavailable') return map;
  if (map.note === TOKEN_CAP_TEXTS.mapNotDrawn) return { ...map, note: SHARED_PAGE.mapNotDrawnAtLimit };
  if (map.note === BALANCE_STOP_TEXTS.mapNotDrawn) return { ...map, note: SHARED_PAGE.mapNotDrawnAtBalance };
  return map;
}

/**
 * What the council concluded, first on a shared turn: the consensus, then its agreement map. Nothing
 * when the turn has no consensus.
 */
export function SharedConsensus({
  responses,
  stoppedText,
}: {
  responses: readonly SharedResponse[];
  stoppedText: string;
}) {
  const headingId = useId();
  const consensus = responses.find((response) => response.provider === CONSENSUS_PROVIDER);
  if (!consensus) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        {SHARED_PAGE.consensusHeading}
      </h2>
      <SharedResponseCard response={consensus} stoppedText={stoppedText} />
      <AgreementMap map={forStranger(consensus.agreementMap)} members={mapMembers(responses)} />
    </section>
  );
}
