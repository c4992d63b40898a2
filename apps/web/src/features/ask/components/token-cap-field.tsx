import { TOKEN_CAP_TEXTS } from '@council/contracts';
import { type Ref } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface TokenCapFieldProps {
  id: string;
  /** The field as typed; '' is no limit. */
  value: string;
  /** The check's message (checkTokenCap), once the asker has left the field or tried to ask. */
  error: string | null;
  onChange: (text: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * "Stop at [N] tokens" (TOKEN_CAP): an optional cap on what the question may spend. Text with a
 * numeric keypad rather than type="number", which would drop "5,000" and take "1e3" silently.
 * Both words are labels of the box, so it is announced as "Stop at tokens" with its hint.
 */
export function TokenCapField({ id, value, error, onChange, onBlur, inputRef }: TokenCapFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id}>{TOKEN_CAP_TEXTS.label}</Label>
        <Input
          ref={inputRef}
          id={id}
          name="tokenCap"
          inputMode="numeric"
          autoComplete="off"
          placeholder={TOKEN_CAP_TEXTS.placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="h-9 w-32 tabular-nums"
        />
        <Label htmlFor={id} className="font-normal text-muted-foreground">
          {TOKEN_CAP_TEXTS.unit}
        </Label>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {TOKEN_CAP_TEXTS.hint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
