import {
  ASK_RESULTS,
  type AskQuestionResult,
  consensusInfoOf,
  type ModelInfo,
  modelInfoOf,
  providerLabel,
  ROUTE_PATHS,
  type SubscriptionTier,
} from '@council/contracts';
import { ArrowUpRight, Square } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getCouncilSocket } from '@/lib/socket';
import { useIsDemoProvider } from '../hooks/use-demo-providers';
import { useCancelQuestion, useRetryResponse } from '../hooks/use-question-actions';
import { useQuestionStream } from '../hooks/use-question-stream';
import { consensusLimitNote, memberLimitNote } from '../utils/limit-notes';
import { memberName } from '../utils/member-name';
import { type MemberStream, type QuestionStreamState } from '../state/question-state';
import { answerState, isStreaming, memberText, singleErrorMessage } from '../state/question-views';
import { ConsensusAgreementMap } from './consensus-agreement-map';
import { DebateLog } from './debate-log';
import { DebatePause } from './debate-pause';
import { ErrorPanel } from './error-panel';
import { QuestionBadges } from './question-badges';
import { QuestionShareButton } from './question-share-button';
import { ResponseCard } from './response-card';
import { ResultsSkeleton } from './results-skeleton';
import { QuestionCappedContext } from './stopped-at-limit-badge';

interface ResultsAreaProps {
  questionId: number;
  /** The POST answer, kept across a reload: the starting state when the cache has none. */
  asked?: AskQuestionResult;
  tier: SubscriptionTier | null;
  /** Reloads the page (the red panel's "Refresh page"); injectable for tests. */
  onRefresh?: () => void;
}

/** The answers of one question, live (spec §2 "Results area", §4 error cards). */
export function ResultsArea({
  questionId,
  asked,
  tier,
  onRefresh = () => window.location.reload(),
}: ResultsAreaProps) {
  const { data: state, isPending, isError } = useQuestionStream(questionId, getCouncilSocket, asked);
  const ref = useRef<HTMLDivElement>(null);

  // A new question's answers sit below the form: bring them into view (below the sticky header).
  useEffect(() => {
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [questionId]);

  return (
    <div ref={ref} className="scroll-mt-20">
      {state ? <AskedQuestion state={state} /> : null}
      {state ? (
        <QuestionResults
          state={state}
          tier={tier}
          onRefresh={onRefresh}
          actions={
            state.status === 'completed' ? (
              <QuestionShareButton questionId={state.questionId} question={state.question} asked={asked} />
            ) : null
          }
        />
      ) : isPending && !isError ? (
        <ResultsSkeleton />
      ) : null}
    </div>
  );
}

export function QuestionResults({
  state,
  tier,
  onRefresh,
  actions,
}: {
  state: QuestionStreamState;
  tier: SubscriptionTier | null;
  onRefresh: () => void;
  /** Shown at the end of the heading row, e.g. Share once the question has completed. */
  actions?: ReactNode;
}) {
  const cancel = useCancelQuestion(state.questionId);
  const singleError = singleErrorMessage(state);
  const running = isStreaming(state);

  const members = singleError ? null : <MemberCards state={state} />;
  const stoppedBeforeConsensus = state.status === 'cancelled' && !state.consensus?.hasText;
  const paused = state.pause !== null;
  // A failed consensus says the members' answers are "above": in its tab they are, right above it.
  // One the token cap left no room for shows them too: they are all the question has to show.
  const consensusFailed = state.consensus?.phase === 'failed' || state.consensus?.phase === 'capped';

  return (
    <QuestionCappedContext.Provider value={state.tokenCap !== null}>
      <section aria-labelledby="ask-results-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <h2 id="ask-results-heading" className="text-xl font-semibold text-foreground">
              {ASK_RESULTS.heading}
            </h2>
            {state.debateRound !== null ? (
              <span
                role="status"
                className="rounded-full bg-secondary px-3 py-1 text-xs font-medium text-secondary-foreground"
              >
                {ASK_RESULTS.debateRunning(state.debateRound)}
              </span>
            ) : null}
          </div>
          {running ? (
            <Button variant="outline" size="sm" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              <Square aria-hidden="true" className="fill-current" />
              {cancel.isPending ? ASK_RESULTS.stopping : ASK_RESULTS.stop}
            </Button>
          ) : (
            actions
          )}
        </div>

        {state.status === 'cancelled' ? (
          <p className="text-sm text-muted-foreground">{ASK_RESULTS.cancelled}</p>
        ) : null}

        {singleError ? <ErrorPanel message={singleError} onRefresh={onRefresh} /> : null}

        <DebatePause state={state} />

        {state.showDebate && !singleError ? (
          // A debate stopped before its consensus opens on the members' answers, which Stop kept.
          // So does a debate waiting for the asker's note: nothing runs, the answers are what to read.
          <Tabs
            key={stoppedBeforeConsensus ? 'stopped' : paused ? 'paused' : 'live'}
            defaultValue={stoppedBeforeConsensus || paused ? 'individual' : 'consensus'}
          >
            <TabsList>
              <TabsTrigger value="consensus">{ASK_RESULTS.consensusTab}</TabsTrigger>
              <TabsTrigger value="individual">{ASK_RESULTS.individualTab}</TabsTrigger>
            </TabsList>
            <TabsContent value="consensus" className="space-y-4">
              {consensusFailed ? members : null}
              <ConsensusCard state={state} />
              <ConsensusAgreementMap state={state} />
              <DebateLog state={state} />
            </TabsContent>
            <TabsContent value="individual">{members}</TabsContent>
          </Tabs>
        ) : (
          members
        )}

        {tier === 'free' ? (
          <div className="flex justify-center pt-2">
            <Button asChild variant="secondary">
              <Link to={ROUTE_PATHS.subscription}>
                {ASK_RESULTS.upgrade}
                <ArrowUpRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        ) : null}
      </section>
    </QuestionCappedContext.Provider>
  );
}

/**
 * The question the answers below answer, with its options: the Ask screen's form is empty again
 * after a reload, and a weigh-in pause asks for a note on it.
 */
function AskedQuestion({ state }: { state: QuestionStreamState }) {
  return (
    <section
      aria-label={ASK_RESULTS.askedLabel}
      className="mb-6 space-y-3 rounded-xl border bg-card p-4 sm:p-5"
    >
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        {ASK_RESULTS.askedLabel}
      </p>
      <p className="whitespace-pre-wrap break-words text-base font-medium text-foreground">
        {state.question}
      </p>
      <QuestionBadges
        withOptions
        question={{
          showDebate: state.showDebate,
          showReasoning: state.showReasoning,
          weighIn: state.weighIn,
          tokenCap: state.tokenCap,
          isShared: false,
        }}
      />
    </section>
  );
}

function MemberCards({ state }: { state: QuestionStreamState }) {
  const retry = useRetryResponse(state.questionId);
  const isDemo = useIsDemoProvider();
  // A finished turn without a debate: its members' answers can be asked anew, one at a time.
  const canAnswerAgain = state.status === 'completed' && !state.showDebate;
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {state.members.map((member) => {
        const demo = member.agent !== null && isDemo(member.agent.provider, member.agent);
        const ask =
          member.responseId !== null
            ? () => retry.mutate({ responseId: member.responseId as number, memberOrder: member.order })
            : undefined;
        return (
          <MemberCard
            key={member.order}
            member={member}
            state={state}
            demo={demo}
            retrying={retry.isPending}
            onRetry={member.phase === 'failed' ? ask : undefined}
            // A demo card is not an answer: asking it again would show the same card.
            onAnswerAgain={canAnswerAgain && member.phase === 'completed' && !demo ? ask : undefined}
          />
        );
      })}
    </div>
  );
}

/** The model information, naming the developer as the catalogue does (e.g. "Google Gemini"). */
function memberInfo(member: MemberStream): ModelInfo {
  const provider = member.agent?.provider ?? 'openai';
  return {
    ...modelInfoOf(provider, member.model),
    developer: providerLabel(provider, member.agent?.providerName),
  };
}

function MemberCard({
  member,
  state,
  onRetry,
  onAnswerAgain,
  retrying,
  demo,
}: {
  member: MemberStream;
  state: QuestionStreamState;
  demo: boolean;
  onRetry?: () => void;
  onAnswerAgain?: () => void;
  retrying: boolean;
}) {
  return (
    <ResponseCard
      provider={member.agent?.provider ?? 'openai'}
      name={memberName(member)}
      info={memberInfo(member)}
      logoUrl={member.agent?.logoUrl}
      modelName={member.model?.name}
      modelVersion={member.model?.version}
      roleName={member.role?.name}
      state={answerState(member, state.status)}
      round={member.round}
      text={memberText(member)}
      reasoning={state.showReasoning ? member.reasoning : null}
      usage={member.usage}
      error={member.error}
      stoppedAtLimit={member.stoppedAtLimit}
      limitNote={memberLimitNote(member)}
      isLeader={state.showDebate && member.agent !== null && member.agent.id === state.debateLeaderId}
      demo={demo}
      onRetry={onRetry}
      retrying={retrying}
      onAnswerAgain={onAnswerAgain}
      answeringAgain={retrying}
    />
  );
}

function ConsensusCard({ state }: { state: QuestionStreamState }) {
  const isDemo = useIsDemoProvider();
  const consensus = state.consensus;
  if (!consensus) return null;
  const leader =
    state.members.find((member) => member.agent !== null && member.agent.id === state.debateLeaderId) ??
    state.members[0];
  return (
    <ResponseCard
      provider="consensus"
      name={ASK_RESULTS.consensusName}
      info={consensusInfoOf(leader?.agent?.provider ?? null, leader?.model)}
      modelName={leader?.model?.name ?? ASK_RESULTS.consensusName}
      modelVersion={leader?.model?.version}
      state={answerState(consensus, state.status)}
      text={consensus.text}
      reasoning={state.showReasoning ? consensus.reasoning : null}
      usage={consensus.usage}
      error={consensus.error}
      stoppedAtLimit={consensus.stoppedAtLimit}
      limitNote={consensusLimitNote(state)}
      demo={leader?.agent ? isDemo(leader.agent.provider, leader.agent) : false}
    />
  );
}
