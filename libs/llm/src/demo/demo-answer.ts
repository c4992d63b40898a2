/** What the demo adapter writes for one request. */
export interface DemoAnswer {
  /** Empty unless the request asked for reasoning (and the answer has any). */
  reasoning: string;
  text: string;
  /**
   * True when the text is the "no model configured" card rather than a scripted answer: a card is
   * not an answer and costs nothing (docs/decisions.md, "22. A card that is not an answer").
   */
  card?: boolean;
}
