import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { DebateNoteDto, WEIGH_IN, WEIGH_IN_TEXTS } from '@council/contracts';
import { Send, SkipForward, Timer } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { asyncHandler } from '@/lib/async-handler';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { type DebatePause } from '../state/question-state';

const resolver = classValidatorResolver(DebateNoteDto);

interface DebatePausePanelProps {
  pause: DebatePause;
  /** A note or Continue is on its way: both buttons wait. */
  busy: boolean;
  /** The note is on its way ("Sending…"). */
  sending: boolean;
  onSend: (note: string) => void;
  onContinue: () => void;
}

/**
 * "Let me weigh in": the debate waits after a round for the asker's note. The countdown runs to the
 * server's `endsAt`; at 0 the server carries on by itself, so the panel only says so.
 */
export function DebatePausePanel({ pause, busy, sending, onSend, onContinue }: DebatePausePanelProps) {
  const id = useId();
  const seconds = useSecondsLeft(pause.endsAt, WEIGH_IN.pauseSeconds);
  const over = seconds === 0;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DebateNoteDto>({ resolver, defaultValues: { note: '' } });
  const error = errors.note?.message;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-heading`} className="text-base font-semibold text-foreground">
          {WEIGH_IN_TEXTS.pausedHeading(pause.round)}
        </h3>
        {over ? null : (
          // role="timer" is not announced on each tick; the visible text is enough.
          <p
            role="timer"
            aria-atomic="true"
            className="flex items-center gap-1.5 text-sm font-medium tabular-nums text-foreground"
          >
            <Timer aria-hidden="true" className="size-4" />
            {WEIGH_IN_TEXTS.countdown(seconds)}
          </p>
        )}
      </div>
      <p className="text-sm text-muted-foreground">{WEIGH_IN_TEXTS.pausedText}</p>
      <p role="status" className={over ? 'text-sm font-medium text-foreground' : 'sr-only'}>
        {over ? WEIGH_IN_TEXTS.carryingOn : ''}
      </p>
      <form
        noValidate
        onSubmit={asyncHandler(handleSubmit(({ note }) => onSend(note)))}
        className="space-y-3"
      >
        <div className="space-y-2">
          <Label htmlFor={`${id}-note`}>{WEIGH_IN_TEXTS.noteLabel}</Label>
          <Textarea
            id={`${id}-note`}
            placeholder={WEIGH_IN_TEXTS.notePlaceholder}
            maxLength={WEIGH_IN.noteMaxLength}
            className="min-h-24 bg-card"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...register('note')}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            <Send aria-hidden="true" />
            {sending ? WEIGH_IN_TEXTS.sending : WEIGH_IN_TEXTS.send}
          </Button>
          <Button variant="outline" onClick={onContinue} disabled={busy || over}>
            <SkipForward aria-hidden="true" />
            {WEIGH_IN_TEXTS.continue}
          </Button>
        </div>
      </form>
    </section>
  );
}
