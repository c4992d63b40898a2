// How each seeded role (libs/db/catalogue/catalogue.yaml) sounds in the demo adapter. A role is
// recognised from its system prompt; anything else answers as a generalist.

import { type SeededRandom } from './demo.random';

export type QuestionKind = 'yesno' | 'choice' | 'how' | 'why' | 'what' | 'open';

/** What the templates know about the question. */
export interface DemoContext {
  question: string;
  kind: QuestionKind;
  /** The question's key terms, in its order (may be empty). */
  keyTerms: readonly string[];
  /** keyTerms padded with generic ones to at least four, for the templates. */
  terms: readonly string[];
  /** The key terms as a phrase: "a, b and c". */
  topic: string;
  /** The two sides of an "A or B" question. */
  options: readonly [string, string] | null;
  rng: SeededRandom;
}

type Line = (context: DemoContext) => string;

export interface DemoPersona {
  key: string;
  /** "the devil's advocate". */
  label: string;
  /** What the role aims for, for the reasoning text. */
  goal: string;
  /** Heading of the key points. */
  pointsHeading: string;
  numbered: boolean;
  shortAnswer: Line;
  points: readonly Line[];
  caveat: Line;
  /** Whether its revisions tend to hold out (a minority view). */
  contrarian: boolean;
}

export function term(context: DemoContext, index: number): string {
  return context.terms[index % context.terms.length];
}

export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

const t = term;
const T = (context: DemoContext, index: number) => capitalise(term(context, index));

function generalShortAnswer(context: DemoContext): string {
  const { rng } = context;
  switch (context.kind) {
    case 'yesno':
      return rng.pick([
        `Yes, in most situations, provided ${t(context, 0)} is handled well; the answer changes when ${t(context, 1)} is the binding constraint.`,
        `Usually yes, but not unconditionally: it hinges on ${t(context, 0)} and on how much ${t(context, 1)} matters to you.`,
        `Often not, or at least not yet: ${t(context, 0)} has to be in place first, and ${t(context, 1)} tends to be underestimated.`,
      ]);
    case 'choice': {
      const [first, second] = context.options ?? [t(context, 0), t(context, 1)];
      return rng.pick([
        `Choose **${first}** when ${t(context, 0)} matters most and **${second}** when flexibility does; for most people ${first} is the safer default.`,
        `Both are reasonable. **${second}** fits better if you value ${t(context, 0)}; **${first}** wins when simplicity and a proven track record matter more.`,
      ]);
    }
    case 'how':
      return `Start small with ${t(context, 0)}, get ${t(context, 1)} right early, and improve in short cycles: most of the result comes from a few fundamentals done consistently.`;
    case 'why':
      return `Mainly because of ${t(context, 0)}, reinforced by ${t(context, 1)}; ${t(context, 2)} explains most of what remains.`;
    case 'what':
      return `${T(context, 0)} is best understood through ${t(context, 1)} and ${t(context, 2)}: what it is for, what it costs, and where it stops being the right tool.`;
    default:
      return `The heart of ${context.topic} is balancing ${t(context, 0)} against ${t(context, 1)}, and deciding which of the two you can least afford to get wrong.`;
  }
}

const GENERAL_POINTS: readonly Line[] = [
  (c) => `**${T(c, 0)} matters most.** Get it right and the rest of the decision becomes much easier.`,
  (c) => `**${T(c, 1)} is where the trade-offs live.** What helps in one situation costs you in another.`,
  () => `**Context decides.** Your constraints (time, budget, experience) change which option wins.`,
  (c) =>
    `**Evidence over anecdote.** Look for results from situations like yours before committing to ${t(c, 0)}.`,
  (c) =>
    `**Start small.** A short, reversible trial of ${t(c, 0)} tells you more than weeks of deliberation.`,
  (c) => `**${T(c, 2)} is easy to overlook** but often decides the outcome in practice.`,
];

const GENERAL_CAVEAT: Line = (c) =>
  `This is general guidance: the right answer for you depends on details the question does not give, especially around ${t(c, 1)}.`;

const GENERALIST: DemoPersona = {
  key: 'generalist',
  label: 'a council member',
  goal: 'give a direct, balanced answer and say where it could be wrong',
  pointsHeading: 'Key points',
  numbered: false,
  shortAnswer: generalShortAnswer,
  points: GENERAL_POINTS,
  caveat: GENERAL_CAVEAT,
  contrarian: false,
};

const PERSONAS: ReadonlyArray<{ match: RegExp; persona: DemoPersona }> = [
  {
    match: /devil['’]s advocate/i,
    persona: {
      key: 'devils-advocate',
      label: "the devil's advocate",
      goal: 'argue the strongest good-faith case against the answer most people would give',
      pointsHeading: 'The case against',
      numbered: false,
      contrarian: true,
      shortAnswer: (c) =>
        c.kind === 'choice' && c.options
          ? `Don't default to **${c.options[0]}**: the case for **${c.options[1]}** is stronger than the usual answer admits.`
          : `The popular answer on ${c.topic} deserves a challenge: it rests on assumptions about ${t(c, 0)} that often do not hold.`,
      points: [
        (c) =>
          `**The hidden assumption.** The usual answer assumes ${t(c, 0)} stays stable; if it does not, the conclusion flips.`,
        (c) =>
          `**Overlooked costs.** ${T(c, 1)} carries costs that show up late: maintenance, attention and lost alternatives.`,
        (c) =>
          `**Survivorship.** The success stories about ${t(c, 0)} are loud; the quiet failures are rarely counted.`,
        (c) =>
          `**The other side's best argument.** Those who reject ${t(c, 2)} usually do so for reasons that are easy to dismiss and hard to refute.`,
        () =>
          `**Reversibility.** If the popular choice turns out wrong, undoing it is often harder than people expect.`,
      ],
      caveat: (c) =>
        `I am arguing against the grain on purpose. If ${t(c, 0)} is well understood in your case and the costs above are small, the common answer probably holds.`,
    },
  },
  {
    match: /skeptic/i,
    persona: {
      key: 'skeptic',
      label: 'the skeptic',
      goal: 'separate what is well established from what is plausible or speculative',
      pointsHeading: 'What the evidence supports',
      numbered: false,
      contrarian: false,
      shortAnswer: (c) =>
        `Possibly, but the evidence about ${t(c, 0)} is thinner than confident answers suggest; treat strong claims about ${t(c, 1)} with care.`,
      points: [
        (c) => `**Well established:** the basic link between ${t(c, 0)} and the outcome you care about.`,
        (c) => `**Plausible, not proven:** that ${t(c, 1)} works the same way in every setting.`,
        (c) => `**Speculation:** bold predictions about ${t(c, 2)}; they rarely come with data.`,
        () => `**Watch for:** small samples, self-reported results and correlation presented as causation.`,
        (c) => `**What would convince me:** a controlled comparison on ${t(c, 0)} in conditions like yours.`,
      ],
      caveat: () =>
        `Absence of strong evidence is not evidence of absence: the claim may be true, it is just not shown yet.`,
    },
  },
  {
    match: /fact checker/i,
    persona: {
      key: 'fact-checker',
      label: 'the fact checker',
      goal: 'answer carefully and flag every detail that should be verified',
      pointsHeading: 'Checked points',
      numbered: false,
      contrarian: false,
      shortAnswer: generalShortAnswer,
      points: [
        (c) =>
          `**Definitions first.** "${capitalise(t(c, 0))}" is used loosely; pin down which meaning applies before comparing claims.`,
        (c) =>
          `**Numbers need sources.** Any figure about ${t(c, 1)} should come with its date and origin; figures older than a few years may be out of date.`,
        () => `**Names and dates.** Check them against a primary source rather than a summary.`,
        (c) =>
          `**Uncertain:** how ${t(c, 2)} applies in your specific case; verify with an authoritative reference.`,
      ],
      caveat: () =>
        `I have not cited sources because I cannot verify them here; please check the key facts before relying on them.`,
    },
  },
  {
    match: /senior practitioner|domain expert/i,
    persona: {
      key: 'domain-expert',
      label: 'the domain expert',
      goal: 'brief a capable colleague with the standard approaches and the practical details',
      pointsHeading: 'Practitioner notes',
      numbered: false,
      contrarian: false,
      shortAnswer: generalShortAnswer,
      points: [
        (c) =>
          `**Standard approach:** start from ${t(c, 0)}, which is what most practitioners reach for first.`,
        (c) =>
          `**When it changes:** at scale, or when ${t(c, 1)} dominates, the standard approach gives way to a more specialised one.`,
        (c) => `**Common mistake:** optimising ${t(c, 2)} before the basics are measured.`,
        () =>
          `**Practical detail:** document the decision and the assumptions behind it, so it can be revisited.`,
      ],
      caveat: () =>
        `For decisions with legal, medical or financial consequences, confirm with a licensed professional.`,
    },
  },
  {
    match: /teacher/i,
    persona: {
      key: 'teacher',
      label: 'the teacher',
      goal: 'explain it simply, one idea at a time, with an example',
      pointsHeading: 'Step by step',
      numbered: true,
      contrarian: false,
      shortAnswer: (c) => `In plain words: ${lowerFirst(generalShortAnswer(c))}`,
      points: [
        (c) =>
          `**Start with what you know.** Think of ${t(c, 0)} as the foundation: everything else builds on it.`,
        (c) =>
          `**Add one idea.** ${T(c, 1)} is the part that changes the result; it is worth understanding on its own.`,
        (c) =>
          `**An example.** It is like learning to cook: ${t(c, 0)} is the recipe, ${t(c, 1)} is the heat, and ${t(c, 2)} is tasting as you go.`,
        () => `**Recap.** Foundation first, one change at a time, and check the result before moving on.`,
      ],
      caveat: () =>
        `This is a simplified picture; real cases have more moving parts, but the core idea stays the same.`,
    },
  },
  {
    match: /summari[sz]er/i,
    persona: {
      key: 'summariser',
      label: 'the summariser',
      goal: 'give the shortest answer that is still complete',
      pointsHeading: 'In brief',
      numbered: false,
      contrarian: false,
      shortAnswer: generalShortAnswer,
      points: [
        (c) => `${T(c, 0)} is the deciding factor.`,
        (c) => `${T(c, 1)} is the main trade-off.`,
        () => `Test on a small scale before committing.`,
        (c) => `Revisit the decision if ${t(c, 2)} changes.`,
      ],
      caveat: () => `Details matter; this is the short version.`,
    },
  },
  {
    match: /optimist/i,
    persona: {
      key: 'optimist',
      label: 'the optimist',
      goal: 'find the best realistic outcome and the steps that make it likely',
      pointsHeading: 'What can go right',
      numbered: false,
      contrarian: false,
      shortAnswer: (c) =>
        `Yes, there is a good path here: done well, ${t(c, 0)} can pay off, and ${t(c, 1)} is more manageable than it first looks.`,
      points: [
        (c) => `**The opportunity:** ${t(c, 0)} opens options that are hard to get any other way.`,
        (c) => `**Strength to build on:** most people already have part of what ${t(c, 1)} needs.`,
        () => `**First step:** pick one small, visible win and get it done this week.`,
        (c) => `**Momentum:** early results with ${t(c, 2)} make the next steps easier.`,
      ],
      caveat: (c) =>
        `The main risk is underestimating ${t(c, 1)}; plan for it, then focus on what can go right.`,
    },
  },
  {
    match: /ethicist/i,
    persona: {
      key: 'ethicist',
      label: 'the ethicist',
      goal: 'weigh who is affected and which values are in tension',
      pointsHeading: 'The ethical picture',
      numbered: false,
      contrarian: false,
      shortAnswer: (c) =>
        `It can be justified, but only if the people affected by ${t(c, 0)} are treated fairly and the trade-off with ${t(c, 1)} is made openly.`,
      points: [
        (c) => `**Who is affected:** not only you, but anyone who bears the costs of ${t(c, 0)}.`,
        (c) => `**Consequences:** the benefits of ${t(c, 1)} have to outweigh the harms, counted honestly.`,
        () => `**Duties and rights:** some options are off the table whatever their benefits.`,
        () => `**Character:** ask what choosing this way would make of you over time.`,
      ],
      caveat: () =>
        `Reasonable people weigh these values differently; the aim is to make the trade-off explicit, not to settle it for you.`,
    },
  },
  {
    match: /pragmatist/i,
    persona: {
      key: 'pragmatist',
      label: 'the pragmatist',
      goal: 'turn the question into options, costs and a next step',
      pointsHeading: 'Options and next step',
      numbered: false,
      contrarian: false,
      shortAnswer: generalShortAnswer,
      points: [
        (c) => `**Option A, the simple path:** focus on ${t(c, 0)}; low cost, quick to try.`,
        (c) =>
          `**Option B, the thorough path:** address ${t(c, 1)} as well; more effort, fewer surprises later.`,
        () => `**Recommendation:** start with option A and move to B only if the results call for it.`,
        (c) =>
          `**Next step today:** write down what success with ${t(c, 0)} looks like and how you will measure it.`,
      ],
      caveat: (c) => `If ${t(c, 2)} turns out to be a hard constraint, I would change this recommendation.`,
    },
  },
  {
    match: /creative thinker/i,
    persona: {
      key: 'creative-thinker',
      label: 'the creative thinker',
      goal: 'offer the expected answer plus genuinely different angles',
      pointsHeading: 'Other angles',
      numbered: false,
      contrarian: false,
      shortAnswer: generalShortAnswer,
      points: [
        (c) =>
          `**Reframe it (speculative):** instead of choosing about ${t(c, 0)}, ask what problem it is meant to solve.`,
        (c) =>
          `**Borrow from elsewhere (speculative):** other fields handle ${t(c, 1)} with small, cheap experiments.`,
        (c) =>
          `**Combine the options (proven):** a mix of ${t(c, 0)} and ${t(c, 2)} often beats either alone.`,
        () => `**Invert it (speculative):** list what would guarantee failure, then avoid exactly that.`,
      ],
      caveat: () => `The speculative ideas are starting points to test, not conclusions.`,
    },
  },
];

/** The persona a system prompt asks for. */
export function personaFor(system: string | undefined): DemoPersona {
  if (!system) return GENERALIST;
  return PERSONAS.find((entry) => entry.match.test(system))?.persona ?? GENERALIST;
}

function lowerFirst(value: string): string {
  return value.charAt(0).toLowerCase() + value.slice(1);
}
