// Query and mutation keys for the ask feature: build them here, never inline.
export const askKeys = {
  all: ['ask'] as const,
  ask: () => [...askKeys.all, 'ask'] as const,
};
