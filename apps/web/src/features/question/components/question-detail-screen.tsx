import {
  ASK_API_PATHS,
  PAGE_TITLES,
  QUESTION_EXPORT_TEXTS,
  QUESTION_DETAIL_SCREEN,
  type HistoryItem,
  type QuestionDetail,
  ROUTE_PATHS,
  isQuestionFinal,
  TOKEN_CAP_TEXTS,
  questionExportFileName,
} from '@council/contracts';
import { ArrowLeft, CircleAlert, Download, Gauge, SearchX } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DocumentTitle } from '@/components/layout/document-title';
import { StatePanel } from '@/components/layout/state-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorDetail } from '@/lib/error-message';
import { getCouncilSocket } from '@/lib/socket';
import { useQuestion } from '../api/get-question';
import { useQuestionStream } from '../hooks/use-question-stream';
import { type QuestionSeed } from '../state/question-state';
import { ConversationTurns } from './conversation-turns';
import { QuestionBadges } from './question-badges';
import { RelativeTime } from './relative-time';
import { QuestionResults } from './results-area';
import { ResultsSkeleton } from './results-skeleton';
import { ShareButton } from './share-button';

/** A positive integer id, or null: anything else cannot be a question of ours. */
export function parseQuestionId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** Missing, not ours, or not an id at all: the screen says "Question not found" (spec §2). */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
      <Link to={ROUTE_PATHS.history}>
        <ArrowLeft aria-hidden="true" />
        {QUESTION_DETAIL_SCREEN.backLink}
      </Link>
    </Button>
  );
}

/** What the screen hands the follow-up box (composed by the route: it belongs to the ask feature). */
export interface FollowUpSlotProps {
  question: HistoryItem;
}

interface QuestionDetailScreenProps {
  /** Under the latest turn of a conversation once it has finished (docs/decisions.md, "25. Follow-ups"). */
  renderFollowUp?: (props: FollowUpSlotProps) => ReactNode;
}

/** The Question detail screen (spec §2): one past question with its answers, live while it runs. */
export function QuestionDetailScreen({ renderFollowUp }: QuestionDetailScreenProps = {}) {
  const questionId = parseQuestionId(useParams().id);
  const detail = useQuestion(questionId);

  let body;
  if (questionId === null || (detail.isError && isNotFound(detail.error))) {
    body = (
      <StatePanel
        headingLevel={1}
        icon={<SearchX aria-hidden="true" className="size-7" />}
        title={QUESTION_DETAIL_SCREEN.notFoundTitle}
        text={QUESTION_DETAIL_SCREEN.notFoundText}
      />
    );
  } else if (detail.isError) {
    body = (
      <StatePanel
        headingLevel={1}
        tone="error"
        icon={<CircleAlert aria-hidden="true" className="size-7" />}
        title={QUESTION_DETAIL_SCREEN.errorTitle}
        text={errorDetail(detail.error)}
      />
    );
  } else if (detail.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <DocumentTitle title={PAGE_TITLES.question} />
        <Spinner label={QUESTION_DETAIL_SCREEN.loading} />
      </div>
    );
  } else {
    body = <QuestionDetailView detail={detail.data} renderFollowUp={renderFollowUp} />;
  }

  return (
    <div className="page-container space-y-6 py-8 sm:py-12">
      <BackLink />
      {body}
    </div>
  );
}

function QuestionDetailView({
  detail,
  renderFollowUp,
}: {
  detail: QuestionDetail;
  renderFollowUp?: (props: FollowUpSlotProps) => ReactNode;
}) {
  const { question } = detail;
  // The stored answers and notes seed the live state; a question still running then replays its stream.
  const asked = useMemo<QuestionSeed>(
    () => ({ question, agents: question.questionAgents, responses: detail.answers, notes: detail.notes }),
    [question, detail.answers, detail.notes],
  );
  const { data: state } = useQuestionStream(question.id, getCouncilSocket, asked);
  const totalTokens = Math.max(state?.totalTokensUsed ?? 0, question.totalTokensUsed);
  const latest = detail.conversation.at(-1)?.id === question.id;
  const finished = isQuestionFinal(state?.status ?? question.status);

  return (
    <>
      <header className="space-y-4">
        <DocumentTitle title={PAGE_TITLES.question} />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <RelativeTime iso={question.createdAt} className="text-sm font-medium text-muted-foreground" />
          <QuestionBadges question={question} />
        </div>
        <ConversationTurns
          turns={detail.conversation}
          currentId={question.id}
          omittedTurns={question.threadOmittedTurns}
        />
        <h1 className="break-words text-2xl font-bold leading-tight tracking-tight text-foreground sm:text-3xl">
          {question.question}
        </h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <ShareButton question={question} />
          <Button asChild variant="outline" size="sm">
            {/* A plain link: the browser downloads the file with the session cookie. */}
            <a href={ASK_API_PATHS.export(question.id)} download={questionExportFileName(question.id)}>
              <Download aria-hidden="true" />
              {QUESTION_EXPORT_TEXTS.download}
            </a>
          </Button>
          {totalTokens > 0 ? (
            <p className="text-sm text-muted-foreground">
              {QUESTION_DETAIL_SCREEN.totalTokens}:{' '}
              <span className="font-semibold tabular-nums text-foreground">
                {totalTokens.toLocaleString('en-GB')}
              </span>
            </p>
          ) : null}
          {question.tokenCap !== null ? (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Gauge aria-hidden="true" className="size-4" />
              {TOKEN_CAP_TEXTS.capLine(question.tokenCap)}
            </p>
          ) : null}
        </div>
      </header>
      {state ? (
        <QuestionResults state={state} tier={null} onRefresh={() => window.location.reload()} />
      ) : (
        <ResultsSkeleton count={question.questionAgents.length || 3} />
      )}
      {renderFollowUp && latest && finished ? renderFollowUp({ question }) : null}
    </>
  );
}
