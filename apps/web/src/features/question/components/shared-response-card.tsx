import {
  CONSENSUS_PROVIDER,
  DEMO_PROVIDER_LABEL,
  DEMO_PROVIDER_NOTE,
  consensusInfoOf,
  modelInfoOf,
  providerLabel,
  SHARED_PAGE,
  type SharedResponse,
  type SharedTurnQuestion,
} from '@council/contracts';
import { ProviderAvatar } from '@/components/provider-avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useIsDemoProvider } from '../hooks/use-demo-providers';
import { CopyAnswerButton } from './copy-answer-button';
import { FormattedText } from './formatted-text';
import { ModelInfoTooltip } from './model-info-tooltip';
import { PositionBadge } from './position-badge';
import { StoppedAtLimitBadge } from './stopped-at-limit-badge';

/** A shared answer's author as the Ask screen names it: its agent, else its provider (the consensus). */
export function sharedName(response: Pick<SharedResponse, 'agentName' | 'provider'>): string {
  return response.agentName ?? providerLabel(response.provider);
}

/**
 * The label of a shared answer that was cut off, for a reader who is not the asker: a capped turn
 * stopped at the asker's cap, an uncapped one when the asker's balance ran out (DECISIONS 26).
 */
export function sharedStoppedText(question: Pick<SharedTurnQuestion, 'tokenCap'>): string {
  return question.tokenCap === null ? SHARED_PAGE.stoppedAtBalance : SHARED_PAGE.stoppedAtLimit;
}

/**
 * One answer of a shared question: agent, model, text, reasoning and tokens (spec §2), whether a
 * debate revision changed the member's position, and whether it was cut off (`stoppedText`).
 */
export function SharedResponseCard({
  response,
  stoppedText,
}: {
  response: SharedResponse;
  stoppedText: string;
}) {
  const isDemo = useIsDemoProvider();
  const name = sharedName(response);
  const consensus = response.provider === CONSENSUS_PROVIDER;
  // The consensus is written on a member's model; only a member's provider can be a demo one.
  const demo = !consensus && isDemo(response.provider);
  const model = response.model ?? name;
  // The shared answer names its model only: the information shows what that tells.
  const info = consensus
    ? consensusInfoOf(null, null)
    : modelInfoOf(
        response.provider,
        response.model ? { name: response.model, version: null, contextWindow: null, facts: null } : null,
      );
  const badges = demo || response.stoppedAtLimit || response.positionChanged !== null;
  return (
    <Card
      role="article"
      aria-label={name}
      className={consensus ? 'min-w-0 gap-4 border-primary/40 p-5' : 'min-w-0 gap-4 p-5'}
    >
      <header className="flex items-start gap-3">
        <ProviderAvatar provider={response.provider} name={name} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold text-foreground">{name}</h3>
          <p className="truncate text-xs text-muted-foreground">{model}</p>
          {badges ? (
            <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
              {demo ? (
                <Badge
                  variant="outline"
                  className="border-amber-300 bg-amber-50 text-amber-900"
                  title={DEMO_PROVIDER_NOTE}
                >
                  {DEMO_PROVIDER_LABEL}
                </Badge>
              ) : null}
              <PositionBadge changed={response.positionChanged} />
              <StoppedAtLimitBadge stopped={response.stoppedAtLimit} text={stoppedText} />
            </div>
          ) : null}
        </div>
        <ModelInfoTooltip info={info} name={name} demo={demo} />
      </header>
      {response.reasoning ? (
        <details className="rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium text-foreground">{SHARED_PAGE.reasoning}</summary>
          <FormattedText text={response.reasoning} className="mt-2 text-muted-foreground" />
        </details>
      ) : null}
      <FormattedText text={response.response} />
      {response.response ? (
        <div>
          <CopyAnswerButton text={response.response} />
        </div>
      ) : null}
      {response.totalTokens > 0 ? (
        <p className="border-t border-border pt-3 text-xs text-muted-foreground">
          {SHARED_PAGE.tokensUsed}:{' '}
          <span className="font-medium tabular-nums text-foreground">
            {response.totalTokens.toLocaleString('en-GB')}
          </span>
        </p>
      ) : null}
    </Card>
  );
}
