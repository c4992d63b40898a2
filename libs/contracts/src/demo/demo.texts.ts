// What a council member without a configured model says, and the Ask screen's hint about it
// (docs/decisions.md, "15. Providers without keys"). The demo answers the example questions from a
// script written by hand (libs/llm/src/demo/script); any other question gets the card below.

import { type BuiltInProvider } from '../domain/domain.constants';

/** Questions the demo answers in full, with distinct voices, a real debate and an honest consensus. */
export const DEMO_EXAMPLE_QUESTIONS = [
  'Should I overpay my Plan 2 student loan or invest the money instead?',
  'Should a five-person startup build its product as microservices from day one?',
  'Should my first programming language be Python or JavaScript?',
] as const;

/** The environment variable holding each built-in provider's key (README, "Configuration"). */
export const PROVIDER_KEY_VARIABLES: Readonly<Record<BuiltInProvider, string>> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  xai: 'XAI_API_KEY',
};

/** Whether a question is one of the examples, ignoring case, spacing and the closing mark. */
export function demoExampleIndex(question: string): number {
  const key = normaliseQuestion(question);
  return DEMO_EXAMPLE_QUESTIONS.findIndex((example) => normaliseQuestion(example) === key);
}

function normaliseQuestion(question: string): string {
  return question
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[\s?.!]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const HOW_TO_CONFIGURE = (keyVariable: string): string =>
  `To get real answers from this member, set \`${keyVariable}\` for the provider worker and restart it, ` +
  'or point `LOCAL_BASE_URL` at a local OpenAI-compatible server such as Ollama: its models then take ' +
  "the default council's seats on every plan. The README's Configuration section shows both.";

/** The cards a member without a model writes instead of pretending to answer. */
export const DEMO_CARD = {
  answer: (keyVariable: string): string =>
    [
      '**No model is configured for this member, so this is a demo card, not an answer.** It is charged no tokens.',
      'Without a key, a member answers only the example questions on the Ask screen, from a script the ' +
        'Council team wrote, so you can see how answers, a debate and a consensus read.',
      HOW_TO_CONFIGURE(keyVariable),
    ].join('\n\n'),
  revision: (keyVariable: string): string =>
    [
      '**No model is configured for this member, so it has nothing to revise.**',
      'Its demo card stands; the revisions of members with a configured model are their own.',
      HOW_TO_CONFIGURE(keyVariable),
    ].join('\n\n'),
  /** A demo revision that read the asker's note: it says so, and that a script cannot weigh it. */
  noteRead: (note: string): string =>
    `**Your note:** “${note.replace(/\s+/g, ' ').trim()}” I read it, but this member answers from a script and cannot weigh it; a configured model would.`,
  consensus: (keyVariable: string): string =>
    [
      '**No consensus was written: the debate leader has no model configured, so it cannot weigh the answers.**',
      'Read the members’ answers in their own cards, or pick a debate leader whose model is configured.',
      HOW_TO_CONFIGURE(keyVariable),
    ].join('\n\n'),
} as const;

/**
 * The Ask screen's hint when some members of the council have no model configured: which members
 * will answer the question as typed, and how (docs/decisions.md, "22. A card that is not an answer").
 */
export const DEMO_HINT = {
  title: 'Some members are in demo mode',
  live: (names: string): string => `Will answer with their model: ${names}.`,
  example: (names: string): string => `Will answer from the example script: ${names}.`,
  noModel: (names: string): string =>
    `No model configured, so only a card saying so, charged nothing: ${names}.`,
  demo: (names: string): string => `Demo, no model configured: ${names}.`,
  allDemo:
    'No member has a model configured, so the council answers only the example questions, from a written script.',
  someDemo:
    'Demo members answer only the example questions, from a written script; for anything else they say they have no model.',
  examplesLabel: 'Try an example question',
} as const;

/** A question no member can answer: refused before anything is written or charged. */
export const NO_MODEL_REFUSAL =
  'No member of this council has a model configured, so nobody can answer this question and it is not asked. ' +
  'Pick one of the example questions, or configure a model as the README’s Configuration section shows.';

/**
 * What the Ask screen, /company and the help centre say about the default council
 * (docs/decisions.md, "23. The default council is made of live members").
 */
export const DEFAULT_COUNCIL_TEXTS = {
  heading: 'Who answers on this Council today',
  intro:
    'Every new council, on every plan, starts from these members: the first assistant of each provider this Council has connected, built-in providers first, and more of their assistants or models when fewer than three are connected.',
  seat: (agent: string, model: string, role: string | null): string =>
    role ? `${agent} (${model}) as ${role}` : `${agent} (${model})`,
  live: 'Answers with its model',
  demo: 'Demo: answers only the example questions',
  faqLine: (seats: string, demo: boolean): string =>
    `On this Council the default assistants are ${seats}${demo ? ', in demo mode until a model is configured' : ''}.`,
} as const;
