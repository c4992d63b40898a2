import { useAskViewStore } from '@/features/ask/stores/ask-view-store';
import { HistoryScreen } from '@/features/history/components/history-screen';
import { HistoryItemCard } from '@/features/question/components/history-item-card';

/** The user's past questions (spec §2, "History screen"), each on its question card. */
export function HistoryRoute() {
  // A deleted question no longer shows on the Ask screen either.
  const forgetShown = useAskViewStore((state) => state.forget);
  return <HistoryScreen renderItem={(item) => <HistoryItemCard item={item} onDeleted={forgetShown} />} />;
}
