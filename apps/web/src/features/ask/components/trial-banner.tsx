import {
  FREE_QUERIES_TOTAL,
  ROUTE_PATHS,
  type SessionUser,
  TRIAL_BANNER,
  isTrialRunningLow,
  spendableTokens,
  trialProgress,
} from '@council/contracts';
import { AlertTriangle, Gift } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/** The trial banner's upgrade target (spec §2); /subscribe redirects to /subscription (DECISIONS 2). */
export const TRIAL_UPGRADE_PATH = '/subscribe';

/**
 * The free-trial banner (spec §2, §9): progress = queriesLeft / 5, a "Running low" warning under 2
 * ("Free queries used" at 0, and whether purchased tokens keep the account asking), hidden for paid
 * tiers, a sign-up link for visitors.
 */
export function TrialBanner({ user }: { user: SessionUser | null | undefined }) {
  if (!user) {
    return (
      <section
        aria-label={TRIAL_BANNER.title}
        className="flex flex-col gap-3 rounded-xl border border-border bg-secondary/60 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-center gap-2 text-sm font-medium text-secondary-foreground">
          <Gift aria-hidden="true" className="size-4 shrink-0" />
          {TRIAL_BANNER.signUpText}
        </p>
        <Button asChild size="sm">
          <Link to={ROUTE_PATHS.auth}>{TRIAL_BANNER.signUpAction}</Link>
        </Button>
      </section>
    );
  }
  if (user.subscriptionTier !== 'free') return null;

  const queriesLeft = Math.max(0, Math.min(user.queriesLeft, FREE_QUERIES_TOTAL));
  const low = isTrialRunningLow(queriesLeft);
  // At 0 the trial is over rather than "almost out" (DECISIONS 17: purchased tokens keep asking).
  const usedUp = queriesLeft === 0;
  const usedUpText = spendableTokens(user) > 0 ? TRIAL_BANNER.usedUpWithTokensText : TRIAL_BANNER.usedUpText;
  return (
    <section
      aria-label={TRIAL_BANNER.title}
      className={cn(
        'flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center sm:gap-6',
        low ? 'border-amber-300 bg-amber-50' : 'border-border bg-secondary/60',
      )}
    >
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p
            className={cn(
              'flex items-center gap-2 text-sm font-semibold',
              low ? 'text-amber-900' : 'text-secondary-foreground',
            )}
          >
            {low ? (
              <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            ) : (
              <Gift aria-hidden="true" className="size-4 shrink-0" />
            )}
            {usedUp ? TRIAL_BANNER.usedUpTitle : low ? TRIAL_BANNER.lowTitle : TRIAL_BANNER.title}
          </p>
          <p className={cn('text-sm', low ? 'text-amber-900' : 'text-muted-foreground')}>
            {TRIAL_BANNER.queriesLeft(queriesLeft)}
          </p>
        </div>
        <Progress
          value={trialProgress(queriesLeft)}
          label={TRIAL_BANNER.progressLabel}
          className={low ? 'bg-amber-100' : 'bg-card'}
          indicatorClassName={low ? 'bg-amber-500' : undefined}
        />
        <p className={cn('text-xs', low ? 'text-amber-900' : 'text-muted-foreground')}>
          {usedUp ? usedUpText : low ? TRIAL_BANNER.lowText : TRIAL_BANNER.text}
        </p>
      </div>
      <Button asChild size="sm" variant={low ? 'default' : 'outline'} className="self-start sm:self-center">
        <Link to={TRIAL_UPGRADE_PATH}>{TRIAL_BANNER.upgradeAction}</Link>
      </Button>
    </section>
  );
}
