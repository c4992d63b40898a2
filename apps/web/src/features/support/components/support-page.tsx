import { CONTACT_FORM_TEXTS, PAGE_TITLES, SUPPORT_SECTION_IDS } from '@council/contracts';
import { BookOpen, Clock, LifeBuoy, Mail, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { AnchorLink } from '@/components/layout/anchor-link';
import { PageHeader } from '@/components/layout/page-header';
import { scrollToAnchor } from '@/lib/scroll-to-anchor';
import { type DocumentationCategory } from '../content/documentation';
import { ContactForm } from './contact-form';
import { DocumentationSection } from './documentation-section';
import { HelpCenter } from './help-center';

const JUMP_LINKS = [
  { id: SUPPORT_SECTION_IDS.documentation, label: 'Documentation', icon: BookOpen },
  { id: SUPPORT_SECTION_IDS.helpCenter, label: 'Help Center', icon: LifeBuoy },
  { id: SUPPORT_SECTION_IDS.contact, label: 'Contact us', icon: Mail },
] as const;

function ContactSection() {
  return (
    <section
      id={SUPPORT_SECTION_IDS.contact}
      aria-labelledby="contact-heading"
      className="grid gap-8 lg:grid-cols-[2fr_3fr]"
    >
      <div>
        <h2 id="contact-heading" className="text-2xl font-bold tracking-tight text-foreground">
          {CONTACT_FORM_TEXTS.heading}
        </h2>
        <p className="mt-2 text-muted-foreground">{CONTACT_FORM_TEXTS.intro}</p>
        <ul className="mt-6 space-y-4 text-sm">
          <li className="flex gap-3">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              <span className="font-medium text-foreground">Replies within one working day.</span>{' '}
              <span className="text-muted-foreground">Monday to Friday, UK time.</span>
            </span>
          </li>
          <li className="flex gap-3">
            <LifeBuoy aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span className="text-muted-foreground">
              <span className="font-medium text-foreground">Help us help you:</span> for a problem with an
              answer, tell us roughly when you asked and what you expected to see.
            </span>
          </li>
          <li className="flex gap-3">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span className="text-muted-foreground">
              <span className="font-medium text-foreground">Never send passwords or card numbers.</span> We
              will never ask for them.
            </span>
          </li>
        </ul>
      </div>
      <div className="rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-8">
        <ContactForm />
      </div>
    </section>
  );
}

/** /support (spec §2): documentation, a searchable FAQ and the contact form. */
export function SupportPage() {
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);

  const browse = (category: DocumentationCategory) => {
    setQuery(category.title);
    scrollToAnchor(`#${SUPPORT_SECTION_IDS.helpCenter}`);
    searchRef.current?.focus({ preventScroll: true });
  };

  return (
    <div className="page-container space-y-16 py-12 sm:py-16">
      <div>
        <PageHeader
          title={PAGE_TITLES.support}
          description="Guides, answers to common questions and a direct line to the people who build Council."
        />
        <nav aria-label="On this page" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {JUMP_LINKS.map(({ id, label, icon: Icon }) => (
              <li key={id}>
                <AnchorLink
                  targetId={id}
                  className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-4 py-2 text-sm font-medium text-foreground shadow-xs transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon aria-hidden="true" className="size-4 text-primary" />
                  {label}
                </AnchorLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <DocumentationSection onBrowse={browse} />
      <HelpCenter query={query} onQueryChange={setQuery} searchRef={searchRef} />
      <ContactSection />
    </div>
  );
}
