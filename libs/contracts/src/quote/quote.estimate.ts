// The quote: how many tokens a question should use, as a range, worked out before it is asked
// from the question's length, the council (each model's typical answer, roles), debate and
// reasoning. It follows the calls the council makes (ARCHITECTURE "Flows"): each member
// answers; with debate on, each member revises 1..DEBATE_MAX_ROUNDS times reading everyone's latest
// answer, then the leader writes the consensus and, from two members on, its agreement map beside it.
// estimateQuestionTokens (the reservation) stays the worst case: the quote's high end never passes it.

import { AGREEMENT_MAP_LIMITS } from '../agreement/agreement-map';
import {
  CHARS_PER_TOKEN_ESTIMATE,
  PROMPT_OVERHEAD_TOKENS,
  estimateQuestionTokens,
} from '../council/council.constants';
import { demoExampleIndex } from '../demo/demo.texts';
import { ANSWER_MAX_OUTPUT_TOKENS, DEBATE_MAX_ROUNDS } from '../limits/limits.constants';
import {
  DEMO_TYPICAL_OUTPUT_TOKENS,
  QUOTE_AGREEMENT_MAP_OUTPUT,
  QUOTE_OUTPUT_RANGE,
  QUOTE_PROMPT_TOKENS,
  QUOTE_REASONING_SHARE,
  TYPICAL_OUTPUT_TOKENS_DEFAULT,
} from './quote.constants';

/** One council member as the quote sees it. */
export interface QuoteMember {
  /**
   * Its model's typical answer in tokens (ModelResponse.typicalOutputTokens; in demo mode
   * demoTypicalOutputTokens); else the default.
   */
  typicalOutputTokens?: number | null;
  /** Characters of its role prompt; 0 or none without a role. */
  rolePromptLength?: number;
}

export interface QuestionQuoteInput {
  /** Characters of the question as it will be sent (trimmed). */
  questionLength: number;
  /** In council order. */
  members: readonly QuoteMember[];
  showDebate: boolean;
  showReasoning: boolean;
  /** Index in `members` of the debate leader, who writes the consensus; the first by default. */
  leaderIndex?: number;
  /** The max output tokens of each call on the asker's tier (answerMaxOutputTokensFor). */
  answerMaxOutputTokens?: number;
}

/** Tokens of one end of the quote, by part of the question. */
export interface QuoteParts {
  /** Every member's first answer. */
  answers: number;
  /** The debate revisions (0 without debate). */
  debate: number;
  /** The leader's consensus and its agreement map (0 without debate). */
  consensus: number;
}

export interface QuestionQuote {
  /** Fewest tokens to expect: short answers, and one debate round. */
  low: number;
  /**
   * The most likely figure: typical answers and, with debate on, half-way between one round and
   * every round (whether a member changes position in round 1 decides if round 2 follows).
   */
  typical: number;
  /** Most tokens to expect: long answers, and every debate round. Never above `reservation`. */
  high: number;
  lowParts: QuoteParts;
  highParts: QuoteParts;
  /** Debate rounds at each end: 0 without debate (or with one member), else 1 and DEBATE_MAX_ROUNDS. */
  rounds: { low: number; high: number };
  members: number;
  /** What the question holds while it runs (estimateQuestionTokens), the hard upper bound. */
  reservation: number;
}

/** The typical answer of a member in demo mode to this question: a scripted answer, or the card. */
export function demoTypicalOutputTokens(question: string): number {
  return demoExampleIndex(question) >= 0
    ? DEMO_TYPICAL_OUTPUT_TOKENS.example
    : DEMO_TYPICAL_OUTPUT_TOKENS.card;
}

interface Scenario {
  /** Answer length as a share of the model's typical answer. */
  outputFactor: number;
  rounds: number;
  /** Tokens of a member's system prompt without a role, and of the framing around its message. */
  systemTokens: (rolePromptLength: number) => number;
}

const tokensOf = (chars: number): number => Math.ceil(Math.max(0, chars) / CHARS_PER_TOKEN_ESTIMATE);

const typicalOf = (member: QuoteMember): number => {
  const value = member.typicalOutputTokens;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? value
    : TYPICAL_OUTPUT_TOKENS_DEFAULT;
};

const roleOf = (member: QuoteMember): number => Math.max(0, member.rolePromptLength ?? 0);

/** The tokens one scenario of the question uses, by part. */
function spend(input: QuestionQuoteInput, scenario: Scenario): QuoteParts {
  const cap = Math.max(1, Math.floor(input.answerMaxOutputTokens ?? ANSWER_MAX_OUTPUT_TOKENS));
  const questionTokens = tokensOf(input.questionLength);
  const reasoning = input.showReasoning ? 1 + QUOTE_REASONING_SHARE : 1;
  const members = input.members.map((member) => {
    // The answer text (what the others read), and all the call writes (reasoning counted).
    const answer = Math.min(cap, Math.round(typicalOf(member) * scenario.outputFactor));
    return {
      answer,
      written: Math.min(cap, Math.round(answer * reasoning)),
      prompt: questionTokens + scenario.systemTokens(roleOf(member)),
    };
  });
  const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
  const answers = sum(members.map((member) => member.prompt + member.written));
  const leader = members[input.leaderIndex ?? 0] ?? members[0];
  if (!input.showDebate || !leader) return { answers, debate: 0, consensus: 0 };

  // A revision and the consensus read every member's latest answer besides the question.
  const readingAll = sum(members.map((member) => member.answer + QUOTE_PROMPT_TOKENS.perAnswer));
  const round = sum(
    members.map((member) => member.prompt + QUOTE_PROMPT_TOKENS.revision + readingAll + member.written),
  );
  const debate = Math.round(scenario.rounds * round);
  const synthesis = leader.prompt + QUOTE_PROMPT_TOKENS.synthesis + readingAll + leader.written;
  // The map, drawn beside the consensus, reads the question and the final answers, and writes
  // claims × stances.
  const mapped = members.length >= 2;
  const mapPrompt =
    questionTokens +
    QUOTE_PROMPT_TOKENS.agreementMap +
    sum(members.map((member) => member.answer + QUOTE_PROMPT_TOKENS.perMapMember));
  const { claims, perClaim, perStance } = QUOTE_AGREEMENT_MAP_OUTPUT;
  const mapOutput = Math.min(
    AGREEMENT_MAP_LIMITS.maxOutputTokens,
    Math.round(claims * scenario.outputFactor * (perClaim + members.length * perStance)),
  );
  return { answers, debate, consensus: synthesis + (mapped ? mapPrompt + mapOutput : 0) };
}

const total = (parts: QuoteParts): number => parts.answers + parts.debate + parts.consensus;

/**
 * The quote of a question: the range of tokens it should use. `low` assumes short answers (0.6 of
 * each model's typical answer) and, with debate on, one round; `high` long answers (1.5 times) and
 * DEBATE_MAX_ROUNDS rounds, capped at the reservation; `typical` lies between. Pure: the Ask screen shows it live and
 * scripts/bench/quote-error.ts measures it against what questions spend.
 */
export function quoteQuestionTokens(input: QuestionQuoteInput): QuestionQuote {
  const count = input.members.length;
  const debating = input.showDebate && count >= 2;
  const rounds = { low: debating ? 1 : 0, high: debating ? DEBATE_MAX_ROUNDS : 0 };
  // A role's prompt replaces the default one.
  const systemTokens = (role: number): number => (role > 0 ? tokensOf(role) : QUOTE_PROMPT_TOKENS.system);
  const lowParts = spend(input, { outputFactor: QUOTE_OUTPUT_RANGE.low, rounds: rounds.low, systemTokens });
  const typicalParts = spend(input, {
    outputFactor: 1,
    rounds: (rounds.low + rounds.high) / 2,
    systemTokens,
  });
  const highParts = spend(input, {
    outputFactor: QUOTE_OUTPUT_RANGE.high,
    rounds: rounds.high,
    // As the reservation counts it: the overhead, with a role's prompt on top.
    systemTokens: (role) => tokensOf(role) + PROMPT_OVERHEAD_TOKENS,
  });
  const reservation = estimateQuestionTokens({
    members: count,
    questionLength: Math.max(0, input.questionLength),
    showDebate: input.showDebate,
    answerMaxOutputTokens: input.answerMaxOutputTokens,
    rolePromptLength: Math.max(0, ...input.members.map(roleOf)),
  });
  const high = Math.min(total(highParts), reservation);
  const low = Math.min(total(lowParts), high);
  return {
    low,
    typical: Math.min(Math.max(total(typicalParts), low), high),
    high,
    lowParts,
    highParts,
    rounds,
    members: count,
    reservation,
  };
}
