// Terms of Service. Plans, prices and limits are read from libs/contracts so the text never drifts
// from what the service charges and enforces.
import {
  FREE_HISTORY_RETENTION_DAYS,
  FREE_QUERIES_TOTAL,
  MINIMUM_USER_AGE,
  PAGE_TITLES,
  PLANS,
  ROUTE_PATHS,
  SUPPORT_SECTION_IDS,
  formatGbp,
} from '@council/contracts';
import { Link } from 'react-router-dom';
import { type LegalDocumentContent } from './legal-document.types';

const count = (value: number): string => value.toLocaleString('en-GB');
const contactPath = `${ROUTE_PATHS.support}#${SUPPORT_SECTION_IDS.contact}`;

export const TERMS_CONTENT: LegalDocumentContent = {
  title: PAGE_TITLES.terms,
  summary:
    'The agreement between you and Council when you use the service: what you get, what you pay, what you may and may not do, and what we are responsible for.',
  sections: [
    {
      id: 'about',
      title: 'About these terms',
      body: (
        <>
          <p>
            These terms are an agreement between you and Council (“Council”, “we”, “us”), which runs the
            Council service on this website. By creating an account or using the service you accept these
            terms. If you do not agree with them, please do not use Council.
          </p>
          <p>
            Our <Link to={ROUTE_PATHS.privacy}>Privacy Policy</Link> explains how we handle your personal data
            and our <Link to={ROUTE_PATHS.cookies}>Cookie Policy</Link> explains the one cookie we use.
            Nothing in these terms affects your statutory rights as a consumer.
          </p>
        </>
      ),
    },
    {
      id: 'the-service',
      title: 'The service',
      body: (
        <>
          <p>
            Council sends your question to several AI assistants at once and shows their answers side by side.
            The assistants are provided by third parties, currently OpenAI, Anthropic and xAI. Depending on
            your plan you can also choose the assistants, models and roles on your council, let them debate
            the question and produce a consensus answer, see their reasoning, keep a history of your questions
            and share them through public links.
          </p>
          <p>
            What each plan includes is shown on the <Link to={ROUTE_PATHS.subscription}>Pricing</Link> page.
            We improve Council continually and may add, change or retire features and models. If a change
            would materially reduce what your paid plan includes, we will tell you in advance and you may
            cancel.
          </p>
        </>
      ),
    },
    {
      id: 'eligibility',
      title: 'Who can use Council',
      body: (
        <>
          <p>
            {`You must be at least ${MINIMUM_USER_AGE} years old to use Council. If you are under 18, you need the permission of a parent or guardian, and a parent or guardian must make any purchase.`}
          </p>
          <p>
            Council is intended for personal and professional use by individuals. If you use it on behalf of
            an organisation, you confirm that you are allowed to accept these terms for it.
          </p>
        </>
      ),
    },
    {
      id: 'your-account',
      title: 'Your account',
      body: (
        <>
          <p>
            You need an account to ask questions. You can register with a username and password, or sign in
            with Google or Apple, in which case their terms also apply to that sign-in. Please give a valid
            email address: we use it for password resets and important notices about your account.
          </p>
          <ul>
            <li>Keep your password private and do not share your account with anyone else.</li>
            <li>
              You are responsible for what happens under your account unless it was used without your
              permission.
            </li>
            <li>
              Tell us straight away through the <Link to={contactPath}>contact form</Link> if you think
              someone else has used your account.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'plans-and-payment',
      title: 'Plans, payment and tokens',
      body: (
        <>
          <p>
            {`Every new account starts on the Free plan, which includes ${FREE_QUERIES_TOTAL} queries in total per account (they do not renew each month) and a starting balance of ${count(PLANS.free.tokenAllowance)} tokens.`}
          </p>
          <p>Paid plans are monthly subscriptions:</p>
          <ul>
            <li>
              {`Premium: ${formatGbp(PLANS.premium.monthlyPricePence ?? 0)} a month, including ${count(PLANS.premium.tokenAllowance)} tokens a month.`}
            </li>
            <li>
              {`Max: ${formatGbp(PLANS.max.monthlyPricePence ?? 0)} a month, including ${count(PLANS.max.tokenAllowance)} tokens a month.`}
            </li>
          </ul>
          <p>
            Prices are in pounds sterling (GBP) and include any VAT that applies. Payments are processed by
            our payment provider, Stripe. Your subscription starts when your first payment succeeds and renews
            automatically every month on your billing date until you cancel. Each renewal charges the card you
            gave us and refreshes your plan’s monthly token allocation.
          </p>
          <p>
            Tokens measure how much text the AI models read and write, and each question uses tokens from your
            balance. Tokens do not expire. You can buy extra tokens in one-off token packs; purchased tokens
            are added to your balance and used after your monthly allocation. Tokens have no cash value and
            cannot be transferred, sold or exchanged for money.
          </p>
          <p>
            If we change the price of a plan, we will tell you at least 30 days before the new price applies
            to your subscription, so that you can cancel before it does. If a payment fails, we may pause paid
            features until it succeeds.
          </p>
        </>
      ),
    },
    {
      id: 'cancellation',
      title: 'Cancelling, downgrading and refunds',
      body: (
        <>
          <p>
            You can cancel or downgrade at any time from the billing portal, which you reach from the Pricing
            page. The change takes effect at the end of your current billing cycle: you keep your plan and its
            tokens until then and are not charged again. Your account then moves to the Free plan, where
            {` questions older than ${FREE_HISTORY_RETENTION_DAYS} days are deleted.`}
          </p>
          <p>
            <strong>Your right to cancel.</strong> If you are a consumer in the UK, you may cancel a new
            subscription or a token pack purchase within 14 days of buying it. Because the service starts
            straight away at your request, we may deduct an amount for what you used before you cancelled,
            such as tokens spent. To cancel within this period, use the{' '}
            <Link to={contactPath}>contact form</Link>.
          </p>
          <p>
            Apart from this and your other legal rights, payments are not refundable and we do not refund part
            of a billing cycle. If something is wrong with the service, please tell us: if it is faulty, you
            are entitled to a repair, a fix or, where that is not possible, a refund.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <p>Please use Council lawfully and fairly. You must not:</p>
          <ul>
            <li>use it to break the law, or to harass, threaten, defraud or harm anyone;</li>
            <li>
              ask for or spread content that sexualises children, promotes violence or terrorism, or infringes
              someone else’s rights;
            </li>
            <li>
              submit other people’s personal data unless you are allowed to, or sensitive information you are
              not entitled to share;
            </li>
            <li>
              get around plan limits, rate limits or security measures, or access accounts or data that are
              not yours;
            </li>
            <li>
              scrape the service, overload it, reverse engineer it, or resell or share access to it without
              our written permission;
            </li>
            <li>break the usage policies of the AI providers whose models answer your questions.</li>
          </ul>
          <p>
            We may refuse, remove or stop processing content that breaks these rules, and the AI providers may
            decline to answer questions that break theirs.
          </p>
        </>
      ),
    },
    {
      id: 'ai-answers',
      title: 'AI-generated answers',
      body: (
        <>
          <p>
            Answers are generated automatically by AI models. They can be wrong, incomplete, out of date or
            biased, even when several assistants agree or a consensus answer sounds certain. They are not
            professional advice: do not rely on them for medical, legal, financial or safety decisions without
            checking with a qualified person.
          </p>
          <p>You are responsible for how you use the answers, and for checking anything important.</p>
        </>
      ),
    },
    {
      id: 'your-content',
      title: 'Your questions and answers',
      body: (
        <>
          <p>
            You keep all rights in the questions you ask. You give us permission to store them, to send them
            to the AI providers on your council and to process them in other ways needed to run the service
            for you. As between you and us, you may use the answers for any lawful purpose, subject to the AI
            providers’ terms. Other users may receive similar answers to similar questions.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Shared links',
      body: (
        <>
          <p>
            When you share a question, anyone with the link can read the question, its answers and any title
            and description you add, without signing in. Do not share anything confidential. You can stop
            sharing at any time, after which the link no longer works. We may disable a shared link that
            breaks these terms.
          </p>
        </>
      ),
    },
    {
      id: 'availability',
      title: 'Availability',
      body: (
        <>
          <p>
            We work to keep Council fast and reliable, but we cannot promise it will always be available or
            free of errors. AI providers sometimes slow down or fail; when one does, the other assistants on
            your council still answer. We may pause the service for maintenance, ideally at quiet times and
            with notice for planned work.
          </p>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension and closing accounts',
      body: (
        <>
          <p>
            You can stop using Council at any time, and ask us to close your account through the{' '}
            <Link to={contactPath}>contact form</Link>. We may suspend or close an account that seriously or
            repeatedly breaks these terms, or where the law requires us to. We will tell you why unless we are
            not allowed to. If we close your account without fault on your part, we will refund the unused
            part of any period you have paid for.
          </p>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Our responsibility to you',
      body: (
        <>
          <p>
            Nothing in these terms limits our liability for death or personal injury caused by our negligence,
            for fraud, or for anything else the law does not allow us to limit, and nothing affects your
            statutory rights.
          </p>
          <p>
            We are responsible for loss or damage you suffer that is a foreseeable result of our breaking
            these terms or failing to use reasonable care and skill. We are not responsible for loss that was
            not foreseeable, or for losses caused by relying on AI-generated answers against the advice in
            these terms. If you use Council for business purposes, we are not liable for loss of profit,
            business or opportunity, and our total liability is limited to the amount you paid us in the 12
            months before the claim.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <>
          <p>
            We may update these terms, for example when we add features or the law changes. We will tell you
            by email or in the app at least 30 days before a significant change takes effect. If you do not
            accept the change you can cancel before it applies; if you keep using Council afterwards, the new
            terms apply.
          </p>
        </>
      ),
    },
    {
      id: 'law',
      title: 'Law and disputes',
      body: (
        <>
          <p>
            These terms are governed by the law of England and Wales, and disputes will be heard by the courts
            of England and Wales. If you live in Scotland or Northern Ireland, you may also bring proceedings
            in your own country’s courts. Please contact us first: most problems can be put right quickly.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <p>
          Questions about these terms? Write to us through the <Link to={contactPath}>contact form</Link> on
          our support page and we will reply by email.
        </p>
      ),
    },
  ],
};
