// Toast state (spec §4): added, updated, dismissed, then removed after a delay; one visible at a time.
// A zustand store rather than React context, so mutations and other non-component code can call toast().
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@council/contracts';
import { type ReactNode } from 'react';
import { create } from 'zustand';
import { type ToastActionElement, type ToastVariant } from './toast';

export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
  variant?: ToastVariant;
  /** Overrides the provider's TOAST_DURATION_MS for this toast. */
  duration?: number;
  open: boolean;
}

export type ToastInput = Omit<ToastItem, 'id' | 'open'>;

interface ToastState {
  toasts: ToastItem[];
}

export const useToastStore = create<ToastState>(() => ({ toasts: [] }));

let lastId = 0;
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(change: (toasts: ToastItem[]) => ToastItem[]): void {
  useToastStore.setState((state) => ({ toasts: change(state.toasts) }));
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts((toasts) => toasts.filter((toast) => toast.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all of them; each is removed from the store TOAST_REMOVE_DELAY_MS later. */
export function dismissToast(id?: string): void {
  const ids = id === undefined ? useToastStore.getState().toasts.map((toast) => toast.id) : [id];
  ids.forEach(scheduleRemoval);
  setToasts((toasts) => toasts.map((toast) => (ids.includes(toast.id) ? { ...toast, open: false } : toast)));
}

export function updateToast(id: string, changes: Partial<ToastInput>): void {
  setToasts((toasts) => toasts.map((toast) => (toast.id === id ? { ...toast, ...changes } : toast)));
}

/** Shows a toast. The newest comes first and only TOAST_LIMIT are kept. */
export function toast(input: ToastInput): {
  id: string;
  dismiss: () => void;
  update: (changes: Partial<ToastInput>) => void;
} {
  lastId += 1;
  const id = String(lastId);
  setToasts((toasts) => [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id), update: (changes) => updateToast(id, changes) };
}

export function useToast() {
  const toasts = useToastStore((state) => state.toasts);
  return { toasts, toast, dismiss: dismissToast };
}
