// Cookie Policy: Council sets one strictly necessary session cookie and nothing else.
import { PAGE_TITLES, ROUTE_PATHS, SUPPORT_SECTION_IDS } from '@council/contracts';
import { Link } from 'react-router-dom';
import { type LegalDocumentContent } from './legal-document.types';

const contactPath = `${ROUTE_PATHS.support}#${SUPPORT_SECTION_IDS.contact}`;

export const COOKIES_CONTENT: LegalDocumentContent = {
  title: PAGE_TITLES.cookies,
  summary:
    'Council uses one cookie, and only to keep you signed in. No analytics, advertising or tracking cookies, which is why you never see a cookie banner here.',
  sections: [
    {
      id: 'what-are-cookies',
      title: 'What cookies are',
      body: (
        <p>
          Cookies are small text files that a website stores in your browser. They let the site recognise your
          browser when you come back, for example to keep you signed in as you move from page to page.
        </p>
      ),
    },
    {
      id: 'cookies-we-use',
      title: 'The cookie we use',
      body: (
        <>
          <p>We set a single cookie, and only once you sign in:</p>
          <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-border bg-card p-5 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="font-semibold">Name</dt>
            <dd>
              <code className="rounded bg-muted px-1.5 py-0.5">council.sid</code>
            </dd>
            <dt className="font-semibold">Purpose</dt>
            <dd>
              Keeps you signed in and protects your session. It holds a random identifier, not your personal
              details.
            </dd>
            <dt className="font-semibold">How long it lasts</dt>
            <dd>
              Until you close your browser, or 30 days after your last visit if you tick “Remember me”.
              Signing out deletes it.
            </dd>
            <dt className="font-semibold">Type</dt>
            <dd>Strictly necessary, first party</dd>
          </dl>
          <p>
            The cookie is marked HttpOnly, so scripts on the page cannot read it, and is sent only to Council
            itself.
          </p>
        </>
      ),
    },
    {
      id: 'what-we-do-not-use',
      title: 'What we do not use',
      body: (
        <p>
          We do not use analytics, advertising, social media or other tracking cookies, and we do not allow
          third parties to set cookies on our pages.
        </p>
      ),
    },
    {
      id: 'third-party-pages',
      title: 'Payment and sign-in pages',
      body: (
        <p>
          When you pay, you are taken to Stripe’s secure checkout or billing portal, which runs on Stripe’s
          own website and sets its own cookies to process the payment and prevent fraud. If you sign in with
          Google or Apple, their sign-in pages work the same way. Those cookies are covered by Stripe’s,
          Google’s and Apple’s own cookie policies, not this one.
        </p>
      ),
    },
    {
      id: 'consent',
      title: 'Why we do not ask for consent',
      body: (
        <p>
          UK law (the Privacy and Electronic Communications Regulations) requires consent for cookies unless
          they are strictly necessary for a service you have asked for. Our session cookie is strictly
          necessary: you cannot stay signed in without it. As we use no other cookies, there is nothing to
          consent to.
        </p>
      ),
    },
    {
      id: 'managing-cookies',
      title: 'Managing cookies',
      body: (
        <p>
          You can see and delete cookies in your browser’s settings, and block them altogether. If you block
          our session cookie you can still read our public pages, but you will not be able to sign in.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes and contact',
      body: (
        <p>
          If we ever start using other cookies, we will update this policy and its date first and, where the
          law requires it, ask for your consent. Questions? Use the <Link to={contactPath}>contact form</Link>
          . Our <Link to={ROUTE_PATHS.privacy}>Privacy Policy</Link> explains how we handle personal data in
          general.
        </p>
      ),
    },
  ],
};
