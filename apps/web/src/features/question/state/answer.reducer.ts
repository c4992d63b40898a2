// The members' answers: `answer:delta`, `answer:completed`, `answer:failed` and `answer:reset`, and
// a member started over after POST …/retry.

import { compareEntryIds, parseRevision } from '@council/contracts';
import { addUsage, failedPhase, shortensCouncil, usageOf } from './answer-phase';
import { type FamilyEvent, type MemberStream, type QuestionStreamState, emptyMember } from './question-state';

/** Changes the member at `order`; a member the question does not have changes nothing. */
export function updateMember(
  state: QuestionStreamState,
  order: number,
  change: (member: MemberStream) => MemberStream,
): QuestionStreamState {
  if (!state.members.some((member) => member.order === order)) return state;
  return {
    ...state,
    members: state.members.map((member) => (member.order === order ? change(member) : member)),
  };
}

function withRevisionAnswer(rounds: string[], round: number): string[] {
  const text = rounds[round];
  if (text === undefined) return rounds;
  const next = [...rounds];
  next[round] = parseRevision(text).answer;
  return next;
}

/** Folds one `answer:*` entry (the combining reducer has checked its question and entry id). */
export function answerReducer(state: QuestionStreamState, event: FamilyEvent<'answer'>): QuestionStreamState {
  switch (event.type) {
    case 'answer:delta': {
      const { memberOrder, round, kind, text } = event;
      return updateMember(state, memberOrder, (member) => {
        const newRound = round > member.round;
        const rounds = [...member.rounds];
        if (kind === 'text') rounds[round] = (rounds[round] ?? '') + text;
        return {
          ...member,
          rounds,
          reasoning: kind === 'reasoning' ? (newRound ? text : member.reasoning + text) : member.reasoning,
          round: Math.max(member.round, round),
          phase: 'active',
          hasText: kind === 'text' || (!newRound && member.hasText),
          error: null,
          // Text still arriving has not been cut off.
          stoppedAtLimit: false,
        };
      });
    }
    case 'answer:completed': {
      const { memberOrder, round, responseId, stoppedAtLimit } = event;
      const capShortened = state.capShortened || shortensCouncil(memberOrder, stoppedAtLimit, null);
      return updateMember({ ...state, capShortened }, memberOrder, (member) => ({
        ...member,
        // A finished revision drops its position line, as the stored revision does.
        rounds: round > 0 ? withRevisionAnswer(member.rounds, round) : member.rounds,
        round: Math.max(member.round, round),
        phase: 'completed',
        responseId,
        error: null,
        stoppedAtLimit,
        usage: addUsage(member.usage, usageOf(event)),
      }));
    }
    case 'answer:failed': {
      const { memberOrder, round, responseId, error } = event;
      const capShortened = state.capShortened || shortensCouncil(memberOrder, false, error);
      return updateMember({ ...state, capShortened }, memberOrder, (member) => ({
        ...member,
        round: Math.max(member.round, round),
        phase: failedPhase(error),
        responseId: responseId ?? member.responseId,
        error,
        stoppedAtLimit: false,
      }));
    }
    case 'answer:reset': {
      // A retried attempt starts: drop what this member showed for the round; fresh deltas follow.
      const { memberOrder, round } = event;
      return updateMember(state, memberOrder, (member) => {
        const rounds = [...member.rounds];
        rounds[round] = '';
        return {
          ...member,
          rounds,
          reasoning: '',
          round: Math.max(member.round, round),
          phase: 'pending',
          hasText: false,
          error: null,
          stoppedAtLimit: false,
        };
      });
    }
  }
}

/**
 * After POST …/retry: the member starts over; its new attempt streams in under later entry ids.
 * `fromEntryId`: the stream entry that starts an answer given again (the reply's streamEntryId).
 * The state already shows everything before it, so the stream is followed from there: a state read
 * over REST (no entry applied yet) is not replayed from the first entry, which would drop the
 * other members' answers when the earlier stream has expired.
 */
export function markRetrying(
  state: QuestionStreamState,
  order: number,
  fromEntryId: string | null = null,
): QuestionStreamState {
  const retried = updateMember(state, order, (member) => ({
    ...emptyMember(member.order, member.agent, member.model, member.role),
  }));
  const lastEntryId =
    fromEntryId !== null &&
    (state.lastEntryId === null || compareEntryIds(fromEntryId, state.lastEntryId) > 0)
      ? fromEntryId
      : state.lastEntryId;
  return { ...retried, status: 'running', error: null, lastEntryId };
}
