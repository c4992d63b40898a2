import { type AgreementClaim, type AgreementMapResult, type StreamEvent } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { askResultFixture } from '@/testing/ask.fixture';
import { questionDetailFixture, responseRowFixture } from '@/testing/history.fixture';
import { createQuestionStream, questionStreamFromDetail } from './question-seed';
import { clearForReplay } from './question.reducer';
import { fold, meta } from './stream-events.fixture';

describe('the agreement map (agreement:claim, agreement:reset, agreement:completed)', () => {
  const claim = (text: string): AgreementClaim => ({
    claim: text,
    stances: [
      { memberOrder: 0, stance: 'supports', reason: null, changedInRound: null },
      { memberOrder: 1, stance: 'opposes', reason: 'Coffee is tastier.', changedInRound: null },
    ],
  });
  const claimEvent = (entryId: string, index: number, text: string): StreamEvent => ({
    type: 'agreement:claim',
    ...meta(entryId),
    index,
    claim: claim(text),
  });
  const mapped: AgreementMapResult = { status: 'mapped', claims: [claim('Tea is calmer.')] };
  const debate = () => createQuestionStream(askResultFixture({ showDebate: true }));

  it('collects draft claims by their index while the leader writes them', () => {
    const state = fold(
      [
        { type: 'consensus:delta', ...meta('1-0'), kind: 'text', text: 'Agreed: tea.' },
        claimEvent('2-0', 1, 'Second'),
        claimEvent('2-1', 0, 'First'),
        claimEvent('2-2', 1, 'Second, rewritten'),
      ],
      debate(),
    );
    expect(state.consensus?.agreement.mapping).toBe(true);
    expect(state.consensus?.agreement.map).toBeNull();
    expect(state.consensus?.agreement.drafts.map(({ index, claim }) => [index, claim.claim])).toEqual([
      [0, 'First'],
      [1, 'Second, rewritten'],
    ]);
    expect(state.consensus?.text).toBe('Agreed: tea.');
  });

  it('agreement:reset drops the drafts; the next attempt starts afresh', () => {
    const state = fold(
      [claimEvent('1-0', 0, 'Malformed try'), { type: 'agreement:reset', ...meta('2-0'), attempt: 2 }],
      debate(),
    );
    expect(state.consensus?.agreement).toEqual({ drafts: [], mapping: true, map: null });
    const again = fold([claimEvent('2-1', 0, 'Second try')], state);
    expect(again.consensus?.agreement.drafts.map((draft) => draft.claim.claim)).toEqual(['Second try']);
  });

  it('agreement:completed replaces the drafts with the map, and consensus:completed keeps it', () => {
    const state = fold(
      [
        claimEvent('1-0', 0, 'Draft'),
        { type: 'agreement:completed', ...meta('2-0'), map: mapped },
        {
          type: 'consensus:completed',
          ...meta('2-1'),
          responseId: 900,
          stoppedAtLimit: false,
          promptTokens: 1,
          completionTokens: 2,
          totalTokens: 3,
        },
      ],
      debate(),
    );
    expect(state.consensus?.agreement).toEqual({ drafts: [], mapping: false, map: mapped });
    expect(state.consensus?.phase).toBe('completed');
  });

  it('keeps the note of a map that could not be drawn', () => {
    const note = { status: 'unavailable', note: 'The agreement map could not be drawn.' } as const;
    const state = fold([{ type: 'agreement:completed', ...meta('1-0'), map: note }], debate());
    expect(state.consensus?.agreement.map).toEqual(note);
  });

  it('consensus:reset clears the prose but leaves the map drawn beside it, which resets on its own', () => {
    const drafting = fold(
      [claimEvent('1-0', 0, 'Draft'), { type: 'consensus:reset', ...meta('2-0'), attempt: 2 }],
      debate(),
    );
    expect(drafting.consensus?.agreement.drafts.map((draft) => draft.index)).toEqual([0]);
    expect(drafting.consensus?.agreement.mapping).toBe(true);
    const drawn = fold(
      [
        { type: 'agreement:completed', ...meta('1-0'), map: mapped },
        { type: 'consensus:delta', ...meta('1-1'), kind: 'text', text: 'Half' },
        { type: 'consensus:reset', ...meta('2-0'), attempt: 2 },
      ],
      debate(),
    );
    expect(drawn.consensus).toMatchObject({ text: '', phase: 'pending' });
    expect(drawn.consensus?.agreement).toEqual({ drafts: [], mapping: false, map: mapped });
    const redrawn = fold([{ type: 'agreement:reset', ...meta('3-0'), attempt: 1 }], drafting);
    expect(redrawn.consensus?.agreement).toEqual({ drafts: [], mapping: true, map: null });
  });

  it('ignores a replayed claim at or before the last entry id', () => {
    const once = fold([claimEvent('1-0', 0, 'Once')], debate());
    expect(fold([claimEvent('1-0', 0, 'Once')], once)).toBe(once);
  });

  it('a reload reads the map stored on the consensus row', () => {
    const detail = questionDetailFixture({ showDebate: true, status: 'completed' });
    detail.answers = [
      ...detail.answers,
      responseRowFixture({
        id: 900,
        provider: 'consensus',
        memberOrder: null,
        agentId: null,
        modelId: null,
        response: 'Agreed: tea.',
        agreementMap: mapped,
      }),
    ];
    const state = questionStreamFromDetail(detail);
    expect(state.consensus).toMatchObject({ text: 'Agreed: tea.', phase: 'completed' });
    expect(state.consensus?.agreement).toEqual({ drafts: [], mapping: false, map: mapped });
  });

  it('a stored consensus without a map, or with a malformed one, has none', () => {
    const detail = questionDetailFixture({ showDebate: true, status: 'completed' });
    const consensusRow = (agreementMap: unknown) =>
      responseRowFixture({
        id: 900,
        provider: 'consensus',
        memberOrder: null,
        agreementMap: agreementMap as AgreementMapResult | null,
      });
    detail.answers = [consensusRow(null)];
    expect(questionStreamFromDetail(detail).consensus?.agreement.map).toBeNull();
    detail.answers = [consensusRow({ status: 'mapped', claims: 'not a list' })];
    expect(questionStreamFromDetail(detail).consensus?.agreement.map).toBeNull();
  });

  it('a replay from the first entry drops the stored map and rebuilds it from the stream', () => {
    const running = { ...debate(), status: 'running' as const };
    const stored = fold([{ type: 'agreement:completed', ...meta('1-0'), map: mapped }], running);
    const cleared = clearForReplay({ ...stored, lastEntryId: null });
    expect(cleared.consensus?.agreement.map).toBeNull();
  });
});
