import { QUOTE_TEXTS, type QuoteSummary } from '@council/contracts';
import { Calculator, Info } from 'lucide-react';
import { Fragment } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

interface QuestionQuoteProps {
  summary: QuoteSummary;
  /** "Stops at N tokens" when the asker's cap ends the question before the quote's high end. */
  capLine?: string | null;
  /** Ties the line to the question box it describes. */
  id?: string;
}

/**
 * The price before you ask, under the question box: the tokens the question should use with this
 * council, what that leaves of the balance and what it is worth on the plan, in one calm line; how
 * it is worked out opens on a tap, a click or the keyboard. Not a live region: it changes with
 * every keystroke, and screen readers reach it from the question box (aria-describedby).
 */
export function QuestionQuote({ summary, capLine = null, id }: QuestionQuoteProps) {
  const parts = [summary.tokens, capLine, summary.left, summary.worth].filter(
    (part): part is string => part !== null,
  );
  return (
    <div className="space-y-1" data-testid="question-quote">
      <p className="text-xs leading-relaxed text-muted-foreground">
        <Calculator aria-hidden="true" className="mr-1.5 inline size-3.5 align-[-2px]" />
        <span id={id}>
          <span className="font-medium text-foreground">{QUOTE_TEXTS.label}: </span>
          {parts.map((part, index) => (
            <Fragment key={part}>
              {index > 0 ? <span aria-hidden="true"> · </span> : null}
              {/* Screen readers hear commas where the eye sees dots. */}
              {index > 0 ? <span className="sr-only">, </span> : null}
              <span className="whitespace-nowrap">{part}</span>
            </Fragment>
          ))}
        </span>
        <Popover>
          <PopoverTrigger
            type="button"
            aria-label={QUOTE_TEXTS.detailsButton}
            className="-my-1 ml-1 inline-flex size-6 items-center justify-center rounded-full align-middle text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Info aria-hidden="true" className="size-3.5" />
          </PopoverTrigger>
          <PopoverContent
            side="bottom"
            align="start"
            collisionPadding={8}
            className="max-w-[min(24rem,calc(100vw-1rem))] p-3"
            aria-label={QUOTE_TEXTS.detailsTitle}
          >
            <p className="mb-1.5 font-semibold">{QUOTE_TEXTS.detailsTitle}</p>
            <ul className="space-y-1">
              {summary.details.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </PopoverContent>
        </Popover>
      </p>
      {summary.warning ? (
        <p className="text-xs text-amber-800" role="note">
          {summary.warning}
        </p>
      ) : null}
    </div>
  );
}
