import {
  HISTORY_SCREEN,
  HISTORY_SEARCH_DEBOUNCE_MS,
  type HistoryConversation,
  PAGE_TITLES,
  ROUTE_PATHS,
} from '@council/contracts';
import { CircleAlert, Home, Inbox, MessageSquarePlus, Search } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { StatePanel } from '@/components/layout/state-panel';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth';
import { errorDetail } from '@/lib/error-message';
import { useHistory } from '../api/get-history';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/**
 * The History screen (spec §2): the user's conversations, one item each (its first question, with
 * its follow-ups counted; docs/decisions.md, "25. Follow-ups"), latest turn first, searchable over
 * every turn, a page at a time. The route supplies each item's card, which belongs to the question
 * feature.
 */
export function HistoryScreen({ renderItem }: { renderItem: (item: HistoryConversation) => ReactNode }) {
  const { data: user } = useUser();
  const searchId = useId();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), HISTORY_SEARCH_DEBOUNCE_MS);
  const history = useHistory(search);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label={HISTORY_SCREEN.loading} />
      </div>
    );
  } else if (history.isError && items.length === 0) {
    body = (
      <StatePanel
        icon={<CircleAlert aria-hidden="true" className="size-7" />}
        tone="error"
        title={HISTORY_SCREEN.errorTitle}
        text={errorDetail(history.error)}
        action={
          <Button asChild>
            <Link to={ROUTE_PATHS.ask}>
              <Home aria-hidden="true" />
              {HISTORY_SCREEN.errorAction}
            </Link>
          </Button>
        }
      />
    );
  } else if (items.length === 0 && search) {
    body = (
      <StatePanel
        icon={<Search aria-hidden="true" className="size-7" />}
        title={HISTORY_SCREEN.noMatchesTitle}
        text={HISTORY_SCREEN.noMatchesText(search)}
      />
    );
  } else if (items.length === 0) {
    body = (
      <StatePanel
        icon={<Inbox aria-hidden="true" className="size-7" />}
        title={HISTORY_SCREEN.emptyTitle}
        text={HISTORY_SCREEN.emptyText}
        action={
          <Button asChild>
            <Link to={ROUTE_PATHS.ask}>
              <MessageSquarePlus aria-hidden="true" />
              {HISTORY_SCREEN.emptyAction}
            </Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <ol className="grid gap-4" aria-label={PAGE_TITLES.history} aria-busy={history.isFetching}>
          {items.map((item) => (
            <li key={item.id} className="min-w-0">
              {renderItem(item)}
            </li>
          ))}
        </ol>
        {history.hasNextPage ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
            >
              {history.isFetchingNextPage ? HISTORY_SCREEN.loadingMore : HISTORY_SCREEN.loadMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="page-container space-y-6 py-10 sm:py-14">
      <PageHeader
        title={PAGE_TITLES.history}
        description={
          <>
            {HISTORY_SCREEN.description}
            {user?.subscriptionTier === 'free' ? (
              <span className="mt-1 block text-sm">{HISTORY_SCREEN.retentionNote}</span>
            ) : null}
          </>
        }
      />
      <div role="search" className="relative max-w-xl">
        <label htmlFor={searchId} className="sr-only">
          {HISTORY_SCREEN.searchLabel}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          placeholder={HISTORY_SCREEN.searchPlaceholder}
          className="pl-9"
        />
      </div>
      {body}
    </div>
  );
}
