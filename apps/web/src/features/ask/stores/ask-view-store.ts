// Which question the Ask screen shows: client state, kept while the user visits other screens, so
// coming back to / shows the answers (still streaming, if they are) rather than an empty results area.
// It is kept in sessionStorage too, with the POST answer (the members), so a reload of the tab shows
// the same question again and resumes it from the stream's first entry.
import { type AskQuestionResult } from '@council/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface AskViewState {
  /** The question last asked, with the user who asked it: another sign-in in this tab starts afresh. */
  current: { questionId: number; username: string; asked?: AskQuestionResult } | null;
  show: (questionId: number, username: string, asked?: AskQuestionResult) => void;
  /** Forgets the shown question if it is this one (it was deleted). */
  forget: (questionId: number) => void;
  reset: () => void;
}

export const ASK_VIEW_STORAGE_KEY = 'council.ask-view';

export const useAskViewStore = create<AskViewState>()(
  persist(
    (set) => ({
      current: null,
      show: (questionId, username, asked) =>
        set({ current: asked ? { questionId, username, asked } : { questionId, username } }),
      forget: (questionId) =>
        set((state) => (state.current?.questionId === questionId ? { current: null } : state)),
      reset: () => set({ current: null }),
    }),
    {
      name: ASK_VIEW_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ current: state.current }),
    },
  ),
);
