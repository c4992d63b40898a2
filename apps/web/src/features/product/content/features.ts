// The six feature cards of /product (spec §2). Numbers come from libs/contracts.
import {
  AGENTS_MAX,
  FREE_HISTORY_RETENTION_DAYS,
  FREE_QUERIES_TOTAL,
  PLANS,
  TOKEN_PACKS,
  formatGbp,
} from '@council/contracts';
import { Brain, Coins, Columns3, GitMerge, History, type LucideIcon, MessagesSquare } from 'lucide-react';

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
    id: 'history-sharing',
    title: 'History and sharing',
    summary:
      'Every question and its answers are saved to your history. Share any of them with a read-only public link.',
    points: [
      'Come back to past questions, newest first',
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
