import { NOT_FOUND_SCREEN, ROUTE_PATHS } from '@council/contracts';
import { ArrowLeft, Home, SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';

/** Shown for any unknown path (spec §2, "Not-found screen"). Both buttons lead home, as specified. */
export function NotFoundRoute() {
  return (
    <div className="page-container flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <DocumentTitle title={NOT_FOUND_SCREEN.title} />
      <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-primary">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-foreground">{NOT_FOUND_SCREEN.title}</h1>
      <p className="mt-3 max-w-md text-base text-muted-foreground">{NOT_FOUND_SCREEN.text}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild variant="outline">
          <Link to={ROUTE_PATHS.ask}>
            <ArrowLeft aria-hidden="true" />
            {NOT_FOUND_SCREEN.goBackLabel}
          </Link>
        </Button>
        <Button asChild>
          <Link to={ROUTE_PATHS.ask}>
            <Home aria-hidden="true" />
            {NOT_FOUND_SCREEN.backHomeLabel}
          </Link>
        </Button>
      </div>
    </div>
  );
}
