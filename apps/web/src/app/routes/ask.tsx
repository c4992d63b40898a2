import { ASK_SCREEN } from '@council/contracts';
import { useEffect } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { FollowUpForm } from '@/features/ask/components/follow-up-form';
import { QuestionForm } from '@/features/ask/components/question-form';
import { TrialBanner } from '@/features/ask/components/trial-banner';
import { PlanPaymentNotice } from '@/features/billing/components/plan-payment-notice';
import { useAskQuestion } from '@/features/ask/hooks/use-ask-question';
import { useAskViewStore } from '@/features/ask/stores/ask-view-store';
import { useCouncilStore } from '@/features/ask/stores/council-store';
import { ResultsArea } from '@/features/question/components/results-area';
import { ResultsSkeleton } from '@/features/question/components/results-skeleton';
import { useAskedStream } from '@/features/question/hooks/use-asked-stream';
import { useQuestionRunning } from '@/features/question/hooks/use-question-running';
import { useUser } from '@/lib/auth';
import { useCatalogue } from '@/lib/catalogue';
import { useOpenFollowUp } from './question';

/** The main question screen (spec §2 "Ask screen"): the ask form above the question's live results. */
export function AskRoute() {
  const { data: user } = useUser();
  const { catalogue, isError: catalogueFailed, retry: retryCatalogue } = useCatalogue();
  const initialize = useCouncilStore((state) => state.initialize);
  const fitToTier = useCouncilStore((state) => state.fitToTier);
  const tier = user?.subscriptionTier;
  const memberCount = useCouncilStore((state) => state.members.length);
  const current = useAskViewStore((state) => state.current);
  const show = useAskViewStore((state) => state.show);
  const shown = current && user && current.username === user.username ? current : null;
  const askedStream = useAskedStream();
  const ask = useAskQuestion({
    onAsked: (id, result) => {
      askedStream.seed(result);
      show(id, user?.username ?? '', result);
    },
  });
  // One question at a time: the form stays "Asking..." until the shown question ends or is stopped.
  const running = useQuestionRunning(shown?.questionId ?? null, shown?.asked);
  const openFollowUp = useOpenFollowUp();

  useEffect(() => {
    if (!catalogue) return;
    if (tier) fitToTier(tier, catalogue);
    else initialize(catalogue);
  }, [catalogue, tier, initialize, fitToTier]);

  return (
    <div className="page-container space-y-8 py-10 sm:py-14">
      <PageHeader title={ASK_SCREEN.heading} description={ASK_SCREEN.text} />
      <PlanPaymentNotice user={user} />
      <TrialBanner user={user} />
      <QuestionForm
        user={user}
        catalogue={catalogue}
        catalogueFailed={catalogueFailed}
        onRetryCatalogue={retryCatalogue}
        pending={ask.isPending || running}
        onSubmit={(input) =>
          // The ask names this tab's socket, so the first words stream while the POST is answered.
          ask.mutate({ ...input, socketId: askedStream.start() }, { onError: askedStream.stop })
        }
      />
      {ask.isPending ? (
        <ResultsSkeleton count={memberCount || 3} />
      ) : shown !== null ? (
        <ResultsArea
          questionId={shown.questionId}
          asked={shown.asked}
          tier={user?.subscriptionTier ?? null}
        />
      ) : null}
      {!ask.isPending && shown?.asked && !running ? (
        <FollowUpForm
          key={shown.questionId}
          questionId={shown.questionId}
          members={shown.asked.agents}
          user={user}
          catalogue={catalogue}
          onFollowedUp={openFollowUp}
        />
      ) : null}
    </div>
  );
}
