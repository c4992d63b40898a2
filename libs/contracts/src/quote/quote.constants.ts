// The figures behind the quote a question gets before it is asked (quote.estimate.ts). All ours:
// none is in the spec. docs/quote.md says where each comes from and how far off the quote is.

/**
 * A model's typical answer in tokens when the catalogue gives none (ModelResponse
 * typicalOutputTokens): a mid-sized chat model's answer under the default member prompt.
 */
export const TYPICAL_OUTPUT_TOKENS_DEFAULT = 600;

/**
 * A member in demo mode (AgentResponse.demo) writes the demo adapter's text, not a model's answer:
 * a scripted answer to one of DEMO_EXAMPLE_QUESTIONS, else a short card saying that no model is
 * configured. Their typical length in output tokens, from scripts/bench/quote-error.ts (the demo's
 * first answers: 150 to 232 by voice for the examples, 120 for the card).
 */
export const DEMO_TYPICAL_OUTPUT_TOKENS = { example: 200, card: 120 } as const;

/**
 * How far one answer may stray from its model's typical length: the low end of a quote assumes
 * every call writes `low` times its typical answer, the high end `high` times. Answer lengths of the
 * same model vary about this much from one question to the next.
 */
export const QUOTE_OUTPUT_RANGE = { low: 0.6, high: 1.5 } as const;

/**
 * With reasoning shown, each answer, revision and consensus also writes its reasoning, counted as
 * output: about this share of the answer again. The agreement map asks for no reasoning.
 */
export const QUOTE_REASONING_SHARE = 0.5;

/**
 * Characters of a role prompt, for a member with a role. Role prompts stay on the server, so the
 * quote assumes one of about the catalogue's length (its roles' prompts run 240 to 390 characters).
 */
export const QUOTE_ROLE_PROMPT_LENGTH = 320;

/**
 * Tokens of the prompt text the council sends around the question and the answers, measured from
 * libs/llm's prompts (llm.prompts.ts, agreement-map.prompt.ts) at CHARS_PER_TOKEN_ESTIMATE.
 */
export const QUOTE_PROMPT_TOKENS = {
  /**
   * A member's system prompt without a role (DEFAULT_MEMBER_PROMPT, 233 characters). The low end
   * counts it; the high end counts PROMPT_OVERHEAD_TOKENS, as the reservation does.
   */
  system: 60,
  /** A debate revision's instructions and headings around the question and the answers. */
  revision: 120,
  /** The consensus's instructions and headings. */
  synthesis: 100,
  /** Each answer a revision or the consensus reads: its tags and the member's name. */
  perAnswer: 12,
  /**
   * The agreement map's system prompt and instructions (210) and its JSON schema (220), which the
   * APIs count as input when they enforce structured output.
   */
  agreementMap: 430,
  /** Each member's tags, name and rounds in the map request. */
  perMapMember: 24,
} as const;

/**
 * The agreement map's reply: about `claims` claims (AGREEMENT_MAP_LIMITS allows 8), each a short
 * sentence with its JSON (`perClaim`) and one stance object per member (`perStance`). Scaled by
 * QUOTE_OUTPUT_RANGE like any answer.
 */
export const QUOTE_AGREEMENT_MAP_OUTPUT = { claims: 5, perClaim: 30, perStance: 20 } as const;
