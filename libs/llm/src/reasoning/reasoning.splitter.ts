import { type LlmDeltaOf } from '../llm.types';
import { REASONING_CLOSE_TAG, REASONING_OPEN_TAG } from '../prompts/llm.prompts';

export type SplitDelta = LlmDeltaOf<'text'> | LlmDeltaOf<'reasoning'>;

type Mode = 'start' | 'reasoning' | 'between' | 'text';

/**
 * Splits a streamed reply of the form `<reasoning>…</reasoning> answer` (REASONING_INSTRUCTION)
 * into reasoning deltas, then text deltas, whatever the chunk boundaries: a tag cut across chunks
 * is held back until it is complete. A reply that does not open with the tag is all text. Tags
 * match case-insensitively; whitespace around the reasoning is dropped.
 */
export class ReasoningSplitter {
  private mode: Mode = 'start';
  private buffer = '';
  private reasoningStarted = false;

  push(chunk: string): SplitDelta[] {
    if (!chunk) return [];
    if (this.mode === 'text') return [{ type: 'text', text: chunk }];
    this.buffer += chunk;
    return this.drain();
  }

  /** Call once the reply is complete: flushes whatever was held back. */
  end(): SplitDelta[] {
    const rest = this.buffer;
    this.buffer = '';
    const mode = this.mode;
    this.mode = 'text';
    if (mode === 'start' && rest.trim()) return [{ type: 'text', text: rest }];
    if (mode === 'reasoning') return this.reasoning(rest.trimEnd());
    return [];
  }

  private drain(): SplitDelta[] {
    const out: SplitDelta[] = [];
    for (;;) {
      if (this.mode === 'start') {
        const trimmed = this.buffer.trimStart();
        if (!trimmed) return out;
        const head = trimmed.slice(0, REASONING_OPEN_TAG.length).toLowerCase();
        if (head === REASONING_OPEN_TAG) {
          this.mode = 'reasoning';
          this.buffer = trimmed.slice(REASONING_OPEN_TAG.length);
          continue;
        }
        if (REASONING_OPEN_TAG.startsWith(head) && head.length < REASONING_OPEN_TAG.length) return out;
        this.mode = 'text';
        out.push({ type: 'text', text: this.take(this.buffer.length) });
        return out;
      }
      if (this.mode === 'reasoning') {
        const close = this.buffer.toLowerCase().indexOf(REASONING_CLOSE_TAG);
        if (close >= 0) {
          out.push(...this.reasoning(this.buffer.slice(0, close).trimEnd()));
          this.buffer = this.buffer.slice(close + REASONING_CLOSE_TAG.length);
          this.mode = 'between';
          continue;
        }
        out.push(...this.reasoning(this.take(this.safeReasoningLength())));
        return out;
      }
      // 'between': skip the whitespace that separates the reasoning from the answer.
      const answer = this.buffer.trimStart();
      if (!answer) {
        this.buffer = '';
        return out;
      }
      this.buffer = '';
      this.mode = 'text';
      out.push({ type: 'text', text: answer });
      return out;
    }
  }

  /**
   * How much of the buffer can go out as reasoning now: all but a suffix that may be the start
   * of the closing tag, and the whitespace just before it (dropped if the tag does follow).
   */
  private safeReasoningLength(): number {
    const lower = this.buffer.toLowerCase();
    let keepFrom = lower.length;
    for (let length = Math.min(REASONING_CLOSE_TAG.length - 1, lower.length); length > 0; length--) {
      if (REASONING_CLOSE_TAG.startsWith(lower.slice(lower.length - length))) {
        keepFrom = lower.length - length;
        break;
      }
    }
    while (keepFrom > 0 && /\s/.test(lower[keepFrom - 1])) keepFrom--;
    return keepFrom;
  }

  private take(length: number): string {
    const head = this.buffer.slice(0, length);
    this.buffer = this.buffer.slice(length);
    return head;
  }

  private reasoning(text: string): SplitDelta[] {
    const value = this.reasoningStarted ? text : text.trimStart();
    if (!value) return [];
    this.reasoningStarted = true;
    return [{ type: 'reasoning', text: value }];
  }
}
