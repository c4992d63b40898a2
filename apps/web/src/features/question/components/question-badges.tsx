import { QUESTION_BADGES, type QuestionResponse, TOKEN_CAP_TEXTS } from '@council/contracts';
import { Brain, Gauge, Hand, Link2, MessagesSquare, Square, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

type BadgeSource = Pick<QuestionResponse, 'showDebate' | 'showReasoning' | 'isShared'> &
  Partial<Pick<QuestionResponse, 'status' | 'weighIn' | 'tokenCap'>>;

/**
 * The mode badges (Debate mode or Individual responses, Reasoning; weigh-in and the cap when the
 * source names them), Stopped and Shared (spec §2).
 */
export function QuestionBadges({
  question,
  withOptions = false,
}: {
  question: BadgeSource;
  /** Also weigh-in and the cap: where no other line on the page names them. */
  withOptions?: boolean;
}) {
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={QUESTION_BADGES.listLabel}>
      <li>
        {question.showDebate ? (
          <Badge variant="secondary">
            <MessagesSquare aria-hidden="true" />
            {QUESTION_BADGES.debate}
          </Badge>
        ) : (
          <Badge variant="muted">
            <Users aria-hidden="true" />
            {QUESTION_BADGES.individual}
          </Badge>
        )}
      </li>
      {question.showReasoning ? (
        <li>
          <Badge variant="secondary">
            <Brain aria-hidden="true" />
            {QUESTION_BADGES.reasoning}
          </Badge>
        </li>
      ) : null}
      {withOptions && question.weighIn ? (
        <li>
          <Badge variant="secondary">
            <Hand aria-hidden="true" />
            {QUESTION_BADGES.weighIn}
          </Badge>
        </li>
      ) : null}
      {withOptions && question.tokenCap != null ? (
        <li>
          <Badge variant="secondary">
            <Gauge aria-hidden="true" />
            {TOKEN_CAP_TEXTS.capLine(question.tokenCap)}
          </Badge>
        </li>
      ) : null}
      {question.status === 'cancelled' ? (
        <li>
          <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-800">
            <Square aria-hidden="true" className="fill-current" />
            {QUESTION_BADGES.stopped}
          </Badge>
        </li>
      ) : null}
      {question.isShared ? (
        <li>
          <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-800">
            <Link2 aria-hidden="true" />
            {QUESTION_BADGES.shared}
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
