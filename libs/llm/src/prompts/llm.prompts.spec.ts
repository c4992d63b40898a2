import {
  DEFAULT_MEMBER_PROMPT,
  REASONING_INSTRUCTION,
  buildRevisionPrompt,
  buildSynthesisPrompt,
  parseRevision,
  readCouncilPrompt,
  withReasoningInstruction,
} from './llm.prompts';

describe('llm.prompts', () => {
  it('appends the reasoning instruction to the role prompt, or to the default one', () => {
    expect(withReasoningInstruction('You are a teacher.')).toBe(
      `You are a teacher.\n\n${REASONING_INSTRUCTION}`,
    );
    expect(withReasoningInstruction(undefined)).toBe(`${DEFAULT_MEMBER_PROMPT}\n\n${REASONING_INSTRUCTION}`);
    expect(REASONING_INSTRUCTION).toContain('<reasoning></reasoning>');
  });

  it('reads a revision prompt back into its parts', () => {
    const content = buildRevisionPrompt({
      question: 'Rent or buy?',
      round: 2,
      ownAnswer: 'Rent.',
      others: [
        { member: 'Claude "the bold" (opus)', answer: 'Buy.\n\n- because equity' },
        { member: 'Grok', answer: 'Rent for now.' },
      ],
    });
    expect(content).toMatch(/^Debate round 2\./);
    expect(readCouncilPrompt(content)).toEqual({
      task: 'revision',
      question: 'Rent or buy?',
      ownAnswer: 'Rent.',
      answers: [
        { member: 'Claude "the bold" (opus)', answer: 'Buy.\n\n- because equity' },
        { member: 'Grok', answer: 'Rent for now.' },
      ],
      note: null,
    });
  });

  it('puts the asker’s note into every revision prompt and reads it back', () => {
    const content = buildRevisionPrompt({
      question: 'Rent or buy?',
      round: 1,
      ownAnswer: 'Rent.',
      others: [{ member: 'Grok', answer: 'Buy.' }],
      note: 'I plan to stay ten years.',
    });
    expect(content).toContain('<asker_note>\nI plan to stay ten years.\n</asker_note>');
    expect(readCouncilPrompt(content)).toMatchObject({ task: 'revision', note: 'I plan to stay ten years.' });
    expect(
      buildRevisionPrompt({ question: 'Q', round: 1, ownAnswer: 'A', others: [], note: '   ' }),
    ).not.toContain('asker_note');
  });

  it('reads a synthesis prompt back, and any other message as a first answer', () => {
    const content = buildSynthesisPrompt({
      question: 'Rent or buy?',
      answers: [{ member: 'A', answer: 'Rent.' }],
    });
    expect(content).toContain('## Agreed answer');
    expect(readCouncilPrompt(content)).toEqual({
      task: 'synthesis',
      question: 'Rent or buy?',
      ownAnswer: null,
      answers: [{ member: 'A', answer: 'Rent.' }],
      note: null,
    });
    expect(readCouncilPrompt('  Rent or buy?  ')).toEqual({
      task: 'answer',
      question: 'Rent or buy?',
      ownAnswer: null,
      answers: [],
      note: null,
    });
  });

  it('splits the position line off a revision', () => {
    expect(parseRevision('Still rent.\n\nPosition: unchanged')).toEqual({
      answer: 'Still rent.',
      changed: false,
    });
    expect(parseRevision('Now buy.\n**Position: changed**\n')).toEqual({ answer: 'Now buy.', changed: true });
    expect(parseRevision('No verdict line.')).toEqual({ answer: 'No verdict line.', changed: null });
  });
});
