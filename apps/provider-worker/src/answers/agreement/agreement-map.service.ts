// Beside the synthesis: asks the leader's model for the agreement map (structured output) from the
// members' final answers, streams the claims as they are completed, validates the reply, asks once
// more when it is malformed (or the call failed), and otherwise settles for a note. The prose
// consensus stands whatever happens here.

import {
  AGREEMENT_MAP,
  AGREEMENT_MAP_LIMITS,
  type AgreementMapContext,
  type AgreementMapResult,
  type StreamEntry,
  BALANCE_STOP_TEXTS,
  TOKEN_CAP_TEXTS,
  type TokenUsage,
  readAgreementReply,
} from '@council/contracts';
import {
  type AgreementMapMember,
  type LlmProvider,
  type LlmRequest,
  buildAgreementMapRequest,
} from '@council/llm';
import { streamAnswer } from '../answer-stream';
import { type CallBudget } from '../budget/call-budget';
import { estimatedUsage, sumUsage } from '../provider-job-failure.service';
import { ClaimStream } from './claim-stream';

export interface AgreementMapInput {
  question: string;
  /** The leader's API model id. */
  model: string;
  members: readonly AgreementMapMember[];
}

export interface AgreementMapDeps {
  append: (entries: readonly StreamEntry[]) => Promise<void>;
  watchCancel: (onCancel: () => void) => () => void;
  /** A capped question: each attempt claims its part of the budget first (null: no room). */
  openBudget?: (request: LlmRequest) => Promise<CallBudget | null>;
  /** The budget is an uncapped question's hold: no room means the balance ran out (DECISIONS 26). */
  balanceStop?: boolean;
  idleMs: number;
  firstDeltaMs: number | undefined;
  /** An earlier run's drafts may be on screen: the first attempt voids them (agreement:reset). */
  resetFirst?: boolean;
}

/** The map, or null when the question was cancelled meanwhile; `usage` counts every attempt. */
export interface AgreementMapOutcome {
  map: AgreementMapResult | null;
  usage: TokenUsage;
}

export async function mapAgreement(
  provider: LlmProvider,
  input: AgreementMapInput,
  deps: AgreementMapDeps,
): Promise<AgreementMapOutcome> {
  let usage: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  if (input.members.length < 2) {
    return { map: { status: 'unavailable', note: AGREEMENT_MAP.notes.tooFewMembers }, usage };
  }
  const context: AgreementMapContext = {
    memberOrders: input.members.map((member) => member.memberOrder),
    positionChanges: Object.fromEntries(
      input.members.map((member) => [member.memberOrder, member.positionChanges]),
    ),
  };
  const request = buildAgreementMapRequest(input.model, {
    question: input.question,
    members: input.members,
  });
  let note: string = AGREEMENT_MAP.notes.failed;
  for (let attempt = 1; attempt <= AGREEMENT_MAP_LIMITS.attempts; attempt += 1) {
    const budget = deps.openBudget ? await deps.openBudget(request) : undefined;
    if (budget === null) {
      const note = deps.balanceStop ? BALANCE_STOP_TEXTS.mapNotDrawn : TOKEN_CAP_TEXTS.mapNotDrawn;
      return { map: { status: 'unavailable', note }, usage };
    }
    if (attempt > 1 || deps.resetFirst) await deps.append([{ type: 'agreement:reset', attempt }]);
    const outcome = await streamAnswer({
      provider,
      request: budget ? { ...request, maxTokens: budget.maxTokens(request.maxTokens) } : request,
      batcher: new ClaimStream(context, deps.append),
      watchCancel: deps.watchCancel,
      admit: budget?.admit,
      idleMs: deps.idleMs,
      firstDeltaMs: deps.firstDeltaMs,
    });
    if (outcome.kind === 'cancelled') return { map: null, usage };
    if (outcome.kind === 'failed') {
      await budget?.refund();
      note = AGREEMENT_MAP.notes.failed;
      continue;
    }
    if (outcome.kind === 'limited') {
      // What the cut call wrote was used, and is paid for within the cap.
      const spent = estimatedUsage(provider, request, outcome.text, outcome.reasoning);
      await budget?.settle(spent.totalTokens);
      return {
        map: { status: 'unavailable', note: TOKEN_CAP_TEXTS.mapNotDrawn },
        usage: sumUsage(usage, spent),
      };
    }
    if (outcome.usage) usage = sumUsage(usage, outcome.usage);
    await budget?.settle(outcome.usage?.totalTokens ?? 0);
    const reply = readAgreementReply(outcome.text, context);
    if (reply.ok) {
      const map: AgreementMapResult =
        reply.claims.length > 0
          ? { status: 'mapped', claims: reply.claims }
          : { status: 'unavailable', note: AGREEMENT_MAP.notes.noClaims };
      return { map, usage };
    }
    note = AGREEMENT_MAP.notes.malformed;
  }
  return { map: { status: 'unavailable', note }, usage };
}
