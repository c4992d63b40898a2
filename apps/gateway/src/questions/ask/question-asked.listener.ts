/**
 * What the ask tells the rest of the gateway about a question it has just written and held, without
 * knowing who listens: council-stream/ implements it (the asker's socket follows the question from
 * its first entry, and the ask's trace is kept for the first delivery) and binds it to
 * QUESTION_ASKED. So questions/ never imports the socket side, which imports questions/.
 */
export interface QuestionAskedListener {
  /** Called before the members are queued, so a named socket misses none of their first words. */
  asked(ask: AskedQuestion): void;
  /** The question could not be queued and will never stream. */
  abandoned(ask: AskedQuestion): void;
}

export interface AskedQuestion {
  userId: number;
  questionId: number;
  /** The asker's socket named in the ask, if any. */
  socketId?: string;
}

/** The injection token of the QuestionAskedListener. */
export const QUESTION_ASKED = Symbol('QuestionAskedListener');
