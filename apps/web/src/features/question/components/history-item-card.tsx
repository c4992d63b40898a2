import {
  CONVERSATION_TEXTS,
  HISTORY_SCREEN,
  type HistoryConversation,
  questionPath,
} from '@council/contracts';
import { ArrowRight, MessageSquareReply, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DeleteQuestionDialog } from './delete-question-dialog';
import { QuestionBadges } from './question-badges';
import { QuestionMembers } from './question-members';
import { RelativeTime } from './relative-time';
import { ShareButton } from './share-button';

/**
 * One past conversation (spec §2; docs/decisions.md, "25. Follow-ups"): when its latest turn was
 * asked, its first question, the badges (Stopped as its latest turn; "N follow-ups"), the council,
 * Share and "View full conversation". Deleting it deletes every turn.
 * The delete icon shows on hover and keyboard focus, and always where there is no hover (touch).
 */
export function HistoryItemCard({
  item,
  onDeleted,
}: {
  item: HistoryConversation;
  onDeleted?: (questionId: number) => void;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <article
      aria-labelledby={headingId}
      className="group relative flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-xs transition-shadow hover:shadow-sm focus-within:shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
          <RelativeTime iso={item.lastTurnAt} className="text-xs font-medium text-muted-foreground" />
          <QuestionBadges question={{ ...item, status: item.lastTurnStatus }} />
          {item.followUps > 0 ? (
            <Badge variant="outline">
              <MessageSquareReply aria-hidden="true" />
              {CONVERSATION_TEXTS.followUps(item.followUps)}
            </Badge>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={HISTORY_SCREEN.deleteLabel}
          onClick={() => setConfirming(true)}
          className="-mr-2 -mt-2 size-9 shrink-0 text-muted-foreground opacity-0 transition-opacity hover:bg-destructive/10 hover:text-destructive focus-visible:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 max-sm:opacity-100 [@media(hover:none)]:opacity-100 data-[open=true]:opacity-100"
          data-open={confirming}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <h2 id={headingId} className="break-words text-base font-semibold leading-snug text-foreground">
        {item.question}
      </h2>
      <QuestionMembers members={item.questionAgents} />
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
        <ShareButton question={item} />
        <Button asChild variant="link" size="sm" className="px-0">
          <Link to={questionPath(item.id)}>
            {HISTORY_SCREEN.viewConversation}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <DeleteQuestionDialog
        questionId={item.id}
        question={item.question}
        open={confirming}
        onOpenChange={setConfirming}
        onDeleted={onDeleted}
      />
    </article>
  );
}
