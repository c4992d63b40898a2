// Privacy Policy (spec §1: the service is not for children under 13).
import {
  FREE_HISTORY_RETENTION_DAYS,
  MINIMUM_USER_AGE,
  PAGE_TITLES,
  ROUTE_PATHS,
  SUPPORT_SECTION_IDS,
} from '@council/contracts';
import { Link } from 'react-router-dom';
import { type LegalDocumentContent } from './legal-document.types';

const contactPath = `${ROUTE_PATHS.support}#${SUPPORT_SECTION_IDS.contact}`;

export const PRIVACY_CONTENT: LegalDocumentContent = {
  title: PAGE_TITLES.privacy,
  summary:
    'What personal data Council collects, why, who processes it on our behalf, how long we keep it, and the rights you have over it.',
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <>
          <p>
            Council (“we”, “us”) runs the Council service and is the controller of the personal data described
            in this policy, under the UK General Data Protection Regulation (UK GDPR) and the Data Protection
            Act 2018. You can reach us about anything in this policy through the{' '}
            <Link to={contactPath}>contact form</Link> on our support page.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <>
          <p>
            <strong>{`Council is not for children under ${MINIMUM_USER_AGE}.`}</strong>
            {` We do not knowingly collect personal data from anyone under ${MINIMUM_USER_AGE}. If you believe a child under ${MINIMUM_USER_AGE} has created an account or sent us personal data, please contact us and we will delete it.`}
          </p>
        </>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'What we collect',
      body: (
        <>
          <ul>
            <li>
              <strong>Account details:</strong> your username, email address and, if you give it, your name.
              Your password is stored only as a salted hash that cannot be turned back into the password. If
              you sign in with Google or Apple, we receive an identifier for your account with them and the
              name and email address they share.
            </li>
            <li>
              <strong>Questions and answers:</strong> the questions you ask, the council you chose
              (assistants, models and roles), the answers, reasoning and debate logs, token counts, and any
              title and description you add when sharing.
            </li>
            <li>
              <strong>Plan and payments:</strong> your plan, token balance and purchases, and the customer and
              subscription references of our payment provider, Stripe. Card details are entered on Stripe’s
              own page and we never receive or store your full card number.
            </li>
            <li>
              <strong>Support messages:</strong> the name, email address, subject and message you send through
              the contact form.
            </li>
            <li>
              <strong>Technical data:</strong> your IP address, browser type and the time of your requests,
              which our servers log to keep the service secure and working.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use-it',
      title: 'How we use it, and our legal bases',
      body: (
        <>
          <ul>
            <li>
              <strong>To provide the service</strong>: run your account, answer your questions, keep your
              history and shared links, and send service emails such as password resets. Legal basis:
              performing our contract with you.
            </li>
            <li>
              <strong>To take payments</strong> and keep the accounting records the law requires. Legal bases:
              contract and legal obligation.
            </li>
            <li>
              <strong>To keep Council secure</strong>: prevent abuse and fraud, limit repeated attempts, and
              find and fix faults. Legal basis: our legitimate interest in a safe, working service.
            </li>
            <li>
              <strong>To answer you</strong> when you contact support. Legal basis: legitimate interest, or
              contract where the message is about your account.
            </li>
          </ul>
          <p>
            We do not sell your personal data, we do not show advertising and we do not use your data for
            profiling or automated decisions that have legal or similarly significant effects on you.
          </p>
        </>
      ),
    },
    {
      id: 'ai-providers',
      title: 'How your questions reach the AI providers',
      body: (
        <>
          <p>
            To answer a question, we send its text to the AI providers of the assistants on your council:
            OpenAI, Anthropic and xAI. In debate mode, each assistant also receives the other members’
            answers. We send only what is needed to generate the answers. We do not send your name, email
            address or payment details.
          </p>
          <p>
            The providers process this data on our behalf under their business API terms. They may keep it for
            a limited period to detect abuse, as described in their own policies. Please do not include
            sensitive personal information, such as health details or other people’s data, in your questions
            unless you need to.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share data with',
      body: (
        <>
          <p>
            We share personal data only with organisations that help us run Council, under contracts that
            protect it:
          </p>
          <ul>
            <li>OpenAI, Anthropic and xAI, to generate answers (see above);</li>
            <li>Stripe, to process payments and manage subscriptions;</li>
            <li>our hosting, database and email delivery providers;</li>
            <li>Google or Apple, if you choose to sign in with them.</li>
          </ul>
          <p>
            When you share a question, anyone with the link can see it. We may also disclose data when the law
            requires it, to protect people’s safety or our rights, or as part of a sale or reorganisation of
            our business, in which case this policy continues to apply.
          </p>
        </>
      ),
    },
    {
      id: 'international-transfers',
      title: 'International transfers',
      body: (
        <p>
          Some of these providers, including the AI providers, process data in the United States. Where data
          leaves the UK, we rely on UK adequacy regulations (including the UK extension to the EU-US Data
          Privacy Framework where the recipient is certified) or on the UK International Data Transfer
          Agreement or Addendum, so that your data keeps an equivalent level of protection.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <ul>
          <li>
            <strong>Questions and answers:</strong>
            {` on the Free plan, ${FREE_HISTORY_RETENTION_DAYS} days, after which they are deleted automatically. On Premium and Max, until you delete them or close your account.`}
          </li>
          <li>
            <strong>Account details:</strong> while your account is open, and deleted within 30 days after you
            ask us to close it.
          </li>
          <li>
            <strong>Payment records:</strong> six years after the end of the tax year they relate to, as UK
            tax law requires.
          </li>
          <li>
            <strong>Support messages:</strong> up to two years, so we can follow up on earlier conversations.
          </li>
          <li>
            <strong>Server logs:</strong> up to 90 days.
          </li>
        </ul>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          All traffic to Council is encrypted in transit. Passwords are stored only as salted hashes, the
          session cookie cannot be read by scripts on the page, access to our systems is limited to the people
          who need it, and repeated sign-in attempts are slowed down. No system is perfectly secure, but if a
          breach affected your data we would tell you and the regulator as the law requires.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      body: (
        <>
          <p>Under UK data protection law you have the right to:</p>
          <ul>
            <li>get a copy of your personal data;</li>
            <li>have inaccurate data corrected;</li>
            <li>have your data deleted;</li>
            <li>restrict or object to how we use it, including use based on our legitimate interests;</li>
            <li>receive the data you gave us in a portable format.</li>
          </ul>
          <p>
            You can delete questions yourself in your History at any time. For anything else, contact us
            through the <Link to={contactPath}>contact form</Link>; we reply within one month. If you are
            unhappy with how we handle your data you can complain to the Information Commissioner’s Office
            (ico.org.uk, 0303 123 1113), though we would appreciate the chance to put things right first.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <p>
          We use a single, strictly necessary cookie to keep you signed in, and no analytics or advertising
          cookies. Our <Link to={ROUTE_PATHS.cookies}>Cookie Policy</Link> has the details.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          When we change this policy we update the date at the top of the page. If a change significantly
          affects how we use your data, we will tell you by email or in the app before it takes effect.
        </p>
      ),
    },
  ],
};
