// The shape of a hand-written demo example: what each voice says first, how it answers the others
// in the debate, and the consensus each position leads to when it has the most support.

/** The three voices of the default council, one per built-in provider. */
export const DEMO_VOICES = ['openai', 'anthropic', 'xai'] as const;
export type DemoVoice = (typeof DEMO_VOICES)[number];

/** One scripted turn. Its first paragraph is its headline: it identifies the position it holds. */
export interface DemoTurn {
  /** A key of the example's `stances`. */
  stance: string;
  reasoning: string;
  text: string;
}

export interface DemoStance {
  /** The position as one claim of the agreement map. */
  claim: string;
  /** How the consensus describes a member that still holds this position: "<member> <minority>". */
  minority: string;
  /** The consensus when this position has the most support. */
  consensus: { answer: string; points: readonly string[] };
}

export interface DemoVoiceScript {
  opening: DemoTurn;
  /** Round 1 when the member keeps its position: its reply to the others, after its headline. */
  keeps: { reasoning: string; text: string };
  /**
   * Round 1 when one of these voices is in the debate: the member changes its position.
   * `{persuader}` in the text is replaced with that member's name.
   */
  changes?: { persuadedBy: readonly DemoVoice[]; turn: DemoTurn };
}

export interface DemoExample {
  question: string;
  stances: Readonly<Record<string, DemoStance>>;
  voices: Readonly<Record<DemoVoice, DemoVoiceScript>>;
}
