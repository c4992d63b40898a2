import { QUESTION_BADGES, type QuestionResponse } from '@council/contracts';
import { Brain, Link2, MessagesSquare, Square, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

type BadgeSource = Pick<QuestionResponse, 'showDebate' | 'showReasoning' | 'isShared'> &
  Partial<Pick<QuestionResponse, 'status'>>;

/** The mode badges (Debate mode or Individual responses, Reasoning), Stopped and Shared (spec §2). */
export function QuestionBadges({ question }: { question: BadgeSource }) {
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
