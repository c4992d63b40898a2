// Query and mutation keys for history and question detail: build them here, never inline.
export const historyKeys = {
  all: ['history'] as const,
  lists: () => [...historyKeys.all, 'list'] as const,
  /** One search's pages ("" for the whole history). */
  list: (search: string) => [...historyKeys.lists(), search] as const,
  details: () => [...historyKeys.all, 'detail'] as const,
  detail: (questionId: number) => [...historyKeys.details(), questionId] as const,
  delete: () => [...historyKeys.all, 'delete'] as const,
};
