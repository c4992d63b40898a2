import { CONVERSATION_TEXTS, type ConversationTurn, questionPath } from '@council/contracts';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router-dom';

interface ConversationTurnsProps {
  turns: readonly ConversationTurn[];
  /** The turn on screen. */
  currentId: number;
  /** How many of the oldest turns this turn's members could not read. */
  omittedTurns: number;
}

/**
 * Where a turn sits in its conversation (docs/decisions.md, "25. Follow-ups"): every question of
 * the conversation in order, each a link, the one on screen marked; and, when its members could
 * not read the oldest turns, a note saying which.
 */
export function ConversationTurns({ turns, currentId, omittedTurns }: ConversationTurnsProps) {
  if (turns.length < 2 && omittedTurns === 0) return null;
  return (
    <div className="space-y-3">
      {turns.length > 1 ? (
        <details
          className="group rounded-xl border border-border bg-muted/30 p-3 text-sm"
          open={turns.length <= 4}
        >
          <summary className="flex cursor-pointer items-center gap-2 font-medium text-foreground">
            <MessagesSquare aria-hidden="true" className="size-4 text-muted-foreground" />
            {CONVERSATION_TEXTS.conversation(turns.length)}
          </summary>
          <ol className="mt-3 space-y-1.5">
            {turns.map((turn, index) => (
              <li key={turn.id} className="flex gap-2">
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {CONVERSATION_TEXTS.turnLabel(index + 1)}
                </span>
                {turn.id === currentId ? (
                  <span aria-current="page" className="min-w-0 break-words font-semibold text-foreground">
                    {turn.question}
                  </span>
                ) : (
                  <Link
                    to={questionPath(turn.id)}
                    className="min-w-0 break-words text-primary underline-offset-4 hover:underline"
                  >
                    {turn.question}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {omittedTurns > 0 ? (
        <p
          role="note"
          className="rounded-lg border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/30 dark:text-amber-200"
        >
          {CONVERSATION_TEXTS.omittedTurns(omittedTurns)}
        </p>
      ) : null}
    </div>
  );
}
