import { type AskQuestionResult, questionPath } from '@council/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { FollowUpForm } from '@/features/ask/components/follow-up-form';
import { questionKeys } from '@/features/question/api/question-keys';
import {
  type FollowUpSlotProps,
  QuestionDetailScreen,
} from '@/features/question/components/question-detail-screen';
import { useUser } from '@/lib/auth';
import { useCatalogue } from '@/lib/catalogue';

/** After a follow-up: the conversation's pages read it anew, and the new turn opens where it streams. */
export function useOpenFollowUp(): (result: AskQuestionResult) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (result) => {
    void queryClient.invalidateQueries({ queryKey: questionKeys.details() });
    void navigate(questionPath(result.question.id));
  };
}

/** The follow-up box of a finished turn; the catalogue is read only once it is shown. */
function FollowUpBox({ question }: FollowUpSlotProps) {
  const { data: user } = useUser();
  const { catalogue } = useCatalogue();
  const openFollowUp = useOpenFollowUp();
  return (
    <FollowUpForm
      questionId={question.id}
      members={question.questionAgents}
      user={user}
      catalogue={catalogue}
      onFollowedUp={openFollowUp}
    />
  );
}

/** One past question with its answers (spec §2, "Question detail screen"), and a follow-up box. */
export function QuestionRoute() {
  return (
    <QuestionDetailScreen
      renderFollowUp={({ question }) => <FollowUpBox key={question.id} question={question} />}
    />
  );
}
