// The feature cards of /product: the spec's six (spec §2) and what Council adds. Numbers come from
// libs/contracts.
import {
  AGENTS_MAX,
  HOLD_QUOTE_MULTIPLE,
  TOKEN_CAP_TEXTS,
  WEIGH_IN,
  FREE_HISTORY_RETENTION_DAYS,
  FREE_QUERIES_TOTAL,
  PLANS,
  TOKEN_PACKS,
  formatGbp,
} from '@council/contracts';
import {
  Brain,
  Calculator,
  Coins,
  Columns3,
  GitMerge,
  Hand,
  History,
  type LucideIcon,
  MessagesSquare,
  Network,
  Server,
} from 'lucide-react';

export interface ProductFeature {
  id: string;
  title: string;
  summary: string;
  points: readonly string[];
  icon: LucideIcon;
  /** "Premium and Max" for paid-only features. */
  availability: string;
}

const cheapestPack = TOKEN_PACKS.reduce((cheapest, pack) =>
  pack.pricePence < cheapest.pricePence ? pack : cheapest,
);

export const PRODUCT_FEATURES: readonly ProductFeature[] = [
  {
    id: 'side-by-side',
    title: 'Side-by-side answers',
    summary:
      'Ask once and get answers from OpenAI, Anthropic and xAI assistants at the same time, streaming in next to each other.',
    points: [
      'Spot where the models agree, and where one of them is guessing',
      'Each card shows the agent, model, version, role and tokens used',
      'A failed provider never blocks the others',
    ],
    icon: Columns3,
    availability: 'Every plan',
  },
  {
    id: 'debate',
    title: 'Debate mode',
    summary:
      'Let the council argue it out. Members read each other’s answers, challenge weak points and revise their own.',
    points: [
      'Pick the debate leader who guides the discussion',
      'Read the full debate log to see how views changed',
      'Roles such as Skeptic or Fact Checker sharpen the discussion',
    ],
    icon: MessagesSquare,
    availability: 'Premium and Max',
  },
  {
    id: 'consensus',
    title: 'Consensus synthesis',
    summary:
      'After the debate, the leader writes one consensus answer that keeps the strongest arguments and flags what is still disputed.',
    points: [
      'One clear answer on the Consensus tab',
      'Every member’s own answer kept under Individual Responses',
      'Disagreements named instead of averaged away',
    ],
    icon: GitMerge,
    availability: 'Premium and Max',
  },
  {
    id: 'agreement-map',
    title: 'Agreement map',
    summary:
      'Beside the consensus, a map of its key claims shows where each member stands: supports, opposes with its reason, or silent.',
    points: [
      'One agreement figure, and how it is worked out',
      'See in which debate round a member changed its mind',
      'Open any member’s final answer from the map',
    ],
    icon: Network,
    availability: 'Premium and Max',
  },
  {
    id: 'weigh-in',
    title: 'Weigh in between rounds',
    summary:
      'Take a seat in the debate: it pauses after each round so you can add a note every member reads in the next one.',
    points: [
      `Up to ${WEIGH_IN.pauseSeconds} seconds to write, or Continue at once`,
      'Correct a wrong assumption before the council builds on it',
      'Your notes stay in the debate log',
    ],
    icon: Hand,
    availability: 'Premium and Max',
  },
  {
    id: 'reasoning',
    title: 'Reasoning you can check',
    summary:
      'Turn on reasoning and each answer explains how it got there: the assumptions made and the steps taken.',
    points: [
      'Judge an answer by its logic, not its confidence',
      'Compare how different models approach the same problem',
      'Useful for maths, planning, research and trade-offs',
    ],
    icon: Brain,
    availability: 'Premium and Max',
  },
  {
    id: 'quote-cap',
    title: 'The price before you ask',
    summary:
      'Under the question box, an estimate of the tokens the question should use, what it leaves of your balance and what it is worth.',
    points: [
      `“${TOKEN_CAP_TEXTS.label} N tokens”: the question stops there and keeps what it wrote`,
      `A running question holds at most ${HOLD_QUOTE_MULTIPLE} times the estimate’s high end, and gives back the rest`,
      'Every card shows the tokens it used',
    ],
    icon: Calculator,
    availability: 'Every plan',
  },
  {
    id: 'any-model',
    title: 'Any model, even a local one',
    summary:
      'Beside ChatGPT, Claude and Grok, the council can seat Gemini, Mistral, Llama on any OpenAI-compatible host, or a model running on your own machine through Ollama.',
    points: [
      'A local model answers with no cloud key at all',
      'New models on your server appear in the picker within a minute',
      'Mix cloud and local members in one council',
    ],
    icon: Server,
    availability: 'Every plan, as your Council is set up',
  },
  {
    id: 'history-sharing',
    title: 'History and sharing',
    summary:
      'Every question and its answers are saved to your history. Follow up in the same conversation, and share any of them with a read-only public link.',
    points: [
      'Search past conversations, and download one as Markdown',
      'Share with a title and description; stop sharing any time',
      `Free history is kept for ${FREE_HISTORY_RETENTION_DAYS} days, paid history until you delete it`,
    ],
    icon: History,
    availability: 'Every plan',
  },
  {
    id: 'plans-tokens',
    title: 'Flexible plans and tokens',
    summary: `Start with ${FREE_QUERIES_TOTAL} free queries, then choose the plan that fits how much you ask. Prices in pounds, billed monthly.`,
    points: [
      `Premium ${formatGbp(PLANS.premium.monthlyPricePence ?? 0)} a month, Max ${formatGbp(PLANS.max.monthlyPricePence ?? 0)} a month for up to ${AGENTS_MAX} agents`,
      `Token packs from ${formatGbp(cheapestPack.pricePence)} that never expire`,
      'Cancel any time; changes apply at the end of the billing cycle',
    ],
    icon: Coins,
    availability: 'Every plan',
  },
];

export const HOW_IT_WORKS_STEPS: readonly { title: string; text: string }[] = [
  {
    title: 'Ask one question',
    text: 'Type your question once. Choose your council members and their roles, or keep the three defaults.',
  },
  {
    title: 'Compare the answers',
    text: 'Watch each assistant answer side by side as the text streams in, with token counts on every card.',
  },
  {
    title: 'Reach a consensus',
    text: 'Turn on debate mode and the council challenges itself, then agrees on one answer you can trust more.',
  },
];
