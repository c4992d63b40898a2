import { DEBATE_REPLAY, type SharedTurn } from '@council/contracts';
import { Fragment, useId } from 'react';
import { sharedAgreementMembers, sharedConsensus } from '../utils/shared-agreement-members';
import { AgreementMap } from './agreement-map';
import { AskerNote } from './asker-note';
import { FormattedText } from './formatted-text';
import { SharedResponseCard } from './shared-response-card';
import { SharedRound } from './shared-round';

/**
 * How a shared debate went, read-only: each round in order, the asker's note after the round it
 * followed, the debate log, then the consensus and its agreement map. Nothing when the question (the
 * turn, in a conversation) had no debate.
 */
export function SharedDebateReplay({
  shared,
}: {
  shared: Pick<SharedTurn, 'rounds' | 'responses' | 'notes'>;
}) {
  const { rounds, responses, notes } = shared;
  const headingId = useId();
  if (rounds.length === 0) return null;
  const consensus = sharedConsensus(responses);
  const ordered = [...rounds].sort((a, b) => a.round - b.round);
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        {DEBATE_REPLAY.heading}
      </h2>
      {ordered.map((round) => {
        const note = notes.find((candidate) => candidate.afterRound === round.round);
        return (
          <Fragment key={round.round}>
            <SharedRound round={round} />
            {note ? <AskerNote afterRound={note.afterRound} note={note.note} headingAs="h3" /> : null}
          </Fragment>
        );
      })}
      {consensus?.debateLog ? (
        <details className="rounded-xl border border-border bg-card px-4 py-3">
          <summary className="cursor-pointer text-sm font-semibold text-foreground">
            {DEBATE_REPLAY.debateLog}
          </summary>
          <FormattedText text={consensus.debateLog} className="mt-3 text-muted-foreground" />
        </details>
      ) : null}
      {consensus ? (
        <div className="space-y-4">
          <SharedResponseCard response={consensus} />
          <AgreementMap map={consensus.agreementMap} members={sharedAgreementMembers(responses)} />
        </div>
      ) : null}
    </section>
  );
}
