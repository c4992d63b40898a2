import {
  CONSENSUS_PROVIDER,
  CONVERSATION_TEXTS,
  descriptionRepeatsQuestion,
  ROUTE_PATHS,
  SHARED_PAGE,
  type SharedQuestionResponse,
  type SharedTurn,
} from '@council/contracts';
import { ArrowRight, ChevronRight, CircleAlert, Home, Inbox, UserPlus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DocumentTitle } from '@/components/layout/document-title';
import { StatePanel } from '@/components/layout/state-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorDetail } from '@/lib/error-message';
import { useSharedQuestion } from '../api/get-shared-question';
import { QuestionBadges } from './question-badges';
import { SharedConsensus } from './shared-consensus';
import { SharedDebateReplay } from './shared-debate-replay';
import { SharedResponseCard, sharedStoppedText } from './shared-response-card';

/** Spec §2: shareTitle, else the question, else "Shared Question". */
export function sharedTitle(question: SharedQuestionResponse['question'] | undefined): string {
  return question?.shareTitle?.trim() || question?.question.trim() || SHARED_PAGE.fallbackTitle;
}

/**
 * The public, read-only Shared page (spec §2): no sign-in needed. A shared conversation shows its
 * latest turn open, and the earlier ones, oldest first, in disclosures.
 */
export function SharedPage() {
  const { shareId } = useParams();
  const shared = useSharedQuestion(shareId);

  let body;
  if (shared.isError) {
    body = (
      <StatePanel
        headingLevel={1}
        tone="error"
        icon={<CircleAlert aria-hidden="true" className="size-7" />}
        title={SHARED_PAGE.errorTitle}
        text={errorDetail(shared.error)}
        action={
          <Button asChild>
            <Link to={ROUTE_PATHS.ask}>
              <Home aria-hidden="true" />
              {SHARED_PAGE.errorAction}
            </Link>
          </Button>
        }
      />
    );
  } else if (shared.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <DocumentTitle title={SHARED_PAGE.fallbackTitle} />
        <Spinner label={SHARED_PAGE.loading} />
      </div>
    );
  } else {
    body = <SharedQuestionView shared={shared.data} />;
  }

  return (
    <div className="page-container space-y-10 py-10 sm:py-14">
      {body}
      <CallToAction />
    </div>
  );
}

function SharedQuestionView({ shared }: { shared: SharedQuestionResponse }) {
  const { question } = shared;
  const title = sharedTitle(question);
  // A link shares a whole conversation (docs/decisions.md, "25. Follow-ups"); one turn reads as a question.
  const turns = shared.turns.length > 1 ? shared.turns : [shared];
  const latest = turns.at(-1) ?? shared;
  const earlier = turns.slice(0, -1);
  return (
    <>
      <header className="space-y-4">
        <DocumentTitle title={title} />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <h1 className="min-w-0 break-words text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
            {title}
          </h1>
          <Button asChild variant="outline" size="sm">
            <Link to={ROUTE_PATHS.ask}>
              {SHARED_PAGE.visit}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        {question.shareDescription &&
        !descriptionRepeatsQuestion(question.shareDescription, question.question) ? (
          <p className="max-w-3xl break-words text-base leading-relaxed text-muted-foreground sm:text-lg">
            {question.shareDescription}
          </p>
        ) : null}
        {earlier.length === 0 ? (
          <QuestionBadges question={{ ...question, isShared: false }} withOptions />
        ) : null}
      </header>

      <SharedTurnQuestion
        question={latest.question.question}
        label={
          earlier.length === 0 ? SHARED_PAGE.originalQuestion : CONVERSATION_TEXTS.turnLabel(turns.length)
        }
      >
        {earlier.length > 0 ? (
          <QuestionBadges question={{ ...latest.question, isShared: false }} withOptions />
        ) : null}
      </SharedTurnQuestion>
      <SharedTurnAnswers turn={latest} />

      {earlier.length > 0 ? <EarlierTurns turns={earlier} /> : null}
    </>
  );
}

/** A turn's question in its box, under its label ("Original question", or its place in the conversation). */
function SharedTurnQuestion({
  question,
  label,
  children,
}: {
  question: string;
  label: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-border bg-muted/40 p-5"
    >
      <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {label}
      </h2>
      <p className="whitespace-pre-line break-words text-base text-foreground">{question}</p>
      {children}
    </section>
  );
}

/**
 * A turn's answers, conclusion first: the consensus and its agreement map, then each member's final
 * answer, then the debate replay when it debated. Each answer is shown in full once.
 */
function SharedTurnAnswers({ turn }: { turn: SharedTurn }) {
  const headingId = useId();
  const stoppedText = sharedStoppedText(turn.question);
  const members = turn.responses.filter((response) => response.provider !== CONSENSUS_PROVIDER);
  const empty = turn.responses.length === 0;
  return (
    <>
      <SharedConsensus responses={turn.responses} stoppedText={stoppedText} />

      {empty || members.length > 0 ? (
        <section aria-labelledby={headingId} className="space-y-4">
          <h2 id={headingId} className="text-xl font-semibold text-foreground">
            {turn.rounds.length > 0 ? SHARED_PAGE.finalAnswersHeading : SHARED_PAGE.responsesHeading}
          </h2>
          {empty ? (
            <StatePanel
              icon={<Inbox aria-hidden="true" className="size-7" />}
              title={SHARED_PAGE.emptyTitle}
              text={SHARED_PAGE.emptyText}
              className="py-10"
            />
          ) : (
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {members.map((response) => (
                <SharedResponseCard key={response.id} response={response} stoppedText={stoppedText} />
              ))}
            </div>
          )}
        </section>
      ) : null}

      <SharedDebateReplay shared={turn} stoppedText={stoppedText} />
    </>
  );
}

/**
 * The turns before the latest, oldest first, each closed in a disclosure labelled with its place
 * and its question.
 */
function EarlierTurns({ turns }: { turns: readonly SharedTurn[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        {CONVERSATION_TEXTS.earlierTurns(turns.length)}
      </h2>
      {turns.map((turn, index) => (
        <details key={index} className="group rounded-xl border border-border bg-card px-4 py-3">
          <summary className="flex cursor-pointer items-start gap-2 text-sm text-foreground">
            <ChevronRight
              aria-hidden="true"
              className="mt-0.5 size-4 shrink-0 transition-transform group-open:rotate-90"
            />
            <span className="min-w-0">
              <span className="font-semibold">{CONVERSATION_TEXTS.turnLabel(index + 1)}: </span>
              <span className="whitespace-pre-line break-words">{turn.question.question}</span>
            </span>
          </summary>
          <div className="mt-4 space-y-6">
            <QuestionBadges question={{ ...turn.question, isShared: false }} withOptions />
            <SharedTurnAnswers turn={turn} />
          </div>
        </details>
      ))}
    </section>
  );
}

function CallToAction() {
  return (
    <aside
      aria-labelledby="shared-cta-heading"
      className="flex flex-col items-center gap-4 rounded-2xl bg-secondary px-6 py-10 text-center"
    >
      <h2 id="shared-cta-heading" className="text-2xl font-bold tracking-tight text-foreground">
        {SHARED_PAGE.ctaTitle}
      </h2>
      <p className="max-w-xl text-muted-foreground">{SHARED_PAGE.ctaText}</p>
      <Button asChild size="lg">
        <Link to={ROUTE_PATHS.register}>
          <UserPlus aria-hidden="true" />
          {SHARED_PAGE.ctaAction}
        </Link>
      </Button>
    </aside>
  );
}
