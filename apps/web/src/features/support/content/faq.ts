// The help centre's questions. Every number comes from libs/contracts, so the answers change with the
// plans, packs and limits the server enforces (DECISIONS 5, 10, 16).
import {
  AGENTS_MIN,
  COMING_SOON_MODELS,
  type ComingSoonModel,
  FREE_HISTORY_RETENTION_DAYS,
  FREE_QUERIES_TOTAL,
  AGREEMENT_MAP,
  HOLD_QUOTE_MULTIPLE,
  PASSWORD_MIN_LENGTH,
  PLANS,
  RESET_TOKEN_TTL_MINUTES,
  ROUTE_PATHS,
  TOKEN_CAP,
  TOKEN_CAP_TEXTS,
  TOKEN_PACKS,
  WEIGH_IN,
  formatGbp,
  formatPricePer1k,
} from '@council/contracts';

export const FAQ_CATEGORIES = {
  'getting-started': 'Getting started',
  asking: 'Asking the council',
  debate: 'Debate & reasoning',
  plans: 'Plans & billing',
  history: 'History & sharing',
  account: 'Account & privacy',
} as const;

export type FaqCategoryId = keyof typeof FAQ_CATEGORIES;

/** A paragraph, or a bulleted list. */
export type FaqBlock = string | readonly string[];

export interface FaqItem {
  id: string;
  category: FaqCategoryId;
  question: string;
  answer: readonly FaqBlock[];
  /** A page that tells more. */
  link?: { label: string; path: string };
}

const count = (value: number): string => value.toLocaleString('en-GB');
const price = (pence: number | null): string => formatGbp(pence ?? 0);
const { free, premium, max } = PLANS;

/** "A", "A and B", "A, B and C". */
function listOf(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : (names[0] ?? '');
}

/** Which models the council draws on; the models presented as coming soon may be available already. */
function whichModelsAnswer(available: ReadonlySet<ComingSoonModel>): string {
  const availableNow = COMING_SOON_MODELS.filter((model) => available.has(model));
  const comingSoon = COMING_SOON_MODELS.filter((model) => !available.has(model));
  const verb = (names: readonly string[]) => (names.length === 1 ? 'is' : 'are');
  return [
    'Today the council draws on OpenAI (ChatGPT and its reasoning models), Anthropic (Claude) and xAI (Grok), each with a choice of models.',
    availableNow.length > 0 ? `${listOf(availableNow)} ${verb(availableNow)} available too.` : null,
    comingSoon.length > 0 ? `${listOf(comingSoon)} ${verb(comingSoon)} coming soon.` : null,
  ]
    .filter((sentence) => sentence !== null)
    .join(' ');
}

/** The questions as the spec has them, with every model presented as coming soon still to come. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'what-is-council',
    category: 'getting-started',
    question: 'What is Council?',
    answer: [
      'Council puts one question to several AI assistants at once, from OpenAI, Anthropic and xAI, and shows their answers side by side as they stream in. Comparing them shows you where the models agree, where they differ and what one of them missed.',
      'On Premium and Max the assistants can also debate the question and agree on a single consensus answer.',
    ],
    link: { label: 'See all features', path: ROUTE_PATHS.product },
  },
  {
    id: 'free-queries',
    category: 'getting-started',
    question: 'How many free queries do I get?',
    answer: [
      `The Free plan gives you ${FREE_QUERIES_TOTAL} queries in total per account. They are a one-off trial allowance and do not reset each month.`,
      `Each free question goes to the three default assistants (the first assistant of each provider this Council has connected) and uses tokens from your ${count(free.tokenAllowance)}-token starting balance. When your free queries are used up, you can keep asking with a token pack bought on the Pricing page, or upgrade to Premium or Max; your history stays where it is.`,
    ],
    link: { label: 'Compare plans', path: ROUTE_PATHS.subscription },
  },
  {
    id: 'account-needed',
    category: 'getting-started',
    question: 'Do I need an account?',
    answer: [
      'You need a free account to ask questions, so that your answers and history are saved for you. The feature, pricing, support and company pages, and anything someone shares with you through a link, can be read without signing in.',
    ],
  },
  {
    id: 'demo-mode',
    category: 'getting-started',
    question: 'What is demo mode?',
    answer: [
      'A provider this Council has no key for answers in demo mode, and says so on its card. It answers the example questions under the question box from a script written by hand, and any other question with a short card saying no model is configured; such a card never costs a token, and a question no member could answer is refused before it is asked.',
      'Payments can run in demo mode too: checkout, the billing portal, refunds and disputes are clearly labelled demo pages that go through the same steps as a real payment, and no money moves.',
    ],
  },
  {
    id: 'which-models',
    category: 'asking',
    question: 'Which AI models can I use?',
    answer: [whichModelsAnswer(new Set())],
    link: { label: 'Meet the Council', path: ROUTE_PATHS.company },
  },
  {
    id: 'council-size',
    category: 'asking',
    question: 'How many assistants can sit on my council?',
    answer: [
      `Every council has at least ${AGENTS_MIN} members.`,
      [
        `Free: a fixed council of the ${AGENTS_MIN} default assistants, the first assistant of each provider this Council has connected.`,
        `Premium: up to ${premium.agents.max} members, and you choose the agent, model and role of each.`,
        `Max: mix and match up to ${max.agents.max} members, and remove members while more than ${AGENTS_MIN} remain.`,
      ],
    ],
  },
  {
    id: 'roles',
    category: 'asking',
    question: 'What are roles?',
    answer: [
      "A role gives a council member a point of view, such as Devil's Advocate, Fact Checker, Domain Expert or Pragmatist. Giving members different roles makes the answers less alike and surfaces risks a single assistant would gloss over. Roles are optional and available on Premium and Max.",
    ],
  },
  {
    id: 'other-models',
    category: 'asking',
    question: 'Can I use Gemini, Mistral, Llama or a local model?',
    answer: [
      'Yes, when the people who run this Council connect them: Google Gemini, Mistral, Llama on any OpenAI-compatible host, and a local model through Ollama on their own machine. Each then sits in the council picker next to ChatGPT, Claude and Grok, and a local model answers with no cloud key at all.',
    ],
  },
  {
    id: 'quote-and-cap',
    category: 'asking',
    question: 'How do I know what a question will cost, and can I set a limit?',
    answer: [
      'Before you ask, the estimate under the question box shows the tokens the question should use with your council, what that leaves of your balance and what it is worth on your plan. Its ⓘ button explains how it is worked out from each model’s typical answer, debate rounds and reasoning.',
      `“${TOKEN_CAP_TEXTS.label} N tokens” sets a limit of at least ${count(TOKEN_CAP.min)} tokens: the question stops spending when it reaches it, keeps what it wrote and marks the answers it cut. With a limit, the question holds only that much of your balance while it runs.`,
      `Without a limit, a running question holds up to ${HOLD_QUOTE_MULTIPLE} times the estimate’s high end, takes more only if the answers need it, and gives back what it does not use. If your balance runs out, an answer stops where it is and says so.`,
    ],
  },
  {
    id: 'debate-mode',
    category: 'debate',
    question: 'What is debate mode?',
    answer: [
      'With debate mode on, the assistants read each other’s first answers, challenge weak points and revise their own. A debate leader, one of the council members that you can pick, then writes a consensus answer that combines the strongest arguments and says where disagreement remains.',
      'The Consensus tab shows that answer and the Individual Responses tab keeps every member’s own answer. Debate mode is included in Premium and Max.',
    ],
  },
  {
    id: 'reasoning',
    category: 'debate',
    question: 'What does the reasoning option show?',
    answer: [
      'Each answer can come with a short explanation of how the assistant got there: the assumptions it made and the steps it took. It helps you judge an answer instead of taking it on trust. Reasoning is included in Premium and Max.',
    ],
  },
  {
    id: 'weigh-in',
    category: 'debate',
    question: 'What is weigh-in?',
    answer: [
      `With weigh-in on (it comes with debate mode), the debate pauses after each round for up to ${WEIGH_IN.pauseSeconds} seconds so you can add a note of up to ${count(WEIGH_IN.noteMaxLength)} characters. Every member reads it in the next round, and the debate log shows it.`,
      'Choose Continue to go on without a note; if you do nothing, the debate carries on when the countdown ends. While it waits, a question holds only what its next round needs.',
    ],
  },
  {
    id: 'agreement-map',
    category: 'debate',
    question: 'What is the agreement map?',
    answer: [
      'After a debate, the leader maps the key claims of the consensus and where each member stands on each: supports, opposes (with its reason) or silent, and in which round a member came to its stance. Select a member to read its final answer.',
      `The agreement figure above it: ${AGREEMENT_MAP.figureHow}`,
    ],
  },
  {
    id: 'plans-compared',
    category: 'plans',
    question: 'What’s the difference between Premium and Max?',
    answer: [
      [
        `Premium, ${price(premium.monthlyPricePence)} a month: ${count(premium.tokenAllowance)} tokens a month, up to ${premium.agents.max} agents of your choice with roles, debate mode, consensus and reasoning, unlimited history, and extra tokens at ${formatPricePer1k(premium.extraTokenPricePer1kPence)}.`,
        `Max, ${price(max.monthlyPricePence)} a month: ${count(max.tokenAllowance)} tokens a month, up to ${max.agents.max} agents, everything in Premium, and extra tokens at ${formatPricePer1k(max.extraTokenPricePer1kPence)}.`,
      ],
      'Both are billed monthly in pounds sterling (GBP) and can be cancelled at any time.',
    ],
    link: { label: 'See pricing', path: ROUTE_PATHS.subscription },
  },
  {
    id: 'tokens',
    category: 'plans',
    question: 'What are tokens and how are they counted?',
    answer: [
      'Tokens measure how much text the AI models read and write; 1,000 tokens is roughly 750 English words. Each answer uses tokens for your question and for the answer itself, and every answer card shows how many it used.',
      'Debate mode and larger councils use more tokens, because more assistants answer and each reads the others’ answers.',
    ],
  },
  {
    id: 'allowance-refresh',
    category: 'plans',
    question: 'When does my monthly token allowance refresh?',
    answer: [
      'Your plan’s monthly token allocation refreshes on your billing date: the same day each month as your first payment. What is left of the month’s allocation then ends, and the new month starts with your plan’s full allowance. Tokens you have bought never expire: they stay in your balance on top of your monthly allocation.',
    ],
  },
  {
    id: 'token-packs',
    category: 'plans',
    question: 'Can I buy extra tokens?',
    answer: [
      'Yes. Token packs are one-off purchases, not subscriptions:',
      TOKEN_PACKS.map(
        (pack) => `${pack.name}: ${count(pack.tokens)} tokens for ${formatGbp(pack.pricePence)}`,
      ),
      'Purchased tokens are added to your balance and are used after your monthly allocation, so you only dip into them once your plan’s tokens for the month are gone. Buy packs on the Pricing page; on Premium and Max you can also buy them from the token balance in the header.',
    ],
    link: { label: 'Buy tokens', path: ROUTE_PATHS.subscription },
  },
  {
    id: 'cancel-downgrade',
    category: 'plans',
    question: 'How do I cancel or downgrade my plan?',
    answer: [
      'Go to Pricing, where your subscription is shown, and choose Cancel Subscription. It opens our payment provider’s secure billing portal.',
      `A cancellation or downgrade takes effect at the end of your current billing cycle: you keep your plan and its tokens until then and are not charged again. Your account then moves to Free, where questions older than ${FREE_HISTORY_RETENTION_DAYS} days are deleted.`,
    ],
  },
  {
    id: 'payments',
    category: 'plans',
    question: 'How do payments work?',
    answer: [
      'Plans are billed monthly in pounds sterling (GBP) and renew automatically until you cancel. Payments are processed by Stripe; we never see or store your full card number. You can change your card and see your invoices in the billing portal.',
    ],
  },
  {
    id: 'refunds',
    category: 'plans',
    question: 'What happens to my tokens if a payment is refunded or disputed?',
    answer: [
      'A refund takes back the tokens that payment bought, in proportion to the amount refunded and only as far as they are still unspent. Tokens already spent become an amount owed, which your next allowance or token pack pays first; your balance never shows less than zero.',
      'While a card dispute is open, the unspent tokens it bought are frozen. If the dispute is won they come back; if it is lost they are taken back as a refund would.',
      'To ask for a refund, write to us through the contact form below.',
    ],
  },
  {
    id: 'history-retention',
    category: 'history',
    question: 'How long is my history kept?',
    answer: [
      `On Free, questions and their answers are kept for ${FREE_HISTORY_RETENTION_DAYS} days and then deleted automatically. On Premium and Max your history is kept until you delete it.`,
      'You can delete any question from History at any time. Deleting removes the question and all of its answers, and cannot be undone.',
    ],
  },
  {
    id: 'sharing',
    category: 'history',
    question: 'How do I share an answer?',
    answer: [
      'Choose Share on a question in your History or on the question’s own page, optionally add a title and description, then copy the link. A conversation with follow-ups is shared, exported and deleted as a whole.',
      'Anyone with the link can read the question and its answers without signing in, but cannot see the rest of your history. You can stop sharing at any time; the link then stops working. Download as Markdown keeps a copy of your own.',
    ],
  },
  {
    id: 'sign-in-options',
    category: 'account',
    question: 'Can I sign in with Google or Apple?',
    answer: [
      'Yes. Choose Continue with Google or Continue with Apple on the sign-in page, or create an account with a username and password.',
    ],
    link: { label: 'Sign in', path: ROUTE_PATHS.auth },
  },
  {
    id: 'reset-password',
    category: 'account',
    question: 'I forgot my password. What do I do?',
    answer: [
      `Select “Forgot password?” on the sign-in page and enter your email address. If it belongs to an account, we email you a reset link that works for ${RESET_TOKEN_TTL_MINUTES} minutes. Your new password needs at least ${PASSWORD_MIN_LENGTH} characters, as at sign-up.`,
    ],
  },
  {
    id: 'data-use',
    category: 'account',
    question: 'What happens to my questions and data?',
    answer: [
      'Your questions are sent to the AI providers on your council (such as OpenAI, Anthropic and xAI) only to generate your answers, and are stored in your history so you can come back to them. We don’t sell your data and we don’t show ads.',
    ],
    link: { label: 'Read the Privacy Policy', path: ROUTE_PATHS.privacy },
  },
];

/** The questions, given which of the models presented as coming soon the server serves now. */
export function faqItems(
  available: ReadonlySet<ComingSoonModel>,
  defaultCouncilLine: string | null = null,
): readonly FaqItem[] {
  return FAQ_ITEMS.map((item) => {
    if (item.id === 'which-models' && available.size > 0) {
      return { ...item, answer: [whichModelsAnswer(available)] };
    }
    // Who the default assistants are on this deployment (docs/decisions.md, "23. The default council
    // is made of live members").
    if (item.id === 'free-queries' && defaultCouncilLine) {
      return { ...item, answer: [...item.answer, defaultCouncilLine] };
    }
    return item;
  });
}
