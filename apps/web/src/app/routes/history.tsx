import { HistoryScreen } from '@/features/history/components/history-screen';

/** The user's past questions (spec §2, "History screen"). */
export function HistoryRoute() {
  return <HistoryScreen />;
}
