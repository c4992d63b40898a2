import { AUTH_SCREEN } from '@council/contracts';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { type UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

interface AuthFieldProps extends Omit<ComponentProps<'input'>, 'id' | keyof UseFormRegisterReturn> {
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's validation message; replaces the hint while shown. */
  error?: string;
  hint?: string;
  optional?: boolean;
  /** Shown at the end of the label row (the login form's "Forgot password?"). */
  labelAside?: ReactNode;
}

/** A labelled input whose message and hint are tied to it for screen readers. */
export function AuthField({
  label,
  registration,
  error,
  hint,
  optional,
  labelAside,
  type,
  ...props
}: AuthFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const messageId = `${id}-message`;
  const message = error ?? hint;

  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>
          {label}
          {optional ? (
            <span className="font-normal text-muted-foreground"> ({AUTH_SCREEN.fields.optional})</span>
          ) : null}
        </Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={cn(isPassword && 'pr-11')}
          {...props}
          {...registration}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setRevealed((shown) => !shown)}
            aria-label={revealed ? AUTH_SCREEN.fields.hidePassword : AUTH_SCREEN.fields.showPassword}
            aria-pressed={revealed}
            aria-controls={id}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
          >
            {revealed ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </button>
        ) : null}
      </div>
      {message ? (
        <p id={messageId} className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground')}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
