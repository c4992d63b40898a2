// Tier rules of spec §6 and §9 as pure functions, so the web and the server cannot drift apart.

import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '../domain/domain.constants';
import { FREE_QUERIES_TOTAL, LOW_BALANCE_RATIO, TRIAL_LOW_WARNING_BELOW } from '../limits/limits.constants';
import { PLANS, type Plan, SELLABLE_TIERS, type SellableTier } from './plans.constants';

export function isSubscriptionTier(value: unknown): value is SubscriptionTier {
  return typeof value === 'string' && (SUBSCRIPTION_TIERS as readonly string[]).includes(value);
}

export function isSellableTier(value: unknown): value is SellableTier {
  return typeof value === 'string' && (SELLABLE_TIERS as readonly string[]).includes(value);
}

export function getPlan(tier: SubscriptionTier): Plan {
  return PLANS[tier];
}

export function tokenAllowanceFor(tier: SubscriptionTier): number {
  return PLANS[tier].tokenAllowance;
}

/** Debate mode, and with it the consensus answer (DECISIONS 4: premium, max and enterprise). */
export function canUseDebate(tier: SubscriptionTier): boolean {
  return PLANS[tier].features.debate;
}

export function canUseReasoning(tier: SubscriptionTier): boolean {
  return PLANS[tier].features.reasoning;
}

/** Free councils are the fixed three defaults. */
export function canChangeAgents(tier: SubscriptionTier): boolean {
  return PLANS[tier].features.changeAgents;
}

export function minAgentsFor(tier: SubscriptionTier): number {
  return PLANS[tier].agents.min;
}

export function maxAgentsFor(tier: SubscriptionTier): number {
  return PLANS[tier].agents.max;
}

export function canAddAgent(tier: SubscriptionTier, memberCount: number): boolean {
  return canChangeAgents(tier) && memberCount < maxAgentsFor(tier);
}

export function canRemoveAgent(tier: SubscriptionTier, memberCount: number): boolean {
  return PLANS[tier].features.removeAgents && memberCount > minAgentsFor(tier);
}

/** The debate-leader picker shows only with debate on, a tier that has debate, and at least 2 members. */
export function canPickDebateLeader(
  tier: SubscriptionTier,
  showDebate: boolean,
  memberCount: number,
): boolean {
  return showDebate && canUseDebate(tier) && memberCount >= 2;
}

/** Under 10 % of the tier's allowance. */
export function isLowBalance(tokensLeft: number, tier: SubscriptionTier): boolean {
  return tokensLeft < tokenAllowanceFor(tier) * LOW_BALANCE_RATIO;
}

/** Fill of the balance bar, 0..1; purchased tokens can take the balance past the allowance. */
export function balanceRatio(tokensLeft: number, tier: SubscriptionTier): number {
  return clamp01(tokensLeft / tokenAllowanceFor(tier));
}

/** Fill of the trial banner's progress bar, 0..1. */
export function trialProgress(queriesLeft: number): number {
  return clamp01(queriesLeft / FREE_QUERIES_TOTAL);
}

/** The trial banner's "Running low" warning. */
export function isTrialRunningLow(queriesLeft: number): boolean {
  return queriesLeft < TRIAL_LOW_WARNING_BELOW;
}

function clamp01(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

/** How a question is paid for on the free tier (DECISIONS 17); paid tiers always ask on their balance. */
export type FreeTierAsk = 'free-query' | 'purchased-tokens' | 'refused';

/**
 * DECISIONS 17: a free account asks with one of its free queries; once they are used, it keeps
 * asking while it holds purchased tokens (the balance is still spent monthly → free → purchased).
 * Without either it is refused (NO_FREE_QUERIES). Paid tiers never use free queries: null.
 */
export function freeTierAsk(
  tier: SubscriptionTier,
  queriesLeft: number,
  purchasedTokens: number,
): FreeTierAsk | null {
  if (tier !== 'free') return null;
  if (queriesLeft > 0) return 'free-query';
  return purchasedTokens > 0 ? 'purchased-tokens' : 'refused';
}

/** DECISIONS 24: a free account with no free queries left; its trial, and the trial's free tokens, ended. */
export function isTrialOver(tier: SubscriptionTier, queriesLeft: number): boolean {
  return tier === 'free' && queriesLeft <= 0;
}

/** The balance as the session user carries it (SessionUser). */
export interface SpendableBalance {
  subscriptionTier: SubscriptionTier;
  /** The whole balance: monthly + free + purchased tokens. */
  tokensLeft: number;
  queriesLeft: number;
  purchasedTokens: number;
}

/**
 * DECISIONS 24: the tokens an account can spend now, as the header, the balance dialog, the quote
 * and the trial banner show them. Past its free queries a free account asks only while it holds
 * purchased tokens (freeTierAsk), so those are all it can spend; otherwise the whole balance.
 */
export function spendableTokens(balance: SpendableBalance): number {
  if (!isTrialOver(balance.subscriptionTier, balance.queriesLeft)) return balance.tokensLeft;
  return Math.max(0, Math.min(balance.purchasedTokens, balance.tokensLeft));
}
