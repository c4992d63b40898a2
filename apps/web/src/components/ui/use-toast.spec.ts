import { TOAST_REMOVE_DELAY_MS } from '@council/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, useToastStore } from './use-toast';

const toasts = () => useToastStore.getState().toasts;

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps only the newest toast (TOAST_LIMIT 1)', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });

    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast, then removes it after the removal delay', () => {
    const { id } = toast({ title: 'Saved' });

    dismissToast(id);
    expect(toasts()[0]).toMatchObject({ id, open: false });

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(toasts()).toEqual([]);
  });

  it('updates a toast in place', () => {
    const handle = toast({ title: 'Processing' });
    handle.update({ description: 'Creating your subscription...' });
    expect(toasts()[0]).toMatchObject({ title: 'Processing', description: 'Creating your subscription...' });
  });
});
