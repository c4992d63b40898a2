import { PAGE_TITLES } from '@council/contracts';
import { PageHeader } from '@/components/layout/page-header';

/** /auth: the Accounts issue replaces this with the login, register and password-reset forms. */
export function AuthRoute() {
  return (
    <div className="page-container py-12 sm:py-16">
      <PageHeader title={PAGE_TITLES.auth} description="Signing in arrives soon." />
    </div>
  );
}
