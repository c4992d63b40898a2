import {
  finaliseJobId,
  isBullMqSafeJobId,
  jobId,
  questionFailJobId,
  synthesisJobId,
  usageIdempotencyKey,
  usageJobId,
  webhookJobId,
} from './queues.ids';

const Q = 42;

describe('job ids', () => {
  it('builds questionId:memberOrder:round', () => {
    expect(jobId(Q, 0, 0)).toBe('42:0:0');
    expect(jobId(Q, 9, 2)).toBe(`${Q}:9:2`);
  });

  it('is deterministic, so a duplicate enqueue is ignored by BullMQ', () => {
    expect(jobId(Q, 1, 1)).toBe(jobId(Q, 1, 1));
    expect(jobId(Q, 1, 1)).not.toBe(jobId(Q, 1, 2));
  });

  it('refuses parts that would make ids collide or break BullMQ', () => {
    for (const bad of [0, -1, 1.5, NaN, Infinity, 1e21]) {
      expect(() => jobId(bad, 0, 0)).toThrow(RangeError);
      expect(() => synthesisJobId(bad)).toThrow(RangeError);
      expect(() => finaliseJobId(bad)).toThrow(RangeError);
      expect(() => usageJobId({ kind: 'release', questionId: bad, memberOrder: null, round: 0 })).toThrow(
        RangeError,
      );
    }
    expect(() => jobId(Q, -1, 0)).toThrow(RangeError);
    expect(() => jobId(Q, 0, 1.5)).toThrow(RangeError);
    expect(() => webhookJobId('evt:1')).toThrow(RangeError);
  });

  it('gives synthesis, finalise, fail, usage and webhook jobs their own ids', () => {
    expect(synthesisJobId(Q)).toBe(`${Q}:synthesis:0`);
    expect(finaliseJobId(Q)).toBe(`${Q}:finalise:0`);
    expect(questionFailJobId(Q)).toBe(`${Q}:fail:0`);
    expect(() => questionFailJobId(0)).toThrow(RangeError);
    expect(usageJobId({ kind: 'response', questionId: Q, memberOrder: 2, round: 1 })).toBe(`${Q}:2:1`);
    expect(usageJobId({ kind: 'response', questionId: Q, memberOrder: null, round: 2 })).toBe(
      `${Q}:consensus:2`,
    );
    expect(usageJobId({ kind: 'release', questionId: Q, memberOrder: null, round: 0 })).toBe(
      `${Q}:release:0`,
    );
    expect(usageIdempotencyKey({ kind: 'response', questionId: Q, memberOrder: 0, round: 0 })).toBe(
      `usage:${Q}:0:0`,
    );
    expect(webhookJobId('evt_1NtR2')).toBe('webhook-evt_1NtR2');
  });

  it('keys an answer given again by its own response row, apart from the answer it replaced', () => {
    const again = { kind: 'response', questionId: Q, memberOrder: 1, round: 0, answerAgain: true } as const;
    expect(usageJobId({ ...again, responseId: 977 })).toBe(`${Q}:1-again-977:0`);
    expect(usageIdempotencyKey({ ...again, responseId: 977 })).toBe(`usage:${Q}:1-again-977:0`);
    expect(isBullMqSafeJobId(usageJobId({ ...again, responseId: 977 }))).toBe(true);
    // Without the flag the row does not matter: the first answer's key, as before.
    expect(usageJobId({ ...again, answerAgain: false, responseId: 977 })).toBe(`${Q}:1:0`);
    expect(() => usageJobId({ ...again, responseId: null })).toThrow(RangeError);
  });

  it('only produces ids BullMQ 5 accepts', () => {
    const ids = [
      jobId(Q, 0, 0),
      jobId(1, 3, 1),
      jobId(Number.MAX_SAFE_INTEGER, 9, 3),
      synthesisJobId(Q),
      finaliseJobId(Q),
      questionFailJobId(Q),
      usageJobId({ kind: 'response', questionId: Q, memberOrder: null, round: 0 }),
      usageJobId({ kind: 'release', questionId: Q, memberOrder: null, round: 0 }),
      webhookJobId('evt_123'),
    ];
    for (const id of ids) expect(isBullMqSafeJobId(id)).toBe(true);
  });

  it('knows BullMQ 5’s rule', () => {
    expect(isBullMqSafeJobId('123')).toBe(false);
    expect(isBullMqSafeJobId('a:b')).toBe(false);
    expect(isBullMqSafeJobId('a:b:c:d')).toBe(false);
    expect(isBullMqSafeJobId('a:b:c')).toBe(true);
    expect(isBullMqSafeJobId('abc')).toBe(true);
  });
});
