// The debate around the answers: its rounds (`debate:round`) and "Let me weigh in", the pause after
// a round (`debate:paused`, `debate:resumed`) and the asker's note (`debate:note`), whether the
// stream or our own POST tells it first.

import { type AskerNote, type FamilyEvent, type QuestionStreamState } from './question-state';

/** Adds the note after `note.afterRound`, or replaces it (the stream's copy wins over ours). */
export function withNote(notes: readonly AskerNote[], note: AskerNote): AskerNote[] {
  return [...notes.filter((other) => other.afterRound !== note.afterRound), note].sort(
    (a, b) => a.afterRound - b.afterRound,
  );
}

/** Folds one `debate:*` entry (the combining reducer has checked its question and entry id). */
export function debateReducer(state: QuestionStreamState, event: FamilyEvent<'debate'>): QuestionStreamState {
  switch (event.type) {
    case 'debate:round': {
      const { round, status } = event;
      const debateRounds = [...state.debateRounds, { round, status }];
      if (status === 'completed') {
        return {
          ...state,
          debateRounds,
          debateRound: state.debateRound === round ? null : state.debateRound,
        };
      }
      return {
        ...state,
        debateRounds,
        debateRound: round,
        pause: null,
        // Every member still in the debate is asked for a revision: it is "thinking" again.
        members: state.members.map((member) =>
          member.phase === 'failed' || member.phase === 'cancelled' || member.phase === 'capped'
            ? member
            : { ...member, round, phase: 'pending', hasText: false, stoppedAtLimit: false },
        ),
      };
    }
    case 'debate:paused': {
      const { round, endsAt } = event;
      return { ...state, debateRound: null, pause: { round, endsAt } };
    }
    case 'debate:note': {
      const { round, note } = event;
      return { ...state, notes: withNote(state.notes, { afterRound: round, note }) };
    }
    case 'debate:resumed':
      return withoutPause(state, event.round);
  }
}

/**
 * The pause after `round` is over (the stream's debate:resumed, or our note or Continue was
 * accepted): a later pause, should one already be shown, stays.
 */
export function withoutPause(state: QuestionStreamState, round: number): QuestionStreamState {
  if (state.pause === null || state.pause.round > round) return state;
  return { ...state, pause: null };
}

/** After POST …/notes: the note is in, and the debate no longer waits. */
export function withNoteSent(state: QuestionStreamState, round: number, note: string): QuestionStreamState {
  return { ...withoutPause(state, round), notes: withNote(state.notes, { afterRound: round, note }) };
}
