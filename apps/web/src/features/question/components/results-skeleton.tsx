import { ASK_RESULTS } from '@council/contracts';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The results area while the question is being submitted (spec §4 "Submission"). */
export function ResultsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">{ASK_RESULTS.loading}</span>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="gap-4 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <div className="space-y-2">
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-11/12" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </Card>
      ))}
    </div>
  );
}
