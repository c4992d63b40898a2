import { DEFAULT_COUNCIL_TEXTS, HELP_CENTER_TEXTS, SUPPORT_SECTION_IDS } from '@council/contracts';
import { Search } from 'lucide-react';
import { type Ref, useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { AnchorLink } from '@/components/layout/anchor-link';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { useAvailableModels, useCatalogue } from '@/lib/catalogue';
import { describeDefaultCouncil } from '@/lib/default-council';
import { FAQ_CATEGORIES, type FaqBlock, type FaqItem, faqItems } from '../content/faq';
import { filterFaq } from '../utils/filter-faq';

function AnswerBlock({ block }: { block: FaqBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul className="list-disc space-y-1 pl-5">
      {block.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function FaqAnswer({ item }: { item: FaqItem }) {
  return (
    <div className="space-y-3">
      {item.answer.map((block, index) => (
        <AnswerBlock key={index} block={block} />
      ))}
      {item.link ? (
        <p>
          <Link
            to={item.link.path}
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {item.link.label}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

interface HelpCenterProps {
  query: string;
  onQueryChange: (query: string) => void;
  searchRef?: Ref<HTMLInputElement>;
}

/** The help centre: a search box that narrows the FAQ accordion as you type. */
export function HelpCenter({ query, onQueryChange, searchRef }: HelpCenterProps) {
  const searchId = useId();
  const available = useAvailableModels();
  const { catalogue } = useCatalogue();
  const councilLine = useMemo(() => {
    const seats = catalogue ? describeDefaultCouncil(catalogue) : [];
    if (seats.length === 0) return null;
    const names = seats.map((seat) => DEFAULT_COUNCIL_TEXTS.seat(seat.agent, seat.model, seat.role));
    return DEFAULT_COUNCIL_TEXTS.faqLine(
      names.join(', '),
      seats.every((seat) => seat.demo),
    );
  }, [catalogue]);
  const allItems = useMemo(() => faqItems(available, councilLine), [available, councilLine]);
  const items = useMemo(() => filterFaq(allItems, query), [allItems, query]);
  const searching = query.trim() !== '';

  return (
    <section
      id={SUPPORT_SECTION_IDS.helpCenter}
      aria-labelledby="help-center-heading"
      className="rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-8"
    >
      <div className="max-w-2xl">
        <h2 id="help-center-heading" className="text-2xl font-bold tracking-tight text-foreground">
          Help Center
        </h2>
        <p className="mt-2 text-muted-foreground">
          Answers to the questions we hear most often, about plans, tokens, debates and your account.
        </p>
      </div>

      <div className="mt-6 grid max-w-2xl gap-2">
        <label htmlFor={searchId} className="text-sm font-medium text-foreground">
          {HELP_CENTER_TEXTS.searchLabel}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={searchRef}
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder={HELP_CENTER_TEXTS.searchPlaceholder}
            autoComplete="off"
            className="h-11 pl-9"
          />
        </div>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {searching
            ? `${items.length} of ${allItems.length} questions match “${query.trim()}”`
            : `${allItems.length} questions`}
        </p>
      </div>

      {items.length > 0 ? (
        <Accordion type="single" collapsible className="mt-4">
          {items.map((item) => (
            <AccordionItem key={item.id} value={item.id}>
              <AccordionTrigger>
                <span className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
                  <span>{item.question}</span>
                  <Badge variant="muted" className="font-normal">
                    {FAQ_CATEGORIES[item.category]}
                  </Badge>
                </span>
              </AccordionTrigger>
              <AccordionContent>
                <FaqAnswer item={item} />
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      ) : (
        <div className="mt-6 rounded-xl border border-dashed border-border p-6 text-sm text-muted-foreground">
          <p>{HELP_CENTER_TEXTS.noResults}</p>
          <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
            <button
              type="button"
              onClick={() => onQueryChange('')}
              className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Show all questions
            </button>
            <AnchorLink
              targetId={SUPPORT_SECTION_IDS.contact}
              className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Contact us
            </AnchorLink>
          </div>
        </div>
      )}
    </section>
  );
}
