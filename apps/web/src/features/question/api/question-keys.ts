// Query and mutation keys for one question: build them here, never inline.
export const questionKeys = {
  all: ['question'] as const,
  details: () => [...questionKeys.all, 'detail'] as const,
  /** The stored question with its answers (GET /api/questions/{id}). */
  detail: (questionId: number) => [...questionKeys.details(), questionId] as const,
  /**
   * One question's live state: answers folded from socket events (state/stream.reducer.ts). Not under
   * `details()`, so refreshing the details never refetches a stream.
   */
  stream: (questionId: number) => [...questionKeys.all, 'stream', questionId] as const,
  /** The public read of a shared question. */
  shared: (shareId: string) => [...questionKeys.all, 'shared', shareId] as const,
  cancel: () => [...questionKeys.all, 'cancel'] as const,
  retry: () => [...questionKeys.all, 'retry'] as const,
  /** The asker's note, or Continue, during a weigh-in pause. */
  resume: () => [...questionKeys.all, 'resume'] as const,
  share: () => [...questionKeys.all, 'share'] as const,
  revoke: () => [...questionKeys.all, 'revoke'] as const,
  delete: () => [...questionKeys.all, 'delete'] as const,
};
