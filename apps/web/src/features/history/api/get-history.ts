import {
  HISTORY_API_PATHS,
  HISTORY_PAGE_SIZE_DEFAULT,
  type HistoryConversation,
  type HistoryItem,
  type HistoryPage,
} from '@council/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { historyKeys } from '@/lib/history-keys';

export interface HistoryPageParams {
  search: string;
  cursor: string | null;
  limit?: number;
}

export function historyPath({
  search,
  cursor,
  limit = HISTORY_PAGE_SIZE_DEFAULT,
}: HistoryPageParams): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return `${HISTORY_API_PATHS.questions}?${params.toString()}`;
}

/** An item as a server may send it: spec §7's shape has no conversation fields. */
type HistoryItemReply = HistoryItem &
  Partial<Pick<HistoryConversation, 'followUps' | 'lastTurnAt' | 'lastTurnStatus'>>;

/** An item without the conversation fields reads as a conversation of one turn: the question itself. */
function asConversation(item: HistoryItemReply): HistoryConversation {
  return {
    ...item,
    followUps: item.followUps ?? 0,
    lastTurnAt: item.lastTurnAt ?? item.createdAt,
    lastTurnStatus: item.lastTurnStatus ?? item.status,
  };
}

/**
 * GET /api/questions?search=&cursor=&limit=: one conversation per item (docs/decisions.md, "25.
 * Follow-ups"). A bare list (spec §7's shape) reads as a single page.
 */
export async function getHistoryPage(params: HistoryPageParams, signal?: AbortSignal): Promise<HistoryPage> {
  const reply = await api.get<
    { items?: HistoryItemReply[]; nextCursor?: string | null } | HistoryItemReply[]
  >(historyPath(params), { signal });
  if (Array.isArray(reply)) return { items: reply.map(asConversation), nextCursor: null };
  return { items: (reply.items ?? []).map(asConversation), nextCursor: reply.nextCursor ?? null };
}

export const getHistoryQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(search),
    queryFn: ({ pageParam, signal }) => getHistoryPage({ search, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The user's conversations, page by page; a new search keeps the old list on screen until it answers. */
export function useHistory(search: string) {
  return useInfiniteQuery({ ...getHistoryQueryOptions(search), placeholderData: keepPreviousData });
}
