import { TOKEN_CAP_TEXTS } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { askResultFixture } from '@/testing/ask.fixture';
import { questionDetailFixture, responseRowFixture } from '@/testing/history.fixture';
import { createQuestionStream, questionStreamFromDetail } from './question-seed';
import { answerState, debateTranscript, memberText } from './question-views';
import { completed, delta, failed, fold, meta } from './stream-events.fixture';

describe('the state a question starts from (the POST answer or a REST read)', () => {
  it('starts with one queued member per agent, in order', () => {
    const state = createQuestionStream(askResultFixture());
    expect(state.members.map((member) => member.agent?.name)).toEqual(['ChatGPT', 'Claude', 'Grok']);
    expect(state.members.map((member) => answerState(member, state.status))).toEqual([
      'queued',
      'queued',
      'queued',
    ]);
    expect(state.consensus).toBeNull();
  });
});

describe('one debate, live and read back (the same transcript and token counts)', () => {
  it('folds the stream and the stored rows into the same log and per-member totals', () => {
    const start = createQuestionStream(askResultFixture({ showDebate: true }));
    const live = fold(
      [
        delta('1-0', 0, 'Tea.'),
        completed('1-1', 0),
        delta('1-2', 1, 'Coffee.'),
        completed('1-3', 1),
        { type: 'debate:round', ...meta('2-0'), round: 1, status: 'started' },
        delta('2-1', 0, 'Still tea.\n\nPosition: unchanged', 1),
        completed('2-2', 0, 1),
        { type: 'debate:round', ...meta('2-3'), round: 1, status: 'completed' },
        { type: 'question:completed', ...meta('3-0'), totalTokensUsed: 90 },
      ],
      start,
    );
    const detail = questionDetailFixture({ showDebate: true, status: 'completed' });
    const row = (memberOrder: number, round: number, response: string) => ({
      ...detail.answers[memberOrder]!,
      id: 700 + memberOrder * 10 + round,
      round,
      response,
      promptTokens: 10,
      completionTokens: 20,
      totalTokens: 30,
    });
    detail.answers = [row(0, 0, 'Tea.'), row(0, 1, 'Still tea.'), row(1, 0, 'Coffee.')];
    const saved = questionStreamFromDetail(detail);

    const shape = (state: typeof live) =>
      debateTranscript(state).map(({ round, inProgress, entries }) => ({
        round,
        inProgress,
        entries: entries.map(({ member, text }) => [member.order, text]),
      }));
    expect(shape(saved)).toEqual(shape(live));
    expect(shape(live)).toEqual([
      {
        round: 0,
        inProgress: false,
        entries: [
          [0, 'Tea.'],
          [1, 'Coffee.'],
        ],
      },
      { round: 1, inProgress: false, entries: [[0, 'Still tea.']] },
    ]);
    expect(saved.members.map((member) => member.usage.totalTokens)).toEqual(
      live.members.map((member) => member.usage.totalTokens),
    );
    expect(saved.members[0]?.usage.totalTokens).toBe(60);
  });
});

describe('Stop at N tokens (stoppedAtLimit; answers the cap left no room for)', () => {
  const debate = () => createQuestionStream(askResultFixture({ showDebate: true, tokenCap: 2000 }));

  it('reads the same back from the stored rows as it showed live', () => {
    const live = fold(
      [
        delta('1-0', 0, 'Tea is'),
        completed('1-1', 0, 0, true),
        failed('1-2', 1, TOKEN_CAP_TEXTS.notStarted),
        {
          type: 'consensus:failed',
          ...meta('1-3'),
          responseId: 900,
          error: TOKEN_CAP_TEXTS.consensusNotWritten,
        },
      ],
      debate(),
    );
    const detail = questionDetailFixture({ showDebate: true, tokenCap: 2000 });
    detail.answers = [
      responseRowFixture({ id: 500, memberOrder: 0, response: 'Tea is', stoppedAtLimit: true }),
      responseRowFixture({
        id: 501,
        memberOrder: 1,
        provider: 'anthropic',
        status: 'failed',
        response: '',
        error: TOKEN_CAP_TEXTS.notStarted,
      }),
      responseRowFixture({
        id: 900,
        memberOrder: null,
        provider: 'consensus',
        status: 'failed',
        response: '',
        error: TOKEN_CAP_TEXTS.consensusNotWritten,
      }),
    ];
    const saved = questionStreamFromDetail(detail);
    const shape = (state: typeof live) => ({
      members: state.members
        .slice(0, 2)
        .map(({ phase, stoppedAtLimit, error }) => ({ phase, stoppedAtLimit, error })),
      consensus: { phase: state.consensus?.phase, error: state.consensus?.error },
      capShortened: state.capShortened,
    });
    expect(shape(saved)).toEqual(shape(live));
    expect(shape(saved).members[0]).toEqual({ phase: 'completed', stoppedAtLimit: true, error: null });
    expect(memberText(saved.members[0]!)).toBe('Tea is');
  });
});
