import {
  DEFAULT_SHARE_EXPIRY,
  type QuestionResponse,
  SHARE_DESCRIPTION_INPUT_MAX,
  SHARE_DIALOG,
  SHARE_EXPIRY_OPTIONS,
  SHARE_TITLE_INPUT_MAX,
  ShareQuestionDto,
  type ShareReply,
  defaultShareDescription,
  defaultShareTitle,
} from '@council/contracts';
import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { Link2Off } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { asyncHandler } from '@/lib/async-handler';
import { cn } from '@/lib/utils';
import { useRevokeShare, useShareQuestion } from '../api/share-question';
import { formatExpiryDate, shareUrlFor } from '../utils/share-url';
import { ShareLinkField } from './share-link-field';

/** What the dialog needs of a question: its text and its current sharing. */
export type ShareTarget = Pick<
  QuestionResponse,
  'id' | 'question' | 'isShared' | 'shareId' | 'shareTitle' | 'shareDescription' | 'shareExpiresAt'
>;

interface ShareDialogProps {
  question: ShareTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

// The same ShareQuestionDto the gateway validates with (one source of truth).
const resolver = classValidatorResolver(ShareQuestionDto, { validator: { stopAtFirstError: true } });

/**
 * The Share dialog (spec §2, §5): an optional title and description pre-filled from the saved ones or
 * the question, an expiry (ours), then the read-only link with Copy and Done. A shared question also
 * offers Revoke (DECISIONS 8).
 */
export function ShareDialog({ question, open, onOpenChange }: ShareDialogProps) {
  const [created, setCreated] = useState<ShareReply | null>(null);
  const changeOpen = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{SHARE_DIALOG.title}</DialogTitle>
          <DialogDescription>{SHARE_DIALOG.description}</DialogDescription>
        </DialogHeader>
        {created ? (
          <CreatedLink reply={created} onDone={() => changeOpen(false)} />
        ) : (
          <ShareForm question={question} onCreated={setCreated} onClose={() => changeOpen(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ExpiryNote({ expiresAt }: { expiresAt: string | null }) {
  return (
    <p className="text-xs text-muted-foreground">
      {expiresAt ? SHARE_DIALOG.expiresOn(formatExpiryDate(expiresAt)) : SHARE_DIALOG.neverExpires}
    </p>
  );
}

function CreatedLink({ reply, onDone }: { reply: ShareReply; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <ShareLinkField url={reply.shareUrl} />
      <ExpiryNote expiresAt={reply.shareExpiresAt} />
      <div className="flex justify-end">
        <Button onClick={onDone}>{SHARE_DIALOG.done}</Button>
      </div>
    </div>
  );
}

function ShareForm({
  question,
  onCreated,
  onClose,
}: {
  question: ShareTarget;
  onCreated: (reply: ShareReply) => void;
  onClose: () => void;
}) {
  const id = useId();
  const share = useShareQuestion();
  const revoke = useRevokeShare();
  const busy = share.isPending || revoke.isPending;
  const shared = question.isShared && question.shareId !== null;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ShareQuestionDto>({
    resolver,
    defaultValues: {
      title: defaultShareTitle(question),
      description: defaultShareDescription(question),
      expiry: DEFAULT_SHARE_EXPIRY,
    },
  });

  const onSubmit = handleSubmit((values) => {
    share.mutate(
      {
        questionId: question.id,
        title: values.title,
        description: values.description,
        expiry: values.expiry,
      },
      { onSuccess: onCreated },
    );
  });

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="grid gap-4" aria-busy={busy}>
      {shared && question.shareId ? (
        <div className="grid gap-2 rounded-xl border border-border bg-muted/40 p-3">
          <p className="text-sm text-foreground">{SHARE_DIALOG.sharedNote}</p>
          <ShareLinkField url={shareUrlFor(question.shareId)} />
          <ExpiryNote expiresAt={question.shareExpiresAt} />
        </div>
      ) : null}
      <fieldset disabled={busy} className="grid min-w-0 gap-4">
        <div className="grid gap-2">
          <Label htmlFor={titleId}>{SHARE_DIALOG.titleLabel}</Label>
          <Input
            id={titleId}
            maxLength={SHARE_TITLE_INPUT_MAX}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${titleId}-error` : undefined}
            {...register('title')}
          />
          {errors.title ? (
            <p id={`${titleId}-error`} className="text-sm font-medium text-destructive">
              {errors.title.message}
            </p>
          ) : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={descriptionId}>{SHARE_DIALOG.descriptionLabel}</Label>
          <Textarea
            id={descriptionId}
            rows={3}
            maxLength={SHARE_DESCRIPTION_INPUT_MAX}
            className="min-h-20"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
            {...register('description')}
          />
          {errors.description ? (
            <p id={`${descriptionId}-error`} className="text-sm font-medium text-destructive">
              {errors.description.message}
            </p>
          ) : null}
        </div>
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-2 text-sm font-medium text-foreground">{SHARE_DIALOG.expiryLabel}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {SHARE_EXPIRY_OPTIONS.map((option) => (
              <label
                key={option.id}
                className={cn(
                  'flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-border bg-card px-3 py-2 text-sm font-medium text-foreground transition-colors hover:bg-muted',
                  'has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                )}
              >
                <input
                  type="radio"
                  value={option.id}
                  className="size-4 shrink-0 accent-primary focus-visible:outline-none"
                  {...register('expiry')}
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        {shared ? (
          <Button
            variant="outline"
            className="text-destructive hover:text-destructive"
            disabled={busy}
            onClick={() =>
              revoke.mutate({ questionId: question.id, shareId: question.shareId }, { onSuccess: onClose })
            }
          >
            <Link2Off aria-hidden="true" />
            {revoke.isPending ? SHARE_DIALOG.revoking : SHARE_DIALOG.revoke}
          </Button>
        ) : (
          <span className="hidden sm:block" />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" disabled={busy} onClick={onClose}>
            {SHARE_DIALOG.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {share.isPending ? SHARE_DIALOG.submitting : shared ? SHARE_DIALOG.update : SHARE_DIALOG.submit}
          </Button>
        </div>
      </div>
    </form>
  );
}
