// Sharing and copy-link toasts of spec §8 ("Sharing and deleting"), copied exactly.

import { type MessageToast, type ToastText } from './messages.types';

export const SHARE_TOASTS = {
  /** Description: the error's message. */
  failed: { title: 'Error sharing question', variant: 'destructive' },
  shared: {
    title: 'Question shared successfully',
    description: 'Anyone with the link can now view this question and answers.',
    variant: 'default',
  },
  linkCopied: { title: 'Link copied', variant: 'default' },
  copyFailed: {
    title: 'Failed to copy',
    description: 'Please copy the link manually',
    variant: 'destructive',
  },
} as const satisfies {
  failed: MessageToast;
  shared: ToastText;
  linkCopied: ToastText;
  copyFailed: ToastText;
};

/** Revoking a share link (DECISIONS 8). Ours, in the style of the toasts above. */
export const REVOKE_SHARE_TOASTS = {
  revoked: {
    title: 'Share link revoked',
    description: 'The old link no longer works.',
    variant: 'default',
  },
  /** Description: the error's message. */
  failed: {
    title: 'Error revoking link',
    fallbackDescription: 'An unexpected error occurred',
    variant: 'destructive',
  },
} as const satisfies { revoked: ToastText; failed: MessageToast };
