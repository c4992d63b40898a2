import { type AgreementMapContext, type StreamEntry, readReplyClaim } from '@council/contracts';
import { type DeltaSink } from '../answer-stream';
import { ClaimScanner } from './claim-scanner';

/**
 * The sink of an agreement-map call: instead of relaying raw JSON, it appends each claim as soon
 * as the model has written it in full and it reads as a valid claim (an `agreement:claim` draft).
 * Appends run in order; a failed append is reported by close(), like DeltaBatcher.
 */
export class ClaimStream implements DeltaSink {
  private readonly scanner = new ClaimScanner();
  private index = 0;
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly context: AgreementMapContext,
    private readonly append: (entries: readonly StreamEntry[]) => Promise<void>,
  ) {}

  push(kind: 'text' | 'reasoning', text: string): void {
    if (kind !== 'text') return;
    const entries: StreamEntry[] = [];
    for (const json of this.scanner.push(text)) {
      const claim = readReplyClaim(parseJson(json), this.context);
      if (typeof claim !== 'string') entries.push({ type: 'agreement:claim', index: this.index++, claim });
    }
    if (entries.length === 0) return;
    this.chain = this.chain.then(() =>
      this.append(entries).catch((error: unknown) => {
        this.failure ??= error;
      }),
    );
  }

  async close(): Promise<void> {
    await this.chain;
    if (this.failure) throw this.failure;
  }

  async discard(): Promise<void> {
    await this.chain;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
