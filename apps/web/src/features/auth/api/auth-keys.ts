// Query keys for the auth feature: build them here, never inline.
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};
