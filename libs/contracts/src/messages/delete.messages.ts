// Delete-question toasts of spec §8 ("Sharing and deleting"), copied exactly.

import { type MessageToast, type ToastText } from './messages.types';

export const DELETE_QUESTION_TOASTS = {
  failed: {
    title: 'Error deleting question',
    fallbackDescription: 'An unexpected error occurred',
    variant: 'destructive',
  },
  deleted: {
    title: 'Question deleted',
    description: 'The question has been successfully removed from your history.',
    variant: 'default',
  },
} as const satisfies { failed: MessageToast; deleted: ToastText };
