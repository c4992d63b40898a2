import { DEMO_CHECKOUT_ROUTE, REDIRECT_PATHS, ROUTE_PATHS } from '@council/contracts';
import { type RouteObject } from 'react-router-dom';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { DemoCheckoutPage } from '@/features/billing/components/demo-checkout-page';
import { SubscriptionPage } from '@/features/billing/components/subscription-page';
import { CompanyPage } from '@/features/company/components/company-page';
import { CookiesPage, PrivacyPage, TermsPage } from '@/features/legal/components/legal-pages';
import { ProductPage } from '@/features/product/components/product-page';
import { SupportPage } from '@/features/support/components/support-page';
import { AppLayout } from './layout/app-layout';
import { AskRoute } from './routes/ask';
import { AuthRoute } from './routes/auth';
import { HistoryRoute } from './routes/history';
import { NotFoundRoute } from './routes/not-found';
import { QuestionRoute } from './routes/question';
import { RedirectRoute } from './routes/redirect';
import { RouteErrorScreen } from './routes/route-error';
import { SharedRoute } from './routes/shared';

/**
 * Every screen of spec §2. Exported as plain route objects so tests mount the very same tree in a
 * memory router.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        // Pathless: catches a screen's render error while keeping the header and footer.
        errorElement: <RouteErrorScreen />,
        children: [
          {
            element: <ProtectedRoute />,
            children: [
              { path: ROUTE_PATHS.ask, element: <AskRoute /> },
              { path: ROUTE_PATHS.history, element: <HistoryRoute /> },
              { path: ROUTE_PATHS.question, element: <QuestionRoute /> },
              // Demo mode's stand-in for Stripe Checkout (DECISIONS 14); its calls need a session.
              { path: DEMO_CHECKOUT_ROUTE, element: <DemoCheckoutPage /> },
            ],
          },
          { path: ROUTE_PATHS.auth, element: <AuthRoute /> },
          // Reset mode: any path starting with /reset-password (spec §2).
          { path: `${ROUTE_PATHS.resetPassword}/*`, element: <AuthRoute /> },
          { path: ROUTE_PATHS.terms, element: <TermsPage /> },
          { path: ROUTE_PATHS.privacy, element: <PrivacyPage /> },
          { path: ROUTE_PATHS.cookies, element: <CookiesPage /> },
          { path: ROUTE_PATHS.product, element: <ProductPage /> },
          { path: ROUTE_PATHS.support, element: <SupportPage /> },
          { path: ROUTE_PATHS.company, element: <CompanyPage /> },
          { path: ROUTE_PATHS.subscription, element: <SubscriptionPage /> },
          { path: ROUTE_PATHS.shared, element: <SharedRoute /> },
          ...Object.entries(REDIRECT_PATHS).map(([from, to]) => ({
            path: from,
            element: <RedirectRoute to={to} />,
          })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
