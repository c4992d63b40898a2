// Query and mutation keys for sharing: build them here, never inline.
export const shareKeys = {
  all: ['share'] as const,
  /** The public read of a shared question. */
  shared: (shareId: string) => [...shareKeys.all, 'shared', shareId] as const,
  share: () => [...shareKeys.all, 'share'] as const,
  revoke: () => [...shareKeys.all, 'revoke'] as const,
};
