import { BALANCE_STOP_TEXTS, TOKEN_CAP_TEXTS, type TokenUsage } from '@council/contracts';
import {
  type LlmProvider,
  type LlmRequest,
  classifyProviderError,
  estimatePromptTokens,
  tokensForChars,
} from '@council/llm';
import { type QuestionStreamWriter } from '@council/server-kit';
import { type Job, UnrecoverableError } from 'bullmq';
import { type ResponsesRepository, type StoredRow } from './data/responses.repository';
import { RetryableProviderError } from './provider-job.errors';
import { type ProviderJobResult, type ProviderJobTarget } from './provider-job.types';
import { failedEntry } from './stream-entries';
import { type UsageSettlement } from './usage-settlement';

/** How a provider job ends without an answer: a cancelled question, or a provider failure. */
export class ProviderJobFailureService {
  constructor(
    private readonly responses: ResponsesRepository,
    private readonly stream: QuestionStreamWriter,
    private readonly settlement: UsageSettlement,
  ) {}

  /**
   * The question was cancelled mid-answer: keep the partial answer, marked with
   * QUESTION_CANCELLED_MESSAGE, and settle its estimated usage (the provider sent no report). The
   * stream is not written: the gateway ended it with question:failed.
   */
  async stopCancelled(
    target: ProviderJobTarget,
    row: StoredRow,
    provider: LlmProvider,
    request: LlmRequest,
    text: string,
    reasoning: string,
    /** What the row's other calls used (the consensus's agreement map), charged with it. */
    alongside?: TokenUsage,
  ): Promise<ProviderJobResult> {
    const own = estimatedUsage(provider, request, text, reasoning);
    const usage = alongside ? sumUsage(own, alongside) : own;
    const stopped = await this.responses.failCancelled(row.id, {
      response: text.trim(),
      reasoning: reasoning.trim() || null,
      usage,
    });
    if (stopped) await this.settlement.settle(target, row.id, usage);
    return { status: 'failed', responseId: row.id, changed: null };
  }

  /**
   * The question's token cap left no room to start this call: the member's answer (or the
   * consensus) ends with the cap's note and no text, and nothing is charged.
   */
  async stopAtLimit(
    target: ProviderJobTarget,
    row: StoredRow,
    byBalance = false,
  ): Promise<ProviderJobResult> {
    const note = byBalance
      ? BALANCE_STOP_TEXTS.notStarted
      : target.consensus
        ? TOKEN_CAP_TEXTS.consensusNotWritten
        : TOKEN_CAP_TEXTS.notStarted;
    await this.responses.fail(row.id, note);
    await this.stream.append(target.data.questionId, [failedEntry(target, row.id, note)]);
    return { status: 'failed', responseId: row.id, changed: null };
  }

  /**
   * Sorts a provider failure (classifyProviderError): a retryable one with attempts left is
   * rethrown for BullMQ's backoff; otherwise the member ends with an error row.
   */
  async failOrRetry(
    job: Job,
    target: ProviderJobTarget,
    row: StoredRow,
    provider: LlmProvider,
    error: unknown,
    /** What the row's other calls used and stored (the consensus's agreement map): charged on a final failure. */
    alongside?: TokenUsage,
  ): Promise<never> {
    const classification = classifyProviderError(error, provider.name);
    const attempts = job.opts.attempts ?? 1;
    const final = !classification.retryable || job.attemptsMade + 1 >= attempts;
    if (!final) {
      throw new RetryableProviderError(classification.userMessage, classification.retryAfterMs, {
        cause: error,
      });
    }
    await this.responses.fail(row.id, classification.userMessage);
    // The map stays on the failed consensus, drawn and shown: its calls are paid for.
    if (alongside && alongside.totalTokens > 0) await this.settlement.settle(target, row.id, alongside);
    await this.stream.append(target.data.questionId, [
      failedEntry(target, row.id, classification.userMessage),
    ]);
    throw new UnrecoverableError(classification.userMessage);
  }
}

export function sumUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

/** Usage of a call stopped before the provider reported any: its prompt and what it wrote, estimated. */
export function estimatedUsage(
  provider: LlmProvider,
  request: LlmRequest,
  text: string,
  reasoning: string,
): TokenUsage {
  // A demo card is not an answer and costs nothing (docs/decisions.md, "22. A card that is not an answer").
  if (provider.charges?.(request) === false) return { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  const promptTokens = estimatePromptTokens(request);
  const completionTokens = tokensForChars(text.length + reasoning.length);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}
