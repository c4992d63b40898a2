import { RESPONSE_CARD_TEXTS, ROUTE_PATHS } from '@council/contracts';
import { XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** The red panel shown when the only answer carries an error (spec §4). */
export function ErrorPanel({ message, onRefresh }: { message: string; onRefresh: () => void }) {
  const texts = RESPONSE_CARD_TEXTS.processingError;
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-5 text-red-900">
      <p className="flex items-center gap-2 font-semibold">
        <XCircle aria-hidden="true" className="size-5 shrink-0" />
        {texts.title}
      </p>
      <p className="mt-2 break-words text-sm">{message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" onClick={onRefresh}>
          {texts.refreshAction}
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to={ROUTE_PATHS.support}>{texts.contactSupportAction}</Link>
        </Button>
      </div>
    </div>
  );
}
