import { BALANCE_STOP_TEXTS, TOKEN_CAP_TEXTS } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { askResultFixture } from '@/testing/ask.fixture';
import { consensusLimitNote, memberLimitNote } from './limit-notes';
import { createQuestionStream } from '../state/question-seed';
import { type ConsensusStream } from '../state/question-state';

const start = createQuestionStream(askResultFixture({ showDebate: true, tokenCap: 2000 }));
const withConsensus = (
  consensus: Partial<ConsensusStream>,
  capShortened: boolean,
  tokenCap: number | null = 2000,
) => ({
  consensus: { ...start.consensus!, ...consensus },
  capShortened,
  tokenCap,
});

describe('the token cap notes of the answer cards', () => {
  it('gives a member the cap did not start its note, and no other member one', () => {
    expect(memberLimitNote({ phase: 'capped', error: TOKEN_CAP_TEXTS.notStarted })).toBe(
      TOKEN_CAP_TEXTS.notStarted,
    );
    expect(memberLimitNote({ phase: 'failed', error: 'Provider down' })).toBeNull();
    expect(memberLimitNote({ phase: 'completed', error: null })).toBeNull();
  });

  it('says a consensus was not written when the cap left no room for it', () => {
    const state = withConsensus({ phase: 'capped', error: TOKEN_CAP_TEXTS.consensusNotWritten }, true);
    expect(consensusLimitNote(state)).toBe(TOKEN_CAP_TEXTS.consensusNotWritten);
  });

  it('says a finished consensus worked from what there was, only when the cap shortened the council', () => {
    expect(consensusLimitNote(withConsensus({ phase: 'completed' }, true))).toBe(
      TOKEN_CAP_TEXTS.consensusFromWhatThereIs,
    );
    expect(consensusLimitNote(withConsensus({ phase: 'completed' }, false))).toBeNull();
    // Not while it is still being written.
    expect(consensusLimitNote(withConsensus({ phase: 'active' }, true))).toBeNull();
    expect(consensusLimitNote({ consensus: null, capShortened: true, tokenCap: 2000 })).toBeNull();
  });

  it('says the balance ran out, not the limit, on a question without a cap (DECISIONS 26)', () => {
    expect(consensusLimitNote(withConsensus({ phase: 'completed' }, true, null))).toBe(
      BALANCE_STOP_TEXTS.consensusFromWhatThereIs,
    );
  });
});
