import { ASK_RESULTS, DEBATE_LOG_MAX_HEIGHT } from '@council/contracts';
import { ScrollArea } from '@/components/ui/scroll-area';
import { type QuestionStreamState } from '../utils/question-stream';
import { FormattedText } from './formatted-text';
import { memberName } from '../utils/member-name';

/**
 * The debate transcript (spec §2): in a scroll area at most 12rem high. Live, it is built from the
 * rounds and the members' revisions; read back over REST, it is the consensus response's debateLog.
 */
export function DebateLog({ state }: { state: QuestionStreamState }) {
  const stored = state.consensus?.debateLog;
  const rounds = [...new Set(state.debateRounds.map((record) => record.round))].sort((a, b) => a - b);
  if (!stored && rounds.length === 0) return null;
  return (
    <section className="rounded-xl border border-border bg-card p-4">
      <h3 className="mb-2 text-sm font-semibold text-foreground">{ASK_RESULTS.debateLogHeading}</h3>
      <ScrollArea maxHeight={DEBATE_LOG_MAX_HEIGHT} label={ASK_RESULTS.debateLogHeading}>
        <div className="space-y-3 pr-3 text-sm">
          {stored ? (
            <FormattedText text={stored} />
          ) : (
            rounds.map((round) => {
              const completed = state.debateRounds.some(
                (record) => record.round === round && record.status === 'completed',
              );
              return (
                <div key={round} className="space-y-2">
                  <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                    {completed ? ASK_RESULTS.roundCompleted(round) : ASK_RESULTS.roundStarted(round)}
                  </p>
                  {state.members
                    .filter((member) => member.rounds[round])
                    .map((member) => (
                      <div key={member.order} className="border-l-2 border-border pl-3">
                        <p className="text-xs font-semibold text-foreground">{memberName(member)}</p>
                        <FormattedText text={member.rounds[round] ?? ''} className="text-muted-foreground" />
                      </div>
                    ))}
                </div>
              );
            })
          )}
        </div>
      </ScrollArea>
    </section>
  );
}
