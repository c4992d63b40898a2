import { Injectable } from '@nestjs/common';
import { tracingEnabled } from '@council/server-kit';
import { type SpanContext, SpanKind, context, trace } from '@opentelemetry/api';

/** Questions asked here whose first delivery has not happened yet; older ones are forgotten first. */
const MAX_PENDING = 10_000;
const tracer = trace.getTracer('council-stream');

/**
 * Closes a question's trace at the socket: the ask remembers its span, and the relay's first
 * delivery of the question's entries is traced as its child (docs/operations.md, "Tracing").
 * A question asked on another gateway replica leaves no context here, so its delivery there is
 * not traced. With tracing off, nothing is remembered and a delivery only checks an empty map.
 */
@Injectable()
export class QuestionTraces {
  private readonly pending = new Map<number, SpanContext>();

  /** Called inside the ask's request, whose span becomes the delivery's parent. */
  rememberAsk(questionId: number): void {
    if (!tracingEnabled()) return;
    const asked = trace.getActiveSpan()?.spanContext();
    if (!asked) return;
    if (this.pending.size >= MAX_PENDING) {
      const oldest = this.pending.keys().next().value;
      if (oldest !== undefined) this.pending.delete(oldest);
    }
    this.pending.set(questionId, asked);
  }

  /** Runs `deliver`, traced as the question's first delivery if it is one. */
  deliver(questionId: number, entries: number, deliver: () => void): void {
    const asked = this.pending.size === 0 ? undefined : this.pending.get(questionId);
    if (!asked) {
      deliver();
      return;
    }
    this.pending.delete(questionId);
    const span = tracer.startSpan(
      'council.stream first delivery',
      {
        kind: SpanKind.PRODUCER,
        attributes: { 'council.question.id': questionId, 'council.stream.entries': entries },
      },
      trace.setSpanContext(context.active(), asked),
    );
    try {
      deliver();
    } finally {
      span.end();
    }
  }
}
