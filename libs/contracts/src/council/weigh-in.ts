// "Let me weigh in": with it on, a debate pauses after each round for the asker's note, which every
// member reads in the next round. The pause is server state (questions.pauseEndsAt and the flow
// parent delayed until then), so it survives a reload, a reconnect and a worker restart.

export const WEIGH_IN = {
  /** How long the debate waits for a note after each round. */
  pauseSeconds: 60,
  noteMaxLength: 2_000,
} as const;

/** A note the asker added between rounds; every member read it in round `afterRound + 1`. */
export interface DebateNote {
  afterRound: number;
  note: string;
  createdAt: string;
}

export const WEIGH_IN_TEXTS = {
  switchLabel: 'Let me weigh in',
  switchHint: `The debate pauses after each round so you can add a note for every member (${WEIGH_IN.pauseSeconds} seconds).`,
  pausedHeading: (round: number) =>
    round === 0 ? 'The opening answers are in' : `Debate round ${round} is over`,
  pausedText: 'Add a correction, a constraint or a question for every member, or let the debate carry on.',
  countdown: (seconds: number) => `Continuing in ${seconds} s`,
  /** The countdown ran out: the server carries on by itself. */
  carryingOn: 'Time is up: the debate carries on without a note.',
  notePlaceholder: 'Your note to the council…',
  noteLabel: 'Your note',
  send: 'Send note and continue',
  sending: 'Sending…',
  continue: 'Continue',
  /** In the debate log and the replay. */
  noteHeading: (round: number) => `Your note after ${round === 0 ? 'the opening answers' : `round ${round}`}`,
} as const;
