import { DEMO_EXAMPLE_QUESTIONS, parseRevision, readAgreementReply } from '@council/contracts';
import { buildAgreementMapRequest } from '../prompts/agreement-map.prompt';
import { type LlmRequest } from '../llm.types';
import { buildRevisionPrompt, buildSynthesisPrompt, SYNTHESIS_HEADINGS } from '../prompts/llm.prompts';
import { writeDemoAnswer } from './demo.writer';
import { identify, exampleFor } from './script/demo-script';
import { DEMO_VOICES, type DemoVoice } from './script/demo-script.types';

const NAMES: Record<DemoVoice, string> = {
  openai: 'ChatGPT (gpt-4o)',
  anthropic: 'Claude (Claude Sonnet 4)',
  xai: 'Grok (grok-3)',
};

const ask = (content: string, task?: LlmRequest['task']): LlmRequest => ({
  model: 'model-x',
  messages: [{ role: 'user', content }],
  maxTokens: 4096,
  reasoning: true,
  ...(task ? { task } : {}),
});

/** One whole debate of the given voices, played as the workers would: answers, rounds, consensus. */
function debate(question: string, voices: readonly DemoVoice[], rounds: number) {
  let answers = voices.map((voice) => ({
    voice,
    member: NAMES[voice],
    answer: writeDemoAnswer(ask(question), { provider: voice }).text,
  }));
  const changes: Array<Array<boolean | null>> = [];
  for (let round = 1; round <= rounds; round += 1) {
    const revised = answers.map((own) => {
      const content = buildRevisionPrompt({
        question,
        round,
        ownAnswer: own.answer,
        others: answers.filter((other) => other !== own),
      });
      const parsed = parseRevision(writeDemoAnswer(ask(content), { provider: own.voice }).text);
      return { ...own, answer: parsed.answer, changed: parsed.changed };
    });
    changes.push(revised.map((entry) => entry.changed));
    answers = revised;
    if (!revised.some((entry) => entry.changed)) break;
  }
  const consensus = writeDemoAnswer(ask(buildSynthesisPrompt({ question, answers }))).text;
  return { answers, changes, consensus };
}

describe('the demo on an example question', () => {
  it('gives each built-in provider its own voice and position', () => {
    for (const question of DEMO_EXAMPLE_QUESTIONS) {
      const texts = DEMO_VOICES.map((voice) => writeDemoAnswer(ask(question), { provider: voice }).text);
      expect(new Set(texts).size).toBe(3);
      for (const text of texts) expect(text).toMatch(/^\*\*Short answer:\*\* \S/);
    }
  });

  it('recognises the example however it is typed', () => {
    const typed = writeDemoAnswer(ask('  should my first programming language be python or javascript '), {
      provider: 'openai',
    });
    expect(typed.text).toBe(writeDemoAnswer(ask(DEMO_EXAMPLE_QUESTIONS[2]), { provider: 'openai' }).text);
  });

  it('streams reasoning that reads as reasoning, only when asked', () => {
    const withReasoning = writeDemoAnswer(ask(DEMO_EXAMPLE_QUESTIONS[0]), { provider: 'anthropic' });
    expect(withReasoning.reasoning).toMatch(/30 years/);
    const without = writeDemoAnswer(
      { ...ask(DEMO_EXAMPLE_QUESTIONS[0]), reasoning: false },
      { provider: 'anthropic' },
    );
    expect(without.reasoning).toBe('');
  });

  it('changes a position in the debate only when the member that persuades it is there', () => {
    const full = debate(DEMO_EXAMPLE_QUESTIONS[0], DEMO_VOICES, 3);
    expect(full.changes[0]).toEqual([false, false, true]);
    expect(full.changes[1]).toEqual([false, false, false]);
    const grok = full.answers.find((entry) => entry.voice === 'xai')?.answer ?? '';
    expect(grok).toMatch(/^\*\*Revised answer:\*\* Don’t overpay/);
    expect(grok).toMatch(/Claude \(Claude Sonnet 4\) is right/);

    // The first-language script moves Grok only on Claude's argument.
    expect(debate(DEMO_EXAMPLE_QUESTIONS[2], ['openai', 'xai'], 3).changes[0]).toEqual([false, false]);
  });

  it('reaches the consensus most members hold, and names the minority', () => {
    const loan = debate(DEMO_EXAMPLE_QUESTIONS[0], DEMO_VOICES, 3).consensus;
    expect(loan).toMatch(new RegExp(`^## ${SYNTHESIS_HEADINGS.answer}\\n\\nDo not overpay`));
    expect(loan).toMatch(/3 of 3 members support this answer/);
    expect(loan).toMatch(/## Minority view\n\nNone\./);

    const services = debate(DEMO_EXAMPLE_QUESTIONS[1], DEMO_VOICES, 3).consensus;
    expect(services).toMatch(/2 of 3 members support this answer: ChatGPT \(gpt-4o\) and Claude/);
    expect(services).toMatch(
      /## Minority view\n\n\*\*Grok \(grok-3\)\*\* still holds that two or three services/,
    );

    const language = debate(DEMO_EXAMPLE_QUESTIONS[2], DEMO_VOICES, 3).consensus;
    expect(language).toMatch(/Choose by what you want to build/);
    expect(language).toMatch(/\*\*ChatGPT \(gpt-4o\)\*\* still recommends Python/);
  });

  it('never writes a consensus that contradicts its members, for any council and any debate', () => {
    const councils: DemoVoice[][] = [
      ['openai'],
      ['anthropic', 'xai'],
      ['xai', 'openai'],
      ['openai', 'anthropic'],
      [...DEMO_VOICES],
      ['xai', 'anthropic', 'openai'],
    ];
    for (const question of DEMO_EXAMPLE_QUESTIONS) {
      const example = exampleFor(question);
      if (!example) throw new Error(`No script for ${question}`);
      for (const voices of councils) {
        for (const rounds of [0, 1, 3]) {
          const { answers, consensus } = debate(question, voices, rounds);
          const stances = answers.map((entry) => identify(example, entry.answer)?.stance);
          expect(stances).not.toContain(undefined);
          const agreed = Object.entries(example.stances).find(([, stance]) =>
            consensus.includes(stance.consensus.answer),
          )?.[0];
          const supporters = answers.filter((_, index) => stances[index] === agreed);
          // The agreed position is the one most members hold, and the counts are theirs.
          const most = Math.max(
            ...stances.map((stance) => stances.filter((other) => other === stance).length),
          );
          expect(supporters.length).toBe(most);
          expect(consensus).toContain(
            `${supporters.length} of ${answers.length} members support this answer`,
          );
          for (const entry of answers) {
            const inMinority = consensus
              .split(`## ${SYNTHESIS_HEADINGS.minority}`)[1]
              ?.includes(entry.member);
            expect(inMinority).toBe(!supporters.includes(entry));
          }
        }
      }
    }
  });

  it('maps agreement exactly as its members hold their positions, for any council and any debate', () => {
    const councils: DemoVoice[][] = [
      ['anthropic', 'xai'],
      ['xai', 'openai'],
      [...DEMO_VOICES],
      ['xai', 'anthropic', 'openai'],
    ];
    for (const question of DEMO_EXAMPLE_QUESTIONS) {
      const example = exampleFor(question);
      if (!example) throw new Error(`No script for ${question}`);
      for (const voices of councils) {
        for (const rounds of [0, 1, 3]) {
          const { answers, changes } = debate(question, voices, rounds);
          const members = answers.map((entry, index) => ({
            memberOrder: index,
            label: entry.member,
            answer: entry.answer,
            positionChanges: changes.flatMap((round, at) => (round[index] ? [at + 1] : [])),
          }));
          const reply = readAgreementReply(
            writeDemoAnswer(buildAgreementMapRequest('model-x', { question, members })).text,
            {
              memberOrders: members.map((member) => member.memberOrder),
              positionChanges: Object.fromEntries(
                members.map((member) => [member.memberOrder, member.positionChanges]),
              ),
            },
          );
          if (!reply.ok) throw new Error(reply.problem);
          const held = answers.map((entry) => identify(example, entry.answer)?.stance ?? '');
          expect(reply.claims.map((claim) => claim.claim).sort()).toEqual(
            [...new Set(held)].map((stance) => example.stances[stance].claim).sort(),
          );
          for (const claim of reply.claims) {
            const stance = Object.keys(example.stances).find(
              (key) => example.stances[key].claim === claim.claim,
            );
            for (const entry of claim.stances) {
              const supports = held[entry.memberOrder] === stance;
              expect(entry.stance).toBe(supports ? 'supports' : 'opposes');
              expect(entry.reason === null).toBe(supports);
              expect(entry.changedInRound).toBe(members[entry.memberOrder].positionChanges.at(-1) ?? null);
            }
          }
        }
      }
    }
  });

  it('says it read the asker’s note, without pretending to weigh it, and keeps its position line last', () => {
    const question = DEMO_EXAMPLE_QUESTIONS[0];
    const opening = writeDemoAnswer(ask(question), { provider: 'xai' }).text;
    const revision = writeDemoAnswer(
      ask(
        buildRevisionPrompt({
          question,
          round: 1,
          ownAnswer: opening,
          others: [],
          note: 'I earn £25k.',
        }),
      ),
      { provider: 'xai' },
    ).text;
    expect(revision).toContain('**Your note:** “I earn £25k.”');
    expect(parseRevision(revision).changed).not.toBeNull();
    expect(
      exampleFor(question) && identify(exampleFor(question)!, parseRevision(revision).answer),
    ).not.toBeNull();
  });

  it('does not count an answer it did not write', () => {
    const example = DEMO_EXAMPLE_QUESTIONS[1];
    const answers = [
      { member: NAMES.openai, answer: writeDemoAnswer(ask(example), { provider: 'openai' }).text },
      { member: 'Llama (llama-3.3-70b)', answer: 'A live model wrote this: it depends on the team.' },
    ];
    const consensus = writeDemoAnswer(ask(buildSynthesisPrompt({ question: example, answers }))).text;
    expect(consensus).toMatch(/1 of 2 members support this answer: ChatGPT \(gpt-4o\)\./);
    expect(consensus).toMatch(/Llama \(llama-3\.3-70b\) did not answer from the demo script/);
    expect(consensus).toMatch(/## Minority view\n\nNone\./);
  });
});

describe('the demo on any other question', () => {
  const question = 'How do I keep a sourdough starter alive while travelling?';

  it('says the member has no model configured and how to add one, instead of pretending', () => {
    const { text, reasoning } = writeDemoAnswer(ask(question), { provider: 'anthropic' });
    expect(text).toMatch(
      /^\*\*No model is configured for this member, so this is a demo card, not an answer\.\*\*/,
    );
    expect(text).toMatch(/`ANTHROPIC_API_KEY`/);
    expect(text).toMatch(/Ollama/);
    expect(text).not.toMatch(/sourdough/);
    expect(reasoning).toBe('');
    expect(
      writeDemoAnswer(ask(question), { provider: 'gemini', keyVariable: 'GEMINI_API_KEY' }).text,
    ).toMatch(/`GEMINI_API_KEY`/);
  });

  it('keeps its card through the debate and writes no pretend consensus', () => {
    const card = writeDemoAnswer(ask(question), { provider: 'xai' }).text;
    const revision = writeDemoAnswer(
      ask(
        buildRevisionPrompt({
          question,
          round: 1,
          ownAnswer: card,
          others: [{ member: NAMES.openai, answer: card }],
        }),
      ),
      { provider: 'xai' },
    ).text;
    expect(parseRevision(revision).changed).toBe(false);
    expect(revision).toMatch(/nothing to revise/);
    const consensus = writeDemoAnswer(
      ask(buildSynthesisPrompt({ question, answers: [{ member: NAMES.xai, answer: card }] })),
      { provider: 'xai' },
    ).text;
    expect(consensus).toMatch(/^\*\*No consensus was written/);
    expect(consensus).not.toMatch(/members support this answer/);
    const map = writeDemoAnswer(
      buildAgreementMapRequest('model-x', {
        question,
        members: [
          { memberOrder: 0, label: NAMES.openai, answer: card, positionChanges: [] },
          { memberOrder: 1, label: NAMES.xai, answer: card, positionChanges: [] },
        ],
      }),
    ).text;
    expect(JSON.parse(map)).toEqual({ claims: [] });
  });
});
