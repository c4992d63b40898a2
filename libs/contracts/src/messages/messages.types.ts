// The shape every user-facing notice takes. Toasts are destructive unless the spec says otherwise (§8).

export type ToastVariant = 'default' | 'destructive';

export interface ToastText {
  readonly title: string;
  readonly description?: string;
  readonly variant: ToastVariant;
}

/** A toast whose description is an error's message, or the fallback when the error has none. */
export interface MessageToast {
  readonly title: string;
  readonly fallbackDescription?: string;
  readonly variant: ToastVariant;
}

export function toastWithMessage(toast: MessageToast, message?: string | null): ToastText {
  const description = message?.trim() ? message : toast.fallbackDescription;
  return description === undefined
    ? { title: toast.title, variant: toast.variant }
    : { title: toast.title, description, variant: toast.variant };
}
