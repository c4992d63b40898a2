// What the cards and the debate log read from a question's live state; the same for a question
// read back over REST, which folds into the same state (question-seed.ts).

import { type QuestionStatus, type ResponseState, isQuestionFinal } from '@council/contracts';
import { type AnswerPhase, type MemberStream, type QuestionStreamState } from './question-state';

/** The text a member card shows: its latest round that has any text. */
export function memberText(member: MemberStream): string {
  for (let round = member.rounds.length - 1; round >= 0; round -= 1) {
    const text = member.rounds[round];
    if (text) return text;
  }
  return '';
}

/** The badge of a card (spec: queued, thinking, streaming, done, failed; plus stopped after Stop). */
export function answerState(
  answer: { phase: AnswerPhase; hasText: boolean; reasoning: string },
  questionStatus: QuestionStatus,
): ResponseState {
  switch (answer.phase) {
    case 'completed':
      return 'done';
    case 'failed':
      return 'failed';
    case 'cancelled':
    case 'capped':
      return 'stopped';
    case 'active':
      if (questionStatus === 'cancelled') return 'stopped';
      return answer.hasText ? 'streaming' : 'thinking';
    case 'pending':
      if (questionStatus === 'cancelled') return 'stopped';
      return questionStatus === 'running' ? 'thinking' : 'queued';
  }
}

/** The red single-error panel: no answer came through and at least one error did. */
export function singleErrorMessage(state: QuestionStreamState): string | null {
  if (state.members.length === 0) return state.error;
  const allFailed = state.members.every((member) => member.phase === 'failed');
  if (!allFailed) return null;
  return state.error ?? state.members.find((member) => member.error)?.error ?? null;
}

/** A question still worth listening to. */
export function isStreaming(state: QuestionStreamState): boolean {
  return !isQuestionFinal(state.status);
}

/** One section of the debate log: a round and what each member said in it. */
export interface TranscriptRound {
  round: number;
  /** Live, a round the debate has started but not finished. */
  inProgress: boolean;
  entries: { member: MemberStream; text: string }[];
  /** The asker's note after this round, which every member read in the next one. */
  note: string | null;
}

/**
 * The debate log, built the same way live and read back: from the members' answers per round
 * (round 0, the opening answers, first) and the asker's notes between them, so both views always
 * show the same transcript.
 */
export function debateTranscript(state: QuestionStreamState): TranscriptRound[] {
  const last = Math.max(
    -1,
    ...state.members.map((member) => member.rounds.length - 1),
    ...state.debateRounds.map((record) => record.round),
    ...state.notes.map((note) => note.afterRound),
  );
  const transcript: TranscriptRound[] = [];
  for (let round = 0; round <= last; round += 1) {
    const entries = state.members.flatMap((member) => {
      const text = member.rounds[round];
      return text ? [{ member, text }] : [];
    });
    const started = state.debateRounds.some((record) => record.round === round);
    const completed = state.debateRounds.some(
      (record) => record.round === round && record.status === 'completed',
    );
    const inProgress = round > 0 && started && !completed && !isQuestionFinal(state.status);
    const note = state.notes.find((candidate) => candidate.afterRound === round)?.note ?? null;
    if (entries.length > 0 || inProgress || note !== null) {
      transcript.push({ round, inProgress, entries, note });
    }
  }
  return transcript;
}
