import { type JobPayloads } from './queues.payloads';
import { JobPayloadError, parseJobPayload } from './queues.validate';

const Q = 42;
const U = 7;
const A = 1;
const M = 3;

const member: JobPayloads['member-answer'] = {
  questionId: Q,
  memberOrder: 0,
  round: 0,
  agentId: A,
  modelId: M,
  roleId: null,
  provider: 'openai',
  userId: U,
  showReasoning: false,
};

describe('parseJobPayload', () => {
  it('accepts a well-formed member job and returns the payload class', async () => {
    const parsed = await parseJobPayload('member-answer', member);
    expect(parsed).toEqual(member);
  });

  it('accepts the other jobs’ payloads', async () => {
    await expect(
      parseJobPayload('consensus-finalise', {
        questionId: Q,
        userId: U,
        showDebate: true,
        showReasoning: false,
        leaderOrder: 1,
        step: 'answers',
        round: 0,
      }),
    ).resolves.toBeDefined();
    await expect(
      parseJobPayload('usage-settle', {
        kind: 'release',
        questionId: Q,
        userId: U,
        responseId: null,
        memberOrder: null,
        round: 0,
        provider: null,
        promptTokens: 0,
        completionTokens: 0,
        totalTokens: 0,
      }),
    ).resolves.toBeDefined();
    await expect(parseJobPayload('retention-sweep', { retentionDays: 30 })).resolves.toBeDefined();
    await expect(
      parseJobPayload('webhook-process', {
        eventId: 'evt_1',
        type: 'checkout.session.completed',
        source: 'stripe',
      }),
    ).resolves.toBeDefined();
    await expect(parseJobPayload('question-fail', { questionId: Q, userId: U })).resolves.toEqual({
      questionId: Q,
      userId: U,
    });
    await expect(parseJobPayload('question-fail', { questionId: 0, userId: U })).rejects.toThrow(
      'questionId',
    );
  });

  it('rejects a payload with wrong fields, naming them', async () => {
    const bad = { ...member, provider: 'Gemini AI', memberOrder: 10, roleId: undefined };
    await expect(parseJobPayload('debate-revision', bad)).rejects.toThrow(JobPayloadError);
    await expect(parseJobPayload('debate-revision', bad)).rejects.toThrow(/memberOrder/);
    const error = await parseJobPayload('synthesis', bad).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JobPayloadError);
    expect((error as JobPayloadError).problems.join('\n')).toMatch(/provider/);
    expect((error as JobPayloadError).problems.join('\n')).toMatch(/roleId/);
  });

  it('checks the response id of a usage settlement', async () => {
    const settle = {
      kind: 'response',
      questionId: Q,
      userId: U,
      responseId: 99,
      memberOrder: 0,
      round: 0,
      provider: 'openai',
      promptTokens: 1,
      completionTokens: 2,
      totalTokens: 3,
    };
    await expect(parseJobPayload('usage-settle', settle)).resolves.toBeDefined();
    await expect(parseJobPayload('usage-settle', { ...settle, responseId: '99' })).rejects.toThrow(
      /responseId/,
    );
  });

  it('rejects ids that are not positive integers, such as an old UUID payload', async () => {
    for (const questionId of ['3f2504e0-4f89-41d3-9a0c-0305e82c3301', '42', 0, -1, 1.5, null]) {
      await expect(parseJobPayload('member-answer', { ...member, questionId })).rejects.toThrow(/questionId/);
    }
    const error = await parseJobPayload('member-answer', {
      ...member,
      agentId: '1',
      modelId: 0,
      roleId: 2.5,
      userId: 'u',
    }).catch((caught: unknown) => caught);
    const problems = (error as JobPayloadError).problems.join('\n');
    for (const field of ['agentId', 'modelId', 'roleId', 'userId']) expect(problems).toMatch(field);
    await expect(
      parseJobPayload('consensus-finalise', {
        questionId: Q,
        userId: 'u',
        showDebate: false,
        showReasoning: false,
        leaderOrder: null,
        step: 'answers',
        round: 0,
      }),
    ).rejects.toThrow(/userId/);
  });

  it('rejects non-objects', async () => {
    await expect(parseJobPayload('retention-sweep', null)).rejects.toThrow('payload must be an object');
    await expect(parseJobPayload('retention-sweep', [1])).rejects.toThrow(JobPayloadError);
  });
});
