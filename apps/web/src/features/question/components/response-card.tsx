import {
  type ModelInfo,
  ASK_RESULTS,
  ASK_FORM,
  CONVERSATION_TEXTS,
  DEMO_PROVIDER_LABEL,
  DEMO_PROVIDER_NOTE,
  RESPONSE_CARD_TEXTS,
  type ResponseProvider,
  type ResponseState,
  type TokenUsage,
  modelLabel,
} from '@council/contracts';
import { AlertTriangle, Crown, RotateCcw } from 'lucide-react';
import { type ReactNode } from 'react';
import { ProviderAvatar } from '@/components/provider-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { CopyAnswerButton } from './copy-answer-button';
import { FormattedText } from './formatted-text';
import { LimitNote } from './limit-note';
import { ModelInfoTooltip } from './model-info-tooltip';
import { ResponseStateBadge } from './response-state-badge';
import { StoppedAtLimitBadge } from './stopped-at-limit-badge';

export interface ResponseCardProps {
  provider: ResponseProvider;
  name: string;
  /** What the information button tells about the card's model (DECISIONS 19). */
  info: ModelInfo;
  logoUrl?: string | null;
  modelName?: string | null;
  modelVersion?: string | null;
  roleName?: string | null;
  state: ResponseState;
  /** A debate revision's round (shown when above 0). */
  round?: number;
  text: string;
  reasoning?: string | null;
  usage: TokenUsage;
  error?: string | null;
  /** The question's token cap cut this answer off: labelled, its text kept. */
  stoppedAtLimit?: boolean;
  /** A calm note about the token cap under the text (limit-notes), e.g. an answer it left no room for. */
  limitNote?: string | null;
  isLeader?: boolean;
  /** Answered by the offline demo adapter (DECISIONS 15): labelled "Demo". */
  demo?: boolean;
  onRetry?: () => void;
  retrying?: boolean;
  /** A finished member's "Answer again" (a completed answer of a finished turn without a debate). */
  onAnswerAgain?: () => void;
  answeringAgain?: boolean;
  children?: ReactNode;
}

/**
 * One answer (spec §2): avatar, agent, model and version, role, the info tooltip, the text, optional
 * reasoning and the token counts above 0. A failed member is the "Service Issue" card; a failed
 * consensus the "Formation Issue" card (spec §4).
 */
export function ResponseCard(props: ResponseCardProps) {
  const {
    provider,
    name,
    logoUrl,
    modelName,
    modelVersion,
    roleName,
    state,
    round = 0,
    isLeader,
    demo,
    stoppedAtLimit = false,
  } = props;
  const model = modelName ? modelLabel({ name: modelName, version: modelVersion }) : '';
  const failed = state === 'failed';
  return (
    <Card
      aria-label={name}
      role="article"
      className={cn(
        'min-w-0 gap-4 p-5',
        failed && 'border-amber-300',
        provider === 'consensus' && 'border-primary/40',
      )}
    >
      <header className="flex items-start gap-3">
        <ProviderAvatar provider={provider} name={name} logoUrl={logoUrl} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold text-foreground">{name}</h3>
          {model ? <p className="truncate text-xs text-muted-foreground">{model}</p> : null}
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            {/* An answer the cap cut off is not "Done": it says it stopped, once. */}
            {stoppedAtLimit && state === 'done' ? null : <ResponseStateBadge state={state} />}
            <StoppedAtLimitBadge stopped={stoppedAtLimit} />
            {round > 0 ? <Badge variant="outline">{ASK_RESULTS.round(round)}</Badge> : null}
            {roleName ? <Badge variant="secondary">{roleName}</Badge> : null}
            {demo ? (
              <Badge
                variant="outline"
                className="border-amber-300 bg-amber-50 text-amber-900"
                title={DEMO_PROVIDER_NOTE}
              >
                {DEMO_PROVIDER_LABEL}
              </Badge>
            ) : null}
            {isLeader ? (
              <Badge variant="outline">
                <Crown aria-hidden="true" />
                {ASK_FORM.leaderBadge}
              </Badge>
            ) : null}
          </div>
        </div>
        <ModelInfoTooltip info={props.info} name={name} demo={demo} />
      </header>
      {failed ? <FailedBody {...props} /> : <AnswerBody {...props} />}
      <CardActions {...props} />
      {props.children}
      <TokenCounts usage={props.usage} />
    </Card>
  );
}

function AnswerBody({ text, reasoning, state, limitNote, stoppedAtLimit }: ResponseCardProps) {
  const waiting = !text && (state === 'queued' || state === 'thinking');
  // Still arriving, or stopped part-way: the text may end inside a marker.
  const cut = state === 'streaming' || state === 'stopped' || stoppedAtLimit;
  return (
    <div className="space-y-3">
      {reasoning ? (
        <details className="rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm" open={!text}>
          <summary className="cursor-pointer font-medium text-foreground">
            {ASK_RESULTS.reasoningHeading}
          </summary>
          <FormattedText text={reasoning} className="mt-2 text-muted-foreground" partial={cut} />
        </details>
      ) : null}
      {waiting ? (
        <div className="space-y-2" aria-hidden="true">
          <Skeleton className="h-3 w-11/12" />
          <Skeleton className="h-3 w-4/5" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ) : text ? (
        <FormattedText text={text} partial={cut} />
      ) : null}
      {limitNote ? <LimitNote text={limitNote} /> : null}
    </div>
  );
}

function FailedBody({ provider, text, error, onRetry, retrying }: ResponseCardProps) {
  const texts =
    provider === 'consensus' ? RESPONSE_CARD_TEXTS.consensusFailed : RESPONSE_CARD_TEXTS.serviceIssue;
  return (
    <div className="space-y-3">
      {text ? <FormattedText text={text} className="opacity-70" partial /> : null}
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
        <p className="text-xs font-semibold uppercase tracking-wide">{texts.heading}</p>
        <p className="mt-1 flex items-center gap-2 font-semibold">
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          {texts.label}
        </p>
        <p className="mt-1 text-sm">{texts.description}</p>
        {error ? <p className="mt-2 break-words text-xs opacity-80">{error}</p> : null}
        {onRetry ? (
          <Button variant="outline" size="sm" className="mt-3" onClick={onRetry} disabled={retrying}>
            <RotateCcw aria-hidden="true" />
            {ASK_RESULTS.retry}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** States whose text is still arriving (or not yet): nothing to copy. */
const UNFINISHED: readonly ResponseState[] = ['queued', 'thinking', 'streaming'];

/** Copy (any answer with text, once written) and Answer again (when offered). */
function CardActions({ text, state, onAnswerAgain, answeringAgain }: ResponseCardProps) {
  const copyable = text.length > 0 && !UNFINISHED.includes(state);
  if (!copyable && !onAnswerAgain) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {copyable ? <CopyAnswerButton text={text} /> : null}
      {onAnswerAgain ? (
        <Tooltip>
          <TooltipTrigger asChild>
            <Button variant="ghost" size="sm" onClick={onAnswerAgain} disabled={answeringAgain}>
              <RotateCcw aria-hidden="true" />
              {CONVERSATION_TEXTS.answerAgain}
            </Button>
          </TooltipTrigger>
          <TooltipContent>{CONVERSATION_TEXTS.answerAgainTitle}</TooltipContent>
        </Tooltip>
      ) : null}
    </div>
  );
}

/** Only the counts above 0 (spec §2). */
function TokenCounts({ usage }: { usage: TokenUsage }) {
  const counts = [
    { label: ASK_RESULTS.promptTokens, value: usage.promptTokens },
    { label: ASK_RESULTS.completionTokens, value: usage.completionTokens },
    { label: ASK_RESULTS.totalTokens, value: usage.totalTokens },
  ].filter((count) => count.value > 0);
  if (counts.length === 0) return null;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 border-t border-border pt-3 text-xs text-muted-foreground">
      {counts.map((count) => (
        <div key={count.label} className="flex gap-1">
          <dt>{count.label}:</dt>
          <dd className="font-medium text-foreground tabular-nums">{count.value.toLocaleString('en-GB')}</dd>
        </div>
      ))}
    </dl>
  );
}
