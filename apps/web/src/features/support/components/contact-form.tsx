import { CONTACT_FORM_TEXTS, CONTACT_MESSAGE_MAX, CONTACT_TOASTS, ContactDto } from '@council/contracts';
import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { Send } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { type FieldError, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { asyncHandler } from '@/lib/async-handler';
import { contactErrorToast, useSendContactMessage } from '../api/send-contact-message';

const EMPTY_MESSAGE: ContactDto = { name: '', email: '', subject: '', message: '' };

// The same ContactDto the gateway validates with (one source of truth); one message per field, as there.
const resolver = classValidatorResolver(ContactDto, { validator: { stopAtFirstError: true } });

interface FieldProps {
  id: string;
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  children: (describedBy: string | undefined) => ReactNode;
}

function Field({ id, label, error, hint, children }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy)}
      {error || hint ? (
        <div className="flex items-start justify-between gap-4 text-sm">
          {error ? (
            <p id={errorId} className="font-medium text-destructive">
              {error.message}
            </p>
          ) : (
            <span />
          )}
          {hint ? (
            <p id={hintId} className="shrink-0 text-muted-foreground">
              {hint}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Support's contact form (DECISIONS 7): validated here and again by the server, then sent to the team. */
export function ContactForm() {
  const id = useId();
  const sendMessage = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<ContactDto>({
    resolver,
    defaultValues: EMPTY_MESSAGE,
    // Validate on submit, then as the visitor types. Not on blur: an error appearing on blur would shift
    // the button away from under the pointer between mouse-down and mouse-up and swallow the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const messageLength = useWatch({ control, name: 'message' }).length;

  const onSubmit = handleSubmit((message) => {
    sendMessage.mutate(message, {
      onSuccess: () => {
        toast(CONTACT_TOASTS.sent);
        reset(EMPTY_MESSAGE);
      },
      onError: (error) => {
        toast(contactErrorToast(error));
      },
    });
  });

  const fieldId = (name: keyof ContactDto) => `${id}-${name}`;

  return (
    <form
      onSubmit={asyncHandler(onSubmit)}
      noValidate
      aria-label={CONTACT_FORM_TEXTS.heading}
      className="grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={fieldId('name')} label={CONTACT_FORM_TEXTS.nameLabel} error={errors.name}>
          {(describedBy) => (
            <Input
              id={fieldId('name')}
              autoComplete="name"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy}
              {...register('name')}
            />
          )}
        </Field>
        <Field id={fieldId('email')} label={CONTACT_FORM_TEXTS.emailLabel} error={errors.email}>
          {(describedBy) => (
            <Input
              id={fieldId('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              {...register('email')}
            />
          )}
        </Field>
      </div>
      <Field id={fieldId('subject')} label={CONTACT_FORM_TEXTS.subjectLabel} error={errors.subject}>
        {(describedBy) => (
          <Input
            id={fieldId('subject')}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={describedBy}
            {...register('subject')}
          />
        )}
      </Field>
      <Field
        id={fieldId('message')}
        label={CONTACT_FORM_TEXTS.messageLabel}
        error={errors.message}
        hint={`${messageLength.toLocaleString('en-GB')} / ${CONTACT_MESSAGE_MAX.toLocaleString('en-GB')}`}
      >
        {(describedBy) => (
          <Textarea
            id={fieldId('message')}
            rows={6}
            maxLength={CONTACT_MESSAGE_MAX}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy}
            {...register('message')}
          />
        )}
      </Field>
      <div>
        <Button type="submit" size="lg" disabled={sendMessage.isPending} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {sendMessage.isPending ? CONTACT_FORM_TEXTS.submitting : CONTACT_FORM_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}
