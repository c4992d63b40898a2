import { Outlet } from 'react-router-dom';
import { Footer } from '@/components/layout/footer';
import { useSessionExpiry } from '@/features/auth/hooks/use-session-expiry';
import { useAnchorScroll } from '@/hooks/use-anchor-scroll';
import { SiteHeader } from './site-header';

/** Header, the current screen, footer. Every route renders inside it. */
export function AppLayout() {
  useAnchorScroll();
  useSessionExpiry();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
