// Query and mutation keys for the ask feature: build them here, never inline.
export const askKeys = {
  all: ['ask'] as const,
  /** One question's live state: answers folded from socket events (utils/question-stream.ts). */
  stream: (questionId: number) => [...askKeys.all, 'stream', questionId] as const,
  ask: () => [...askKeys.all, 'ask'] as const,
  cancel: () => [...askKeys.all, 'cancel'] as const,
  retry: () => [...askKeys.all, 'retry'] as const,
};
