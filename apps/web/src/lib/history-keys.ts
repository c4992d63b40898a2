// Keys of the history pages. History reads them; Ask and the question feature refresh or patch them
// when a question is asked, ends, is shared or is deleted, so the factory is shared.
export const historyKeys = {
  all: ['history'] as const,
  lists: () => [...historyKeys.all, 'list'] as const,
  /** One search's pages ("" for the whole history). */
  list: (search: string) => [...historyKeys.lists(), search] as const,
};
