import { WEIGH_IN_TEXTS } from '@council/contracts';
import { useState } from 'react';
import { useResumeDebate } from '../hooks/use-resume-debate';
import { type QuestionStreamState } from '../state/question-state';
import { isStreaming } from '../state/question-views';
import { DebatePausePanel } from './debate-pause-panel';

/**
 * Between a weigh-in debate's rounds: the pause panel while the debate waits for the asker, fed by
 * the question's stream state (debate:paused, or the stored pause after a reload). When a note or
 * Continue comes too late, the panel goes and the server's message says why, calmly.
 */
export function DebatePause({ state }: { state: QuestionStreamState }) {
  const [notice, setNotice] = useState<string | null>(null);
  const resume = useResumeDebate(state.questionId, setNotice);
  const { pause } = state;
  if (!isStreaming(state)) return null;

  const send = (note: string | null) => {
    if (!pause) return;
    setNotice(null);
    resume.mutate({ round: pause.round, note });
  };

  return (
    <>
      {/* One polite region: the pause is announced once as it begins, a late reply's message after it. */}
      <p role="status" className={!pause && notice ? 'text-sm text-muted-foreground' : 'sr-only'}>
        {pause ? WEIGH_IN_TEXTS.pausedHeading(pause.round) : (notice ?? '')}
      </p>
      {pause ? (
        <DebatePausePanel
          key={`${pause.round}-${pause.endsAt}`}
          pause={pause}
          busy={resume.isPending}
          sending={resume.isPending && resume.variables?.note !== null}
          onSend={send}
          onContinue={() => send(null)}
        />
      ) : null}
    </>
  );
}
