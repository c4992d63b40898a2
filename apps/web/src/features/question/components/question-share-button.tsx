import { type AskQuestionResult } from '@council/contracts';
import { useQuery } from '@tanstack/react-query';
import { getQuestionQueryOptions } from '../api/get-question';
import { ShareButton } from './share-button';
import { type ShareTarget } from './share-dialog';

interface QuestionShareButtonProps {
  questionId: number;
  question: string;
  /** The POST answer, when the screen still has it: its sharing fields until the detail has loaded. */
  asked?: AskQuestionResult;
}

/**
 * Share for the Ask screen's finished answers. It reads the question's detail once, so a question
 * shared before (from History, say) opens with its link and Revoke.
 */
export function QuestionShareButton({ questionId, question, asked }: QuestionShareButtonProps) {
  const detail = useQuery(getQuestionQueryOptions(questionId));
  const saved = detail.data?.question ?? (asked?.question.id === questionId ? asked.question : undefined);
  const target: ShareTarget = saved ?? {
    id: questionId,
    question,
    isShared: false,
    shareId: null,
    shareTitle: null,
    shareDescription: null,
    shareExpiresAt: null,
  };
  return <ShareButton question={target} />;
}
