import { LEGAL_LAST_UPDATED, ROUTE_PATHS } from '@council/contracts';
import { Link, useLocation } from 'react-router-dom';
import { AnchorLink } from '@/components/layout/anchor-link';
import { PageHeader } from '@/components/layout/page-header';
import { cn } from '@/lib/utils';
import { type LegalDocumentContent } from '../content/legal-document.types';

const LEGAL_PAGES = [
  { path: ROUTE_PATHS.terms, label: 'Terms of Service' },
  { path: ROUTE_PATHS.privacy, label: 'Privacy Policy' },
  { path: ROUTE_PATHS.cookies, label: 'Cookie Policy' },
] as const;

/** Typography for the legal texts: readable line length, spaced paragraphs and lists, visible links. */
const proseClassName = cn(
  'space-y-3 text-base leading-relaxed text-foreground',
  '[&_h3]:pt-2 [&_h3]:font-semibold',
  '[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4',
  '[&_strong]:font-semibold',
);

/** The shared layout of /terms, /privacy and /cookies: date, summary, contents and numbered sections. */
export function LegalDocument({ content }: { content: LegalDocumentContent }) {
  const { pathname } = useLocation();

  return (
    <div className="page-container py-12 sm:py-16">
      <PageHeader title={content.title} description={content.summary} />
      <p className="mt-4 text-sm font-medium text-muted-foreground">{`Last updated ${LEGAL_LAST_UPDATED}`}</p>

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <nav
          aria-label="Contents"
          className="self-start rounded-xl border border-border bg-card p-5 lg:sticky lg:top-24"
        >
          <h2 className="text-sm font-semibold text-foreground">Contents</h2>
          <ol className="mt-3 space-y-1.5 text-sm">
            {content.sections.map((section, index) => (
              <li key={section.id}>
                <AnchorLink
                  targetId={section.id}
                  className="flex gap-2 rounded-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span aria-hidden="true" className="w-5 shrink-0 tabular-nums">{`${index + 1}.`}</span>
                  <span>{section.title}</span>
                </AnchorLink>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-3xl space-y-10">
          {content.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2
                id={`${section.id}-heading`}
                className="text-xl font-semibold tracking-tight text-foreground"
              >
                {`${index + 1}. ${section.title}`}
              </h2>
              <div className={cn('mt-3', proseClassName)}>{section.body}</div>
            </section>
          ))}

          <nav aria-label="Other policies" className="border-t border-border pt-6">
            <h2 className="text-sm font-semibold text-foreground">Other policies</h2>
            <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {LEGAL_PAGES.filter((page) => page.path !== pathname).map((page) => (
                <li key={page.path}>
                  <Link
                    to={page.path}
                    className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {page.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
