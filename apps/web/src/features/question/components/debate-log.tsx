import { ASK_RESULTS, DEBATE_LOG_MAX_HEIGHT } from '@council/contracts';
import { ScrollArea } from '@/components/ui/scroll-area';
import { memberName } from '../utils/member-name';
import { type QuestionStreamState } from '../state/question-state';
import { debateTranscript } from '../state/question-views';
import { AskerNote } from './asker-note';
import { FormattedText } from './formatted-text';

function roundHeading(round: number, inProgress: boolean): string {
  if (round === 0) return ASK_RESULTS.openingAnswers;
  return inProgress ? ASK_RESULTS.roundStarted(round) : ASK_RESULTS.round(round);
}

/**
 * The debate transcript (spec §2), in a scroll area at most 12rem high: the opening answers, then
 * each round's revisions, with the asker's note after the round it followed. Built from the members'
 * answers per round and the notes, live and read back alike.
 */
export function DebateLog({ state }: { state: QuestionStreamState }) {
  const transcript = debateTranscript(state);
  if (transcript.length === 0) return null;
  return (
    <section className="rounded-xl border border-border bg-card p-4">
      <h3 className="mb-2 text-sm font-semibold text-foreground">{ASK_RESULTS.debateLogHeading}</h3>
      <ScrollArea maxHeight={DEBATE_LOG_MAX_HEIGHT} label={ASK_RESULTS.debateLogHeading}>
        <div className="space-y-3 pr-3 text-sm">
          {transcript.map(({ round, inProgress, entries, note }) => (
            <div key={round} className="space-y-2">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {roundHeading(round, inProgress)}
              </p>
              {entries.map(({ member, text }) => (
                <div key={member.order} className="border-l-2 border-border pl-3">
                  <p className="text-xs font-semibold text-foreground">{memberName(member)}</p>
                  <FormattedText text={text} className="text-muted-foreground" />
                </div>
              ))}
              {note !== null ? <AskerNote afterRound={round} note={note} /> : null}
            </div>
          ))}
        </div>
      </ScrollArea>
    </section>
  );
}
