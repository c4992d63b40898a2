import { decodeStreamEntry, encodeStreamEntry, isStreamEntryType, type StreamEntry } from './streams.entries';

const entries: StreamEntry[] = [
  { type: 'answer:delta', memberOrder: 1, round: 0, kind: 'text', text: 'Hello, **world**' },
  { type: 'answer:delta', memberOrder: 0, round: 2, kind: 'reasoning', text: '' },
  {
    type: 'answer:completed',
    memberOrder: 2,
    round: 0,
    responseId: 11,
    stoppedAtLimit: false,
    promptTokens: 10,
    completionTokens: 20,
    totalTokens: 30,
  },
  { type: 'answer:failed', memberOrder: 2, round: 1, responseId: null, error: 'Rate limited' },
  { type: 'answer:failed', memberOrder: 2, round: 1, responseId: 12, error: 'Overloaded' },
  { type: 'debate:round', round: 1, status: 'started' },
  { type: 'consensus:delta', kind: 'text', text: 'We agree' },
  {
    type: 'consensus:completed',
    responseId: 13,
    stoppedAtLimit: true,
    promptTokens: 1,
    completionTokens: 2,
    totalTokens: 3,
  },
  { type: 'consensus:failed', responseId: null, error: 'timeout' },
  {
    type: 'agreement:claim',
    index: 0,
    claim: {
      claim: 'Start with one "app", {not} three',
      stances: [{ memberOrder: 0, stance: 'opposes', reason: 'Too slow', changedInRound: 1 }],
    },
  },
  { type: 'agreement:reset', attempt: 2 },
  { type: 'agreement:completed', map: { status: 'unavailable', note: 'No map' } },
  { type: 'question:completed', totalTokensUsed: 1234 },
  { type: 'question:failed', error: 'boom', reason: 'error' },
  { type: 'question:failed', error: 'Question cancelled', reason: 'cancelled' },
];

describe('stream entries', () => {
  it.each(entries.map((entry) => [entry.type, entry] as const))('round-trips %s', (_type, entry) => {
    const fields = encodeStreamEntry(entry);
    expect(fields.every((field) => typeof field === 'string')).toBe(true);
    expect(decodeStreamEntry(fields)).toEqual(entry);
  });

  it('also reads a field map', () => {
    expect(decodeStreamEntry({ type: 'question:completed', totalTokensUsed: '7' })).toEqual({
      type: 'question:completed',
      totalTokensUsed: 7,
    });
  });

  it('reads response ids back as numbers', () => {
    expect(decodeStreamEntry({ type: 'consensus:failed', responseId: '13', error: 'x' })).toEqual({
      type: 'consensus:failed',
      responseId: 13,
      error: 'x',
    });
  });

  it('rejects response ids that are not positive integers', () => {
    const completed = ['type', 'consensus:completed', 'promptTokens', '1', 'completionTokens', '2'];
    for (const responseId of ['c1', '0', '-1', '1.5', '07', '', '99999999999999999999']) {
      expect(decodeStreamEntry([...completed, 'totalTokens', '3', 'responseId', responseId])).toBeNull();
      expect(decodeStreamEntry({ type: 'consensus:failed', responseId, error: 'x' })).toBeNull();
    }
  });

  it('leaves null fields out of Redis', () => {
    expect(encodeStreamEntry({ type: 'consensus:failed', responseId: null, error: 'x' })).toEqual([
      'type',
      'consensus:failed',
      'error',
      'x',
    ]);
  });

  it('rejects malformed entries instead of relaying them', () => {
    expect(decodeStreamEntry(['type', 'answer:poke'])).toBeNull();
    expect(
      decodeStreamEntry(['type', 'answer:delta', 'memberOrder', '1', 'round', '0', 'kind', 'text']),
    ).toBeNull();
    expect(
      decodeStreamEntry([
        'type',
        'answer:delta',
        'memberOrder',
        'x',
        'round',
        '0',
        'kind',
        'text',
        'text',
        'a',
      ]),
    ).toBeNull();
    expect(
      decodeStreamEntry([
        'type',
        'answer:delta',
        'memberOrder',
        '1',
        'round',
        '0',
        'kind',
        'poem',
        'text',
        'a',
      ]),
    ).toBeNull();
    expect(decodeStreamEntry({})).toBeNull();
  });

  it('ignores fields it does not know', () => {
    expect(decodeStreamEntry(['type', 'question:failed', 'error', 'e', 'extra', '1'])).toEqual({
      type: 'question:failed',
      error: 'e',
      reason: 'error',
    });
  });

  it('reads a question:failed written before it carried a reason as an error, and refuses an unknown reason', () => {
    expect(decodeStreamEntry(['type', 'question:failed', 'error', 'e'])).toEqual({
      type: 'question:failed',
      error: 'e',
      reason: 'error',
    });
    expect(decodeStreamEntry(['type', 'question:failed', 'error', 'e', 'reason', 'bored'])).toBeNull();
  });

  it('refuses an agreement entry whose JSON is broken or of the wrong shape', () => {
    expect(decodeStreamEntry({ type: 'agreement:completed', map: '{"status":' })).toBeNull();
    expect(decodeStreamEntry({ type: 'agreement:completed', map: '{"status":"mapped"}' })).toBeNull();
    expect(decodeStreamEntry({ type: 'agreement:claim', index: '0', claim: '{"claim":1}' })).toBeNull();
  });

  it('knows its types', () => {
    expect(isStreamEntryType('debate:round')).toBe(true);
    expect(isStreamEntryType('toString')).toBe(false);
  });
});
