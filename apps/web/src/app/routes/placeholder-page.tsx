import { PageHeader } from '@/components/layout/page-header';

interface PlaceholderSection {
  /** The element id that #anchor links (e.g. the footer's /support#contact) scroll to. */
  id: string;
  title: string;
}

interface PlaceholderPageProps {
  title: string;
  /** An id for the page itself, when an #anchor link points at the whole screen (/product#features). */
  anchorId?: string;
  sections?: readonly PlaceholderSection[];
}

/**
 * A headed, honest stand-in for a screen whose content a later issue writes. It keeps the route,
 * heading and anchor targets in place so navigation, redirects and footer links work end to end.
 */
export function PlaceholderPage({ title, anchorId, sections = [] }: PlaceholderPageProps) {
  return (
    <div id={anchorId} className="page-container py-12 sm:py-16">
      <PageHeader title={title} description="This page is on its way." />
      {sections.length > 0 ? (
        <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-20 rounded-xl border border-border bg-card p-6"
            >
              <h2 id={`${section.id}-heading`} className="text-lg font-semibold text-foreground">
                {section.title}
              </h2>
              <p className="mt-2 text-sm text-muted-foreground">Coming soon.</p>
            </section>
          ))}
        </div>
      ) : null}
    </div>
  );
}
