// One debate question is one trace across every process (docs/operations.md, "Tracing"): the apps
// run as real processes with the OpenTelemetry SDK on, exporting to a receiver that keeps the spans
// in memory; the fake providers answer through the real SDKs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FakeProviderRequest } from '@council/testing';
import { type Scenario, startScenario } from '../../faults/lib/scenario.ts';
import {
  type OtlpReceiver,
  type ReceivedSpan,
  SPAN_KIND,
  startOtlpReceiver,
} from './fixtures/otlp-receiver.ts';

const SERVICES = [
  'council-gateway',
  'council-billing',
  'council-provider-worker',
  'council-consensus-worker',
];

let receiver: OtlpReceiver;
let scenario: Scenario;

before(async () => {
  receiver = await startOtlpReceiver();
  scenario = await startScenario({
    name: 'tracing',
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Spans leave within a fifth of a second, so the test need not wait for the default 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
    fake: {
      tokensPerSecond: 400,
      generateText: (request: FakeProviderRequest) => {
        if (request.structured) return '{"claims": []}';
        const content = request.messages.at(-1)?.content ?? '';
        if (content.startsWith('Debate round')) return 'Keep it simple.\n\nPosition: unchanged';
        return 'Keep it simple.';
      },
    },
  });
});

after(async () => {
  await scenario?.cleanup();
  await receiver?.stop();
});

function servicesOf(spans: readonly ReceivedSpan[]): Set<string> {
  return new Set(spans.map((span) => span.service));
}

/** Spans whose parent is not among `spans`. */
function orphansOf(spans: readonly ReceivedSpan[]): ReceivedSpan[] {
  const ids = new Set(spans.map((span) => span.spanId));
  return spans.filter((span) => span.parentSpanId !== null && !ids.has(span.parentSpanId));
}

test('a debate question is one trace: the ask, every member job, the consensus, billing and the first delivery', async () => {
  const user = await scenario.register();
  await scenario.subscribe(user, 'premium');
  const client = await scenario.client(user).connect();
  const asked = await scenario.post(
    '/api/questions',
    { question: 'Should a team of five adopt Kubernetes now?', showDebate: true },
    { cookie: user.cookie },
  );
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  const questionId = (asked.body as { question: { id: number } }).question.id;
  assert.equal((await client.subscribe(questionId))?.ok, true);
  await client.finished(questionId, 90_000);
  assert.equal(client.count(questionId, 'question:completed'), 1);

  // The ask's request id is its trace id and span id (so are its log lines and error bodies).
  const requestId = asked.headers.get('x-request-id') ?? '';
  const match = /^([0-9a-f]{32})-([0-9a-f]{16})$/.exec(requestId);
  assert.ok(match, `the request id carries the trace: ${requestId}`);
  const traceId = match[1];

  // A span leaves its process when it ends, so a parent (a job's consumer span, say) may arrive
  // after its children: wait until the tree is whole, not merely until every process has spoken.
  let trace: ReceivedSpan[] = [];
  const deadline = Date.now() + 20_000;
  for (;;) {
    trace = receiver.spans.filter((span) => span.traceId === traceId);
    const delivered = trace.some((span) => span.name === 'council.stream first delivery');
    const whole = orphansOf(trace).length === 0;
    if ((servicesOf(trace).size === SERVICES.length && delivered && whole) || Date.now() > deadline) break;
    await sleep(200);
  }
  assert.deepEqual([...servicesOf(trace)].sort(), [...SERVICES].sort(), 'every process is in the trace');

  const root = trace.filter((span) => span.parentSpanId === null);
  assert.equal(root.length, 1, 'one root');
  assert.equal(root[0]?.service, 'council-gateway');
  assert.equal(root[0]?.kind, SPAN_KIND.server);
  assert.equal(root[0]?.spanId, match[2], 'the root is the ask the request id names');
  assert.deepEqual(
    orphansOf(trace).map((span) => span.name),
    [],
    'every span hangs from the tree',
  );

  const consumed = (service: string) =>
    trace.filter((span) => span.service === service && span.kind === SPAN_KIND.consumer);
  // Three members' opening answers and at least one revision round each.
  assert.ok(consumed('council-provider-worker').length >= 6, 'each member job is a span');
  assert.ok(consumed('council-consensus-worker').length >= 2, 'the rounds and the synthesis are spans');
  assert.ok(
    trace.some((span) => span.service === 'council-billing' && span.kind === SPAN_KIND.server),
    'billing calls are spans of the question',
  );
  const delivery = trace.find((span) => span.name === 'council.stream first delivery');
  assert.equal(delivery?.service, 'council-gateway');
  assert.equal(delivery?.attributes['council.question.id'], questionId);

  // Nothing of the question leaks into another trace.
  const elsewhere = receiver.spans.filter(
    (span) => span.traceId !== traceId && span.attributes['council.question.id'] === questionId,
  );
  assert.deepEqual(elsewhere, []);

  // Log lines written inside the trace carry its id.
  assert.match(readFileSync(scenario.logFile, 'utf8'), new RegExp(`"trace_id":"${traceId}"`));
});
