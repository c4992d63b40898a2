// The plans of spec §9 with the permissions of §6. Both the pricing screen and the server's tier
// checks read this one table (DECISIONS 10, 16).

import { type SubscriptionTier } from '../domain/domain.constants';
import {
  ANSWER_MAX_OUTPUT_TOKENS,
  AGENTS_MAX,
  AGENTS_MIN,
  FREE_ANSWER_MAX_OUTPUT_TOKENS,
  FREE_HISTORY_RETENTION_DAYS,
  FREE_QUERIES_TOTAL,
} from '../limits/limits.constants';

/** Tiers a customer can buy. Enterprise exists in the data but is not sold. */
export const SELLABLE_TIERS = ['premium', 'max'] as const;
export type SellableTier = (typeof SELLABLE_TIERS)[number];

/** The capability rows of spec §6. */
export interface PlanFeatures {
  /** Debate mode and reasoning share one rule (DECISIONS 4). */
  readonly debate: boolean;
  readonly reasoning: boolean;
  /** Change a member's agent, model or role. */
  readonly changeAgents: boolean;
  /** Remove members while more than AGENTS_MIN remain. */
  readonly removeAgents: boolean;
  /** The "Buy More Tokens" button of the token-balance dialog. */
  readonly buyTokensInDialog: boolean;
  /** The "Upgrade Plan" link; hidden once there is nothing to upgrade to. */
  readonly upgradeLinkShown: boolean;
}

export interface Plan {
  readonly id: SubscriptionTier;
  /** As in "Your Premium Subscription". */
  readonly name: string;
  /** As in the pricing table's column heading ("Max Plan"). */
  readonly title: string;
  /** Monthly price in GBP pence; null for a tier that is not sold. */
  readonly monthlyPricePence: number | null;
  /** Tokens per month (free: once), and the 100 % mark of the balance bar. */
  readonly tokenAllowance: number;
  /** Price of 1,000 extra tokens in pence; fractional, as the spec quotes £0.015 per 1K. */
  readonly extraTokenPricePer1kPence: number;
  /** Null: kept until the user deletes it. */
  readonly historyRetentionDays: number | null;
  readonly agents: { readonly min: number; readonly max: number };
  /**
   * The longest answer one provider call may write for this tier (the call's max output tokens).
   * A question reserves exactly what its calls may use, so the free tier's short answers keep a
   * question to a fraction of its 10,000-token allowance.
   */
  readonly answerMaxOutputTokens: number;
  readonly features: PlanFeatures;
  /** Feature bullets of the pricing screen, in display order. */
  readonly bullets: readonly string[];
  readonly mostPopular: boolean;
  readonly sellable: boolean;
}

export const PLANS: Readonly<Record<SubscriptionTier, Plan>> = {
  free: {
    id: 'free',
    name: 'Free',
    title: 'Free',
    monthlyPricePence: 0,
    tokenAllowance: 10_000,
    extraTokenPricePer1kPence: 1.5,
    historyRetentionDays: FREE_HISTORY_RETENTION_DAYS,
    agents: { min: AGENTS_MIN, max: AGENTS_MIN },
    answerMaxOutputTokens: FREE_ANSWER_MAX_OUTPUT_TOKENS,
    features: {
      debate: false,
      reasoning: false,
      changeAgents: false,
      removeAgents: false,
      buyTokensInDialog: false,
      upgradeLinkShown: true,
    },
    bullets: [
      `${FREE_QUERIES_TOTAL} free queries in total`,
      '10,000 tokens',
      'Individual responses from the 3 default AI agents',
      `${FREE_HISTORY_RETENTION_DAYS}-day history`,
    ],
    mostPopular: false,
    sellable: false,
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    title: 'Premium',
    monthlyPricePence: 2999,
    tokenAllowance: 250_000,
    extraTokenPricePer1kPence: 1.2,
    historyRetentionDays: null,
    agents: { min: AGENTS_MIN, max: AGENTS_MIN },
    answerMaxOutputTokens: ANSWER_MAX_OUTPUT_TOKENS,
    features: {
      debate: true,
      reasoning: true,
      changeAgents: true,
      removeAgents: false,
      buyTokensInDialog: true,
      upgradeLinkShown: true,
    },
    bullets: [
      '250,000 tokens per month',
      'Extra tokens at £0.012 per 1K',
      `Mix and match up to ${AGENTS_MIN} agents`,
      'Role assignment',
      'Debate mode and consensus',
      'Reasoning explanations',
      'Unlimited history',
    ],
    mostPopular: true,
    sellable: true,
  },
  max: {
    id: 'max',
    name: 'Max',
    title: 'Max Plan',
    monthlyPricePence: 9999,
    tokenAllowance: 1_000_000,
    extraTokenPricePer1kPence: 0.8,
    historyRetentionDays: null,
    agents: { min: AGENTS_MIN, max: AGENTS_MAX },
    answerMaxOutputTokens: ANSWER_MAX_OUTPUT_TOKENS,
    features: {
      debate: true,
      reasoning: true,
      changeAgents: true,
      removeAgents: true,
      buyTokensInDialog: true,
      upgradeLinkShown: false,
    },
    bullets: [
      '1,000,000 tokens per month',
      'Extra tokens at £0.008 per 1K',
      `Mix and match up to ${AGENTS_MAX} agents`,
      'Role assignment',
      'Debate mode and consensus',
      'Reasoning explanations',
      'Unlimited history',
    ],
    mostPopular: false,
    sellable: true,
  },
  // Not sold and not shown on the pricing screen; limits as max.
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    title: 'Enterprise',
    monthlyPricePence: null,
    tokenAllowance: 1_000_000,
    extraTokenPricePer1kPence: 0.8,
    historyRetentionDays: null,
    agents: { min: AGENTS_MIN, max: AGENTS_MAX },
    answerMaxOutputTokens: ANSWER_MAX_OUTPUT_TOKENS,
    features: {
      debate: true,
      reasoning: true,
      changeAgents: true,
      removeAgents: true,
      buyTokensInDialog: true,
      upgradeLinkShown: false,
    },
    bullets: [],
    mostPopular: false,
    sellable: false,
  },
};

/** Columns of the pricing screen, in display order. */
export const PRICING_PLAN_IDS = ['free', 'premium', 'max'] as const satisfies readonly SubscriptionTier[];
