// One provider call's part in a capped question's budget (TOKEN_CAP). The call claims its prompt
// and a first grant of output before it starts (so a call that starts always writes something),
// then takes more output from the budget in grants ahead of the text: a delta is
// let through only as far as the grants cover it, so what the calls of a question keep never adds
// up to more than the budget (in the estimate's units, chars / 4). A grant costs one Redis round
// trip per OUTPUT_GRANT_TOKENS of text. Once the call has ended, the estimates are replaced by
// what it used and the unused grant goes back.
//
// An uncapped question's budget is its hold (DECISIONS 26): it starts at what billing held, and a
// call that finds it spent asks billing for more of the balance (`refill`) instead of stopping. It
// stops only when the balance has nothing more to give.

import { TOKEN_CAP } from '@council/contracts';
import { type LlmRequest, estimatePromptTokens, tokensForChars } from '@council/llm';
import { type QuestionBudget } from '@council/server-kit';

/** Output tokens taken from the budget at a time. */
export const OUTPUT_GRANT_TOKENS = 64;

/** Characters a number of estimated tokens covers (tokensForChars' inverse). */
const CHARS_PER_TOKEN = 4;

/** Adds up to `tokens` of the balance to the question's hold; resolves to what was added. */
export type HoldRefill = (tokens: number) => Promise<number>;

export class CallBudget {
  /** Characters of output let through so far. */
  private admittedChars = 0;
  /** Output tokens taken from the budget so far: the claim's first grant, then more as needed. */
  private granted = TOKEN_CAP.minOutputTokens;
  /** The budget had no more to give: nothing past the grants is let through. */
  private exhausted = false;

  private constructor(
    private readonly budget: QuestionBudget,
    private readonly questionId: number,
    private readonly cap: number,
    /** The prompt tokens claimed before the call. */
    readonly promptTokens: number,
    /** The most output the budget had room for when the call started. */
    readonly room: number,
    /** What the call must leave in the budget (consensusReserve for a member's call). */
    private readonly floor: number,
    private readonly refill: HoldRefill | null,
    /** The call's own output limit: what a refill asks for at most. */
    private readonly ownMaxTokens: number,
  ) {}

  /**
   * Claims the request's prompt; null when the budget cannot pay for the call. `cap` is what the
   * budget starts at: the cap, or an uncapped question's hold (with `refill`).
   */
  static async open(
    budget: QuestionBudget,
    questionId: number,
    cap: number,
    request: Pick<LlmRequest, 'system' | 'messages' | 'maxTokens'>,
    floor = 0,
    refill: HoldRefill | null = null,
  ): Promise<CallBudget | null> {
    const promptTokens = estimatePromptTokens(request);
    const claim = () => budget.claim(questionId, cap, promptTokens, TOKEN_CAP.minOutputTokens, floor);
    let room = await claim();
    if (room === null && refill) {
      const added = await refill(promptTokens + request.maxTokens);
      if (added > 0) {
        await budget.spend(questionId, cap, -added, floor);
        room = await claim();
      }
    }
    return room === null
      ? null
      : new CallBudget(budget, questionId, cap, promptTokens, room, floor, refill, request.maxTokens);
  }

  /** The call's output limit: its own, or less when a cap's budget has less room. */
  maxTokens(own: number): number {
    return this.refill ? own : Math.min(own, this.room);
  }

  /**
   * For streamAnswer's admit: the part of `text` the budget pays for, taking more grants as
   * needed. A shorter string than `text` means the budget is spent: the call stops there.
   */
  readonly admit = async (text: string): Promise<string> => {
    const wanted = () => tokensForChars(this.admittedChars + text.length) - this.granted;
    while (wanted() > 0 && !this.exhausted) {
      const asked = Math.max(wanted(), OUTPUT_GRANT_TOKENS);
      const got = await this.budget.take(this.questionId, this.cap, asked, this.floor);
      this.granted += got;
      if (got < asked && !(await this.refilled(asked - got))) this.exhausted = true;
    }
    const fits = Math.max(0, Math.min(text.length, this.granted * CHARS_PER_TOKEN - this.admittedChars));
    this.admittedChars += fits;
    return fits === text.length ? text : text.slice(0, fits);
  };

  /** Tops the hold up by what the call may still write (at least `short`); false when nothing came. */
  private async refilled(short: number): Promise<boolean> {
    if (!this.refill) return false;
    const added = await this.refill(Math.max(short, OUTPUT_GRANT_TOKENS, this.ownMaxTokens - this.granted));
    if (added <= 0) return false;
    await this.budget.spend(this.questionId, this.cap, -added, this.floor);
    return true;
  }

  /** The call ended having used `totalTokens`: the budget is corrected from the grants to that. */
  async settle(totalTokens: number): Promise<void> {
    await this.budget.spend(this.questionId, this.cap, totalTokens - this.promptTokens - this.granted);
  }

  /** The call failed and is not charged: everything it took goes back. */
  async refund(): Promise<void> {
    await this.budget.spend(this.questionId, this.cap, -(this.promptTokens + this.granted));
  }
}
