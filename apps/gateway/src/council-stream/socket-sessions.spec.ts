import { endedSessionIds } from './socket-sessions';

describe('endedSessionIds', () => {
  it('reads the session ids of an announcement', () => {
    expect(endedSessionIds('["a1","b2"]')).toEqual(['a1', 'b2']);
  });

  it.each(['', 'not json', '{"a":1}', '"a1"', 'null', '[1,null,"",{}]'])('ends nothing for %j', (message) => {
    expect(endedSessionIds(message)).toEqual([]);
  });
});
