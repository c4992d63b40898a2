// Keeps the cached history pages and question details in step with a share, a revoke or a delete,
// with setQueryData rather than a refetch of every page.
import {
  type HistoryConversation,
  type HistoryPage,
  type QuestionDetail,
  type QuestionResponse,
} from '@council/contracts';
import { type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { historyKeys } from '@/lib/history-keys';
import { questionKeys } from '../api/question-keys';

type HistoryPages = InfiniteData<HistoryPage, string | null>;

function mapItems(
  data: HistoryPages | undefined,
  change: (items: HistoryConversation[]) => HistoryConversation[],
): HistoryPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: change(page.items) })),
  };
}

/** Applies `patch` to the question wherever it is cached (its detail and every history page). */
export function patchCachedQuestion(
  queryClient: QueryClient,
  questionId: number,
  patch: Partial<QuestionResponse>,
): void {
  queryClient.setQueryData<QuestionDetail>(questionKeys.detail(questionId), (detail) =>
    detail ? { ...detail, question: { ...detail.question, ...patch } } : detail,
  );
  queryClient.setQueriesData<HistoryPages>({ queryKey: historyKeys.lists() }, (data) =>
    mapItems(data, (items) => items.map((item) => (item.id === questionId ? { ...item, ...patch } : item))),
  );
}

/** Forgets a deleted question: its history entries, its detail and its live answers. */
export function removeCachedQuestion(queryClient: QueryClient, questionId: number): void {
  queryClient.setQueriesData<HistoryPages>({ queryKey: historyKeys.lists() }, (data) =>
    mapItems(data, (items) => items.filter((item) => item.id !== questionId)),
  );
  queryClient.removeQueries({
    queryKey: questionKeys.detail(questionId),
    exact: true,
  });
  queryClient.removeQueries({
    queryKey: questionKeys.stream(questionId),
    exact: true,
  });
}
