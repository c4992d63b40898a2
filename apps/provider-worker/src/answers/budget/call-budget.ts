// One provider call's part in a capped question's budget (TOKEN_CAP): the call claims its prompt
// before it starts, spends what it streams as it streams (one Redis command in flight at a time,
// the text that arrives meanwhile is spent with the next), and stops every call of the question
// when the budget is gone. Once the call has ended, its estimates are replaced by what it used.

import { TOKEN_CAP } from '@council/contracts';
import { type LlmRequest, estimatePromptTokens, tokensForChars } from '@council/llm';
import { type QuestionBudget } from '@council/server-kit';
import { type DeltaSink } from '../answer-stream';

export class CallBudget {
  private streamedChars = 0;
  /** Tokens of the streamed text already taken from the budget. */
  private spentStreamed = 0;
  private inFlight: Promise<void> | null = null;
  private exhausted = false;
  private onExhausted: (() => void) | null = null;

  private constructor(
    private readonly budget: QuestionBudget,
    private readonly questionId: number,
    private readonly cap: number,
    /** The prompt tokens claimed before the call. */
    readonly promptTokens: number,
    /** The most output the budget had room for when the call started. */
    readonly room: number,
  ) {}

  /** Claims the request's prompt; null when the budget cannot pay for the call. */
  static async open(
    budget: QuestionBudget,
    questionId: number,
    cap: number,
    request: Pick<LlmRequest, 'system' | 'messages'>,
  ): Promise<CallBudget | null> {
    const promptTokens = estimatePromptTokens(request);
    const room = await budget.claim(questionId, cap, promptTokens, TOKEN_CAP.minOutputTokens);
    return room === null ? null : new CallBudget(budget, questionId, cap, promptTokens, room);
  }

  /** The call's output limit: its own, or less when the budget has less room. */
  maxTokens(own: number): number {
    return Math.min(own, this.room);
  }

  /** The sink `sink` with every delta counted against the budget. */
  meter(sink: DeltaSink): DeltaSink {
    return {
      push: (kind, text) => {
        sink.push(kind, text);
        this.streamedChars += text.length;
        this.spendStreamed();
      },
      close: () => sink.close(),
      discard: () => sink.discard(),
    };
  }

  /** For streamAnswer's watchLimit: calls `onLimit` once the budget is gone. */
  readonly watch = (onLimit: () => void): (() => void) => {
    this.onExhausted = onLimit;
    if (this.exhausted) onLimit();
    return () => {
      this.onExhausted = null;
    };
  };

  /** The call ended having used `totalTokens`: the budget is corrected from the estimates to that. */
  async settle(totalTokens: number): Promise<void> {
    await this.idle();
    await this.budget.spend(this.questionId, this.cap, totalTokens - this.promptTokens - this.spentStreamed);
  }

  /** The call failed and is not charged: everything it took goes back. */
  async refund(): Promise<void> {
    await this.idle();
    await this.budget.spend(this.questionId, this.cap, -(this.promptTokens + this.spentStreamed));
  }

  private spendStreamed(): void {
    if (this.inFlight) return;
    const owed = tokensForChars(this.streamedChars) - this.spentStreamed;
    if (owed <= 0) return;
    this.spentStreamed += owed;
    this.inFlight = this.budget
      .spend(this.questionId, this.cap, owed)
      .then(
        (left) => {
          if (left > 0) return;
          this.exhausted = true;
          this.onExhausted?.();
        },
        // Unreadable budget: the call goes on within its output limit; billing still holds the cap.
        () => undefined,
      )
      .finally(() => {
        this.inFlight = null;
        if (!this.exhausted) this.spendStreamed();
      });
  }

  private async idle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }
}
