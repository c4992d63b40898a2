import { QuestionDetailScreen } from '@/features/question/components/question-detail-screen';

/** One past question with its answers (spec §2, "Question detail screen"). */
export function QuestionRoute() {
  return <QuestionDetailScreen />;
}
