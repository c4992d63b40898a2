import { afterEach, describe, expect, it } from 'vitest';
import { ASK_VIEW_STORAGE_KEY, useAskViewStore } from './ask-view-store';

describe('ask view store', () => {
  afterEach(() => {
    useAskViewStore.getState().reset();
    sessionStorage.clear();
  });

  it('keeps the shown question in sessionStorage, so a reload of the tab shows it again', async () => {
    useAskViewStore.getState().show(42, 'ada');
    expect(JSON.parse(sessionStorage.getItem(ASK_VIEW_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { current: { questionId: 42, username: 'ada' } },
    });

    useAskViewStore.setState({ current: null });
    sessionStorage.setItem(
      ASK_VIEW_STORAGE_KEY,
      JSON.stringify({ state: { current: { questionId: 7, username: 'bob' } }, version: 0 }),
    );
    await useAskViewStore.persist.rehydrate();
    expect(useAskViewStore.getState().current).toEqual({ questionId: 7, username: 'bob' });
  });

  it('forgets the shown question only when it is the one deleted', () => {
    useAskViewStore.getState().show(7, 'ada');
    useAskViewStore.getState().forget(42);
    expect(useAskViewStore.getState().current).toEqual({ questionId: 7, username: 'ada' });
    useAskViewStore.getState().forget(7);
    expect(useAskViewStore.getState().current).toBeNull();
  });
});
