// What the answer cards say about the question's token cap (TOKEN_CAP_TEXTS), live and read back
// alike: both views fold into the same QuestionStreamState.
import { BALANCE_STOP_TEXTS, TOKEN_CAP_TEXTS } from '@council/contracts';
import { type MemberStream, type QuestionStreamState } from '../state/question-state';

/** A member's answer or revision the cap left no room to start: its note in place of an error. */
export function memberLimitNote(member: Pick<MemberStream, 'phase' | 'error'>): string | null {
  return member.phase === 'capped' ? member.error : null;
}

/**
 * The consensus the cap (or the balance) left no room for says so; a consensus written after one
 * cut or stopped a member's answer says it worked from what the council said before that.
 */
export function consensusLimitNote(
  state: Pick<QuestionStreamState, 'consensus' | 'capShortened' | 'tokenCap'>,
): string | null {
  const { consensus } = state;
  if (consensus?.phase === 'capped') return consensus.error;
  if (consensus?.phase === 'completed' && state.capShortened) {
    // Without a cap, answers stop only when the balance runs out (DECISIONS 26).
    return state.tokenCap === null
      ? BALANCE_STOP_TEXTS.consensusFromWhatThereIs
      : TOKEN_CAP_TEXTS.consensusFromWhatThereIs;
  }
  return null;
}
