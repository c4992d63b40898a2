import { buildCouncilRequest, latestCouncilAnswers } from './council-request.util';
import {
  DEFAULT_MEMBER_PROMPT,
  NO_OWN_ANSWER,
  buildRevisionPrompt,
  buildSynthesisPrompt,
  readCouncilPrompt,
} from './llm.prompts';

describe('council requests', () => {
  const members = [
    { order: 0, agent: { name: 'Claude' }, model: { name: 'Claude Sonnet 4' } },
    { order: 1, agent: { name: 'Grok' }, model: { name: 'Grok 3' } },
    { order: 2, agent: { name: 'GPT' }, model: { name: 'GPT-4o' } },
  ];
  const latest = latestCouncilAnswers(members, [
    { memberOrder: 2, round: 1, response: 'Buy.' },
    { memberOrder: 0, round: 1, response: 'Rent.' },
  ]);
  const base = {
    question: 'Rent or buy?',
    model: 'claude-sonnet-4',
    rolePrompt: null,
    maxTokens: 4096,
    reasoning: false,
    round: 2,
    memberOrder: 0,
  };

  it('pairs each member with its latest answer, in council order, leaving out members without one', () => {
    expect(latest).toEqual([
      { order: 0, round: 1, answer: { member: 'Claude (Claude Sonnet 4)', answer: 'Rent.' } },
      { order: 2, round: 1, answer: { member: 'GPT (GPT-4o)', answer: 'Buy.' } },
    ]);
  });

  it('asks a first answer with the question alone, under the default prompt when the role has none', () => {
    expect(buildCouncilRequest({ ...base, task: 'answer', rolePrompt: '  ', latest: [] })).toEqual({
      model: 'claude-sonnet-4',
      system: DEFAULT_MEMBER_PROMPT,
      maxTokens: 4096,
      reasoning: false,
      task: 'answer',
      messages: [{ role: 'user', content: 'Rent or buy?' }],
    });
  });

  it('sets the reviser’s own answer apart from the others', () => {
    const request = buildCouncilRequest({ ...base, task: 'revision', rolePrompt: ' Be brief. ', latest });
    expect(request.system).toBe('Be brief.');
    expect(request.task).toBe('revision');
    expect(request.messages).toEqual([
      {
        role: 'user',
        content: buildRevisionPrompt({
          question: 'Rent or buy?',
          round: 2,
          ownAnswer: 'Rent.',
          others: [{ member: 'GPT (GPT-4o)', answer: 'Buy.' }],
        }),
      },
    ]);
  });

  it('gives a reviser without an earlier answer an empty own answer', () => {
    const request = buildCouncilRequest({ ...base, task: 'revision', memberOrder: 1, latest });
    expect(request.messages[0].content).toBe(
      buildRevisionPrompt({
        question: 'Rent or buy?',
        round: 2,
        ownAnswer: '',
        others: latest.map((entry) => entry.answer),
      }),
    );
  });

  it('shows the synthesis every latest answer', () => {
    const request = buildCouncilRequest({ ...base, task: 'synthesis', latest });
    expect(request.task).toBe('synthesis');
    expect(request.messages[0].content).toBe(
      buildSynthesisPrompt({ question: 'Rent or buy?', answers: latest.map((entry) => entry.answer) }),
    );
  });

  describe('a follow-up', () => {
    const thread = [
      { question: 'Rent or buy?', ownAnswer: 'Rent.', consensus: 'Rent, for now.' },
      { question: 'In London?', ownAnswer: null, consensus: null },
    ];

    it('sends the thread before the question: each question, the own answer, and the consensus ahead of the next', () => {
      const request = buildCouncilRequest({
        ...base,
        task: 'answer',
        question: 'And in Leeds?',
        latest: [],
        thread,
      });
      expect(request.messages.map((message) => message.role)).toEqual([
        'user',
        'assistant',
        'user',
        'assistant',
        'user',
      ]);
      expect(request.messages[1]!.content).toBe('Rent.');
      expect(request.messages[2]!.content).toMatch(
        /^The council's consensus[\s\S]*Rent, for now\.[\s\S]*In London\?$/,
      );
      // An empty message would be refused by both APIs.
      expect(request.messages[3]!.content).toBe(NO_OWN_ANSWER);
      expect(request.messages[4]!.content).toBe('And in Leeds?');
    });

    it('puts the last consensus ahead of a revision, which still reads back as one', () => {
      const request = buildCouncilRequest({
        ...base,
        task: 'revision',
        latest,
        thread: [thread[0]!],
      });
      const last = request.messages.at(-1)!.content;
      expect(last).toContain('Rent, for now.');
      expect(readCouncilPrompt(last)).toMatchObject({
        task: 'revision',
        question: 'Rent or buy?',
        ownAnswer: 'Rent.',
      });
    });

    it("reads a follow-up's question back without the consensus before it", () => {
      const request = buildCouncilRequest({
        ...base,
        task: 'answer',
        question: 'And in Leeds?',
        latest: [],
        thread: [thread[0]!],
      });
      expect(readCouncilPrompt(request.messages.at(-1)!.content)).toMatchObject({
        task: 'answer',
        question: 'And in Leeds?',
      });
    });
  });
});
