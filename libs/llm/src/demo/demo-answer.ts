/** What the demo adapter writes for one request. */
export interface DemoAnswer {
  /** Empty unless the request asked for reasoning (and the answer has any). */
  reasoning: string;
  text: string;
}
