import { CONSENSUS_PROVIDER, DEBATE_REPLAY, type SharedTurn } from '@council/contracts';
import { Fragment, useId } from 'react';
import { SharedAskerNote } from './shared-asker-note';
import { SharedRound } from './shared-round';

/**
 * How a shared debate went, read-only, after its consensus and final answers: each round in order,
 * folded, with the asker's note after the round it followed. It is the page's debate log: the stored
 * transcript would only repeat these answers. Nothing when the turn had no debate.
 */
export function SharedDebateReplay({
  shared,
  stoppedText,
}: {
  shared: Pick<SharedTurn, 'rounds' | 'responses' | 'notes'>;
  stoppedText: string;
}) {
  const { rounds, responses, notes } = shared;
  const headingId = useId();
  if (rounds.length === 0) return null;
  const finalIds = new Set(
    responses.filter((response) => response.provider !== CONSENSUS_PROVIDER).map((response) => response.id),
  );
  const ordered = [...rounds].sort((a, b) => a.round - b.round);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        {DEBATE_REPLAY.heading}
      </h2>
      {ordered.map((round) => {
        const note = notes.find((candidate) => candidate.afterRound === round.round);
        return (
          <Fragment key={round.round}>
            <SharedRound round={round} finalIds={finalIds} stoppedText={stoppedText} />
            {note ? <SharedAskerNote note={note.note} /> : null}
          </Fragment>
        );
      })}
    </section>
  );
}
