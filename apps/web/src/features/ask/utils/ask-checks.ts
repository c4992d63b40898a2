// The ask screen's checks before submitting (spec §5), in the spec's order; each failure is a toast.
import {
  ASK_TOASTS,
  type SessionUser,
  type ToastText,
  canUseDebate,
  canUseReasoning,
} from '@council/contracts';

export interface AskCheckInput {
  question: string;
  user: SessionUser | null | undefined;
  showDebate: boolean;
  showReasoning: boolean;
}

/** The toast to show instead of submitting, or null when the question may go. */
export function askCheckFailure({
  question,
  user,
  showDebate,
  showReasoning,
}: AskCheckInput): ToastText | null {
  if (!question.trim()) return ASK_TOASTS.emptyQuestion;
  if (!user) return ASK_TOASTS.authRequired;
  const tier = user.subscriptionTier;
  if ((showDebate && !canUseDebate(tier)) || (showReasoning && !canUseReasoning(tier))) {
    return ASK_TOASTS.premiumFeature;
  }
  return null;
}
