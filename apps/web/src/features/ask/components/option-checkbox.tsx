import { ASK_FORM } from '@council/contracts';
import { Lock } from 'lucide-react';
import { type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

export interface OptionCheckboxProps {
  id: string;
  label: string;
  hint: ReactNode;
  checked: boolean;
  enabled: boolean;
  onChange: (value: boolean) => void;
}

/** One ask option (debate, reasoning, weigh-in) with its hint; a locked one says it is premium. */
export function OptionCheckbox({ id, label, hint, checked, enabled, onChange }: OptionCheckboxProps) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-border p-3">
      <Checkbox
        id={id}
        checked={checked}
        disabled={!enabled}
        onCheckedChange={(value) => onChange(value === true)}
        className="mt-0.5"
        aria-describedby={`${id}-hint`}
      />
      <div className="min-w-0 space-y-1">
        <Label htmlFor={id} className="flex flex-wrap items-center gap-2">
          {label}
          {enabled ? null : (
            <Badge variant="muted">
              <Lock aria-hidden="true" />
              {ASK_FORM.premiumBadge}
            </Badge>
          )}
        </Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
