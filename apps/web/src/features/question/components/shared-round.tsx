import { DEBATE_REPLAY, SHARED_PAGE, type SharedRound as SharedRoundData } from '@council/contracts';
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { ProviderAvatar } from '@/components/provider-avatar';
import { FormattedText } from './formatted-text';
import { PositionBadge } from './position-badge';
import { StoppedAtLimitBadge } from './stopped-at-limit-badge';
import { sharedName } from './shared-response-card';

/**
 * One round of a shared debate, folded away until opened: each member's answer of that round,
 * revisions marked changed or kept, and answers cut off marked so. An answer that is its member's
 * final one is already shown in full above the replay, so here it is only pointed to.
 */
export function SharedRound({
  round,
  finalIds,
  stoppedText,
}: {
  round: SharedRoundData;
  /** The ids of the final answers shown above the replay. */
  finalIds: ReadonlySet<number>;
  stoppedText: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <details className="group rounded-xl border border-border bg-card px-4 py-3">
        <summary className="flex cursor-pointer items-center gap-2 text-foreground">
          <ChevronRight
            aria-hidden="true"
            className="size-4 shrink-0 transition-transform group-open:rotate-90"
          />
          <h3 id={headingId} className="text-base font-semibold">
            {round.round === 0 ? DEBATE_REPLAY.openingRound : DEBATE_REPLAY.round(round.round)}
          </h3>
          <span className="text-xs text-muted-foreground">
            {SHARED_PAGE.roundAnswers(round.answers.length)}
          </span>
        </summary>
        {round.answers.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{DEBATE_REPLAY.noAnswer}</p>
        ) : (
          <ul className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {round.answers.map((answer) => {
              const name = sharedName(answer);
              return (
                <li key={answer.id} className="min-w-0 space-y-3 rounded-xl border border-border p-4">
                  <div className="flex items-start gap-3">
                    <ProviderAvatar provider={answer.provider} name={name} />
                    <div className="min-w-0 flex-1">
                      <h4 className="truncate text-sm font-semibold text-foreground">{name}</h4>
                      {answer.model ? (
                        <p className="truncate text-xs text-muted-foreground">{answer.model}</p>
                      ) : null}
                      <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                        <PositionBadge changed={answer.positionChanged} />
                        <StoppedAtLimitBadge stopped={answer.stoppedAtLimit} text={stoppedText} />
                      </div>
                    </div>
                  </div>
                  {finalIds.has(answer.id) ? (
                    <p className="text-sm text-muted-foreground">{SHARED_PAGE.finalAnswerAbove}</p>
                  ) : (
                    <FormattedText text={answer.response} />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </details>
    </section>
  );
}
