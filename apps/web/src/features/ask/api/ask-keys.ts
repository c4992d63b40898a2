// Query and mutation keys for the ask feature: build them here, never inline.
export const askKeys = {
  all: ['ask'] as const,
  ask: () => [...askKeys.all, 'ask'] as const,
  followUp: () => [...askKeys.all, 'follow-up'] as const,
  /** What a follow-up to this question would carry of its conversation (the quote's thread). */
  followUpThread: (questionId: number) => [...askKeys.all, 'follow-up-thread', questionId] as const,
};
