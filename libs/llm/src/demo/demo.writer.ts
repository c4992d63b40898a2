// Writes the demo adapter's answers: deterministic markdown that echoes the question's key terms
// and speaks in the member's role, for first answers, debate revisions and the consensus.

import { type LlmRequest, type LlmTask } from '../llm.types';
import {
  type CouncilAnswer,
  POSITION_CHANGED_LINE,
  POSITION_UNCHANGED_LINE,
  SYNTHESIS_HEADINGS,
  parseRevision,
  readCouncilPrompt,
} from '../prompts/llm.prompts';
import {
  type DemoContext,
  type DemoPersona,
  type QuestionKind,
  capitalise,
  personaFor,
  term,
} from './demo.personas';
import { SeededRandom } from './demo.random';

export interface DemoAnswer {
  /** Empty unless the request asked for reasoning. */
  reasoning: string;
  text: string;
}

/** Same request (question, model, role prompt, task) → same answer. */
export function writeDemoAnswer(request: LlmRequest): DemoAnswer {
  const lastUser = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  const prompt = readCouncilPrompt(lastUser);
  const task: LlmTask = request.task ?? prompt.task;
  const rng = new SeededRandom([request.model, request.system ?? '', task, lastUser].join('\u0000'));
  const persona = personaFor(request.system);
  const context = analyseQuestion(prompt.question, rng);

  if (task === 'synthesis') {
    return {
      reasoning: request.reasoning ? synthesisReasoning(context, prompt.answers) : '',
      text: writeSynthesis(context, prompt.answers),
    };
  }
  if (task === 'revision') {
    const round = Number(/Debate round (\d+)/.exec(lastUser)?.[1] ?? '1');
    return {
      reasoning: request.reasoning ? revisionReasoning(context, persona, prompt.answers) : '',
      text: writeRevision(context, persona, prompt.ownAnswer ?? '', prompt.answers, round),
    };
  }
  return {
    reasoning: request.reasoning ? answerReasoning(context, persona) : '',
    text: writeAnswer(context, persona),
  };
}

function writeAnswer(context: DemoContext, persona: DemoPersona): string {
  const count = persona.key === 'summariser' ? 3 : context.rng.pick([3, 4]);
  const chosen = new Set(context.rng.sample(persona.points, count));
  const points = persona.points.filter((line) => chosen.has(line)).map((line) => line(context));
  return [
    `**Short answer:** ${persona.shortAnswer(context)}`,
    `### ${persona.pointsHeading}`,
    list(points, persona.numbered),
    '### Caveat',
    persona.caveat(context),
  ].join('\n\n');
}

function writeRevision(
  context: DemoContext,
  persona: DemoPersona,
  ownAnswer: string,
  others: readonly CouncilAnswer[],
  round: number,
): string {
  const { rng } = context;
  const changed = rng.chance((persona.contrarian ? 0.15 : 0.35) / round);
  const names = others.map((entry) => entry.member);
  const readers = names.length > 0 ? joinList(names) : 'the other members';
  const stance = changed
    ? `Having read ${readers}, I have adjusted my position on ${context.topic}.`
    : `Having read ${readers}, I am keeping my position on ${context.topic}.`;
  const own = excerpt(ownAnswer) || persona.shortAnswer(context);
  const moved = others.length ? rng.pick(others).member : null;
  const revised =
    changed && moved
      ? `${own} That said, ${moved}'s point about ${term(context, 1)} deserves more weight than I gave it.`
      : own;
  const shared = sharedTerms([ownAnswer, ...others.map((entry) => entry.answer)], context);
  const agreement = shared.length
    ? shared.map((word) => `We all stress **${word}**, so that part of the answer is settled.`)
    : [`Every member addresses ${context.topic} directly; we differ mostly in emphasis.`];
  const takeaways = others.map((entry) => {
    const reaction = changed
      ? rng.pick(['a fair point that I now weigh more heavily', 'this moved me, and my answer reflects it'])
      : rng.pick(['useful, though it does not change my view', 'a fair point, already covered by my answer']);
    return `**${entry.member}:** "${excerpt(entry.answer, 140)}" (${reaction}).`;
  });
  return [
    `**Revised answer:** ${revised}`,
    stance,
    '### Where the council agrees',
    list(agreement, false),
    '### What I take from the others',
    list(takeaways.length ? takeaways : ['No other answers were available to compare.'], false),
    '### Caveat',
    persona.caveat(context),
    changed ? POSITION_CHANGED_LINE : POSITION_UNCHANGED_LINE,
  ].join('\n\n');
}

function writeSynthesis(context: DemoContext, answers: readonly CouncilAnswer[]): string {
  const dissenters = answers.filter((entry) => DISSENT.test(entry.answer));
  const majority = answers.filter((entry) => !dissenters.includes(entry));
  const basis = majority[0] ?? answers[0];
  const agreed = basis ? excerpt(basis.answer, 220) : '';
  const shared = sharedTerms(
    answers.map((entry) => entry.answer),
    context,
  );
  const points = [
    `All ${answers.length || 'the'} members answer the question about ${context.topic} directly.`,
    ...shared.map((word) => `**${capitalise(word)}** comes up in most answers as a deciding factor.`),
    ...majority.slice(0, 3).map((entry) => `**${entry.member}:** ${excerpt(entry.answer, 120)}`),
  ];
  const minority = dissenters.length
    ? dissenters
        .map((entry) => `**${entry.member}** still disagrees: ${excerpt(entry.answer, 160)}`)
        .join('\n\n')
    : 'None. Every member supports the agreed answer.';
  return [
    `## ${SYNTHESIS_HEADINGS.answer}`,
    agreed || `The council agrees on ${context.topic}.`,
    `${majority.length} of ${answers.length} members support this answer` +
      (dissenters.length ? `; the minority view is below.` : '.'),
    `## ${SYNTHESIS_HEADINGS.agreement}`,
    list(points, false),
    `## ${SYNTHESIS_HEADINGS.minority}`,
    minority,
  ].join('\n\n');
}

function answerReasoning(context: DemoContext, persona: DemoPersona): string {
  return [
    `The question is about ${context.topic}. As ${persona.label}, my aim is to ${persona.goal}.`,
    `First I will pin down what ${term(context, 0)} means here, then weigh ${term(context, 1)} against ${term(context, 2)}.`,
    `Finally I will note where this answer could be wrong, so the reader knows how far to trust it.`,
  ].join(' ');
}

function revisionReasoning(
  context: DemoContext,
  persona: DemoPersona,
  others: readonly CouncilAnswer[],
): string {
  return [
    `I have ${others.length} other answer${others.length === 1 ? '' : 's'} on ${context.topic} to compare with mine.`,
    `As ${persona.label}, I look for points they make that I missed, and for claims I still think are wrong.`,
    `Then I decide whether my position has changed in substance or only in emphasis.`,
  ].join(' ');
}

function synthesisReasoning(context: DemoContext, answers: readonly CouncilAnswer[]): string {
  return [
    `There are ${answers.length} final answers on ${context.topic}.`,
    `I will list the claims most of them share, state the answer those claims support, and keep any member who still disagrees as a minority view.`,
  ].join(' ');
}

// ---------------------------------------------------------------------------------------------
// Reading the question
// ---------------------------------------------------------------------------------------------

const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have ' +
    'having he her here hers herself him himself his how i if in into is it its itself just me more most ' +
    'my myself no nor not now of off on once only or other our ours ourselves out over own same she ' +
    'should so some such than that the their theirs them themselves then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with ' +
    'would you your yours yourself yourselves also best better good much many really get use using make ' +
    'way ways thing things one ones like want need know think tell explain please give let lets vs versus ' +
    'is it worth doing dont does anyone someone something anything every still yet shall may might must ' +
    'whether'
  ).split(' '),
);

/** Words that carry little topic on their own: time, quantity and generic adjectives. */
const WEAK_WORDS = new Set(
  (
    'alive new old big small long short right wrong able free easy hard possible important different ' +
    'real true false sure likely two three four five six seven eight nine ten first second third last ' +
    'next day days week weeks month months year years time times today tomorrow currently actually ' +
    'probably generally usually always never often lot lots kind sort thing stuff people person ' +
    'learn keep start stop choose pick take put try find see look become stay move help improve avoid ' +
    'handle deal manage understand decide prefer recommend consider going getting makes made making ' +
    'gets got goes went comes came says said happens happened matters mattered'
  ).split(' '),
);

/** Stand-ins when a question has fewer than four key terms. */
const FILLER_TERMS = ['your main goal', 'the cost', 'the long-term risk', 'the time available'];

/** Key terms, question kind and the "A or B" options of a question. */
export function analyseQuestion(question: string, rng: SeededRandom): DemoContext {
  const options = choiceOptions(question);
  const optionWords = new Set(options?.map((option) => option.toLowerCase()) ?? []);
  const terms = keyTerms(question).filter(
    (term) => !term.split(' ').some((word) => optionWords.has(word.toLowerCase())),
  );
  const topic = options
    ? `${options[0]} versus ${options[1]}`
    : terms.length
      ? joinList(terms.slice(0, 3))
      : 'your question';
  return {
    question,
    kind: options ? 'choice' : questionKind(question),
    keyTerms: terms,
    terms: [...terms, ...FILLER_TERMS.filter((filler) => !terms.includes(filler))].slice(
      0,
      Math.max(4, terms.length),
    ),
    topic,
    options,
    rng,
  };
}

/**
 * Up to four key terms of the question, in its order: content words (no stopwords, no weak
 * words), with two neighbouring content words kept together as a phrase ("backend services");
 * longer and capitalised ones first.
 */
export function keyTerms(question: string): string[] {
  const words = (question.match(/[A-Za-z][A-Za-z0-9+#'’.-]*[A-Za-z0-9+#]|[A-Za-z]/g) ?? []).map(
    (raw, position) => {
      const word = raw.replace(/['’]s$/, '').replace(/\.+$/, '');
      const lower = word.toLowerCase();
      const proper = /^[A-Z]/.test(word) && position > 0;
      const content =
        !STOPWORDS.has(lower) && !WEAK_WORDS.has(lower) && (word.length >= 3 || /^[A-Z]/.test(word));
      return { text: proper || /^[A-Z0-9+#]+$/.test(word) ? word : lower, content, proper };
    },
  );
  const candidates: Array<{ text: string; position: number; score: number }> = [];
  let run: typeof words = [];
  const closeRun = (position: number) => {
    if (run.length === 0) return;
    const head = run.slice(-2);
    candidates.push({
      text: head.map((word) => word.text).join(' '),
      position: position - head.length,
      score: head.reduce((sum, word) => sum + word.text.length + (word.proper ? 4 : 0), 0),
    });
    run = [];
  };
  words.forEach((word, position) => {
    if (word.content) run.push(word);
    else closeRun(position);
  });
  closeRun(words.length);
  const seen = new Set<string>();
  return candidates
    .filter((candidate) => {
      const key = candidate.text.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((left, right) => right.score - left.score || left.position - right.position)
    .slice(0, 4)
    .sort((left, right) => left.position - right.position)
    .map((candidate) => candidate.text);
}

function questionKind(question: string): QuestionKind {
  const text = question.trim().toLowerCase();
  if (/^how\b/.test(text)) return 'how';
  if (/^why\b/.test(text)) return 'why';
  if (/^(what|which|who|when|where)\b/.test(text)) return 'what';
  if (/^(is|are|can|could|should|shall|do|does|did|will|would|was|were|has|have|must|may)\b/.test(text)) {
    return 'yesno';
  }
  return 'open';
}

function choiceOptions(question: string): readonly [string, string] | null {
  const match = /([A-Za-z0-9+#.-]+)\s+or\s+([A-Za-z0-9+#-]+)/i.exec(question);
  if (!match) return null;
  const [first, second] = [match[1], match[2]];
  if (STOPWORDS.has(first.toLowerCase()) || STOPWORDS.has(second.toLowerCase())) return null;
  return [first, second];
}

// ---------------------------------------------------------------------------------------------
// Reading the other answers
// ---------------------------------------------------------------------------------------------

/** Phrases that mark an answer holding out against the rest. */
const DISSENT = /\b(case against|disagree|not convinced|deserves a challenge|argue against)\b/i;

/** The key terms that at least half of the texts mention. */
function sharedTerms(texts: readonly string[], context: DemoContext): string[] {
  const present = texts.filter((text) => text.trim());
  if (present.length < 2) return [];
  return context.keyTerms
    .filter((word) => {
      const pattern = new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(word)}(?![A-Za-z0-9])`, 'i');
      return present.filter((text) => pattern.test(text)).length * 2 >= present.length;
    })
    .slice(0, 3);
}

/** The first sentence of an answer, without markdown, labels or the position line. */
export function excerpt(answer: string, maxLength = 180): string {
  const plain = parseRevision(answer)
    .answer.split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join(' ')
    .replace(/\*\*|__|`/g, '')
    .replace(/^\s*[-*]\s+/gm, '')
    .replace(/^(short answer|revised answer|in plain words):\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(plain)?.[0] ?? plain;
  if (sentence.length <= maxLength) return sentence;
  return `${sentence.slice(0, maxLength - 1).replace(/\s+\S*$/, '')}…`;
}

function list(items: readonly string[], numbered: boolean): string {
  return items.map((item, index) => `${numbered ? `${index + 1}.` : '-'} ${item}`).join('\n');
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
