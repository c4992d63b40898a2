import { AskScreen } from '@/features/ask/components/ask-screen';

/** The main question screen (spec §2, "Ask screen"). */
export function AskRoute() {
  return <AskScreen />;
}
