import { DEBATE_REPLAY, providerLabel, type SharedRound as SharedRoundData } from '@council/contracts';
import { useId } from 'react';
import { ProviderAvatar } from '@/components/provider-avatar';
import { FormattedText } from './formatted-text';
import { PositionBadge } from './position-badge';
import { StoppedAtLimitBadge } from './stopped-at-limit-badge';

/**
 * One round of a shared debate: each member's answer of that round, revisions marked changed or kept,
 * and answers the token cap cut off marked so.
 */
export function SharedRound({ round }: { round: SharedRoundData }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold text-foreground">
        {round.round === 0 ? DEBATE_REPLAY.openingRound : DEBATE_REPLAY.round(round.round)}
      </h3>
      {round.answers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{DEBATE_REPLAY.noAnswer}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {round.answers.map((answer) => {
            const name = providerLabel(answer.provider);
            return (
              <li key={answer.id} className="min-w-0 space-y-3 rounded-xl border border-border bg-card p-4">
                <div className="flex items-start gap-3">
                  <ProviderAvatar provider={answer.provider} name={name} />
                  <div className="min-w-0 flex-1">
                    <h4 className="truncate text-sm font-semibold text-foreground">{name}</h4>
                    {answer.model ? (
                      <p className="truncate text-xs text-muted-foreground">{answer.model}</p>
                    ) : null}
                    <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                      <PositionBadge changed={answer.positionChanged} />
                      <StoppedAtLimitBadge stopped={answer.stoppedAtLimit} />
                    </div>
                  </div>
                </div>
                <FormattedText text={answer.response} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
