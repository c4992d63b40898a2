import { SharedPage } from '@/features/question/components/shared-page';

/** The public, read-only view of a shared question (spec §2, "Shared page"). */
export function SharedRoute() {
  return <SharedPage />;
}
