import { ROUTE_ERROR_SCREEN, ROUTE_PATHS } from '@council/contracts';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/components/layout/document-title';

/**
 * Router error boundary: a screen that threw while rendering. A plain <a> (full page load) rather
 * than a router Link, so a broken client state does not survive the way home.
 */
export function RouteErrorScreen() {
  return (
    <div className="page-container flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <DocumentTitle title={ROUTE_ERROR_SCREEN.title} />
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{ROUTE_ERROR_SCREEN.title}</h1>
      <p className="mt-3 max-w-md text-base text-muted-foreground">{ROUTE_ERROR_SCREEN.text}</p>
      <Button asChild className="mt-8">
        <a href={ROUTE_PATHS.ask}>{ROUTE_ERROR_SCREEN.backHomeLabel}</a>
      </Button>
    </div>
  );
}
