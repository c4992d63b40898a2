import {
  OncePerWindow,
  SocketEventBudget,
  entryTimestampMs,
  isAllowedSocketOrigin,
  isHandshakeRequest,
  streamEvent,
} from './council-stream.util';

describe('council stream helpers', () => {
  it('reads when Redis stored an entry from its id', () => {
    expect(entryTimestampMs('1700000000001-4')).toBe(1700000000001);
  });

  it('turns an entry into its event: the entry itself, with the question and entry ids', () => {
    expect([
      streamEvent(42, '1-1', { type: 'consensus:delta', kind: 'text', text: 'Agreed' }),
      streamEvent(42, '1-2', { type: 'question:completed', totalTokensUsed: 9 }),
      streamEvent(42, '1-3', { type: 'answer:reset', memberOrder: 1, round: 0, attempt: 2 }),
    ]).toEqual([
      { type: 'consensus:delta', questionId: 42, entryId: '1-1', kind: 'text', text: 'Agreed' },
      { type: 'question:completed', questionId: 42, entryId: '1-2', totalTokensUsed: 9 },
      { type: 'answer:reset', questionId: 42, entryId: '1-3', memberOrder: 1, round: 0, attempt: 2 },
    ]);
  });

  it('accepts our origin or none, and refuses foreign and cross-site handshakes', () => {
    const allowed = new Set(['http://council.test']);
    expect(isAllowedSocketOrigin('http://council.test', 'same-origin', allowed)).toBe(true);
    expect(isAllowedSocketOrigin(undefined, undefined, allowed)).toBe(true);
    expect(isAllowedSocketOrigin('http://evil.test', undefined, allowed)).toBe(false);
    expect(isAllowedSocketOrigin('null', undefined, allowed)).toBe(false);
    expect(isAllowedSocketOrigin(undefined, 'cross-site', allowed)).toBe(false);
  });

  it('tells the handshake from later engine.io requests', () => {
    expect(isHandshakeRequest('/socket.io/?EIO=4&transport=websocket')).toBe(true);
    expect(isHandshakeRequest('/socket.io/?EIO=4&transport=polling&sid=abc')).toBe(false);
    expect(isHandshakeRequest(undefined)).toBe(true);
  });
});

describe('SocketEventBudget', () => {
  it('allows `limit` events per window, then refuses, then disconnects a socket that keeps on', () => {
    const budget = new SocketEventBudget(3, 1000, 2);
    expect([1, 2, 3].map(() => budget.take(0))).toEqual(['allow', 'allow', 'allow']);
    expect(budget.take(10)).toBe('refuse');
    expect(budget.take(20)).toBe('refuse');
    expect(budget.take(30)).toBe('disconnect');
  });

  it('starts afresh with each window', () => {
    const budget = new SocketEventBudget(1, 1000, 5);
    expect(budget.take(0)).toBe('allow');
    expect(budget.take(999)).toBe('refuse');
    expect(budget.take(1000)).toBe('allow');
  });
});

describe('OncePerWindow', () => {
  it('says yes once, then not again until the window since that yes has passed', () => {
    const once = new OncePerWindow(1000);
    expect([0, 1, 999].map((now) => once.take(now))).toEqual([true, false, false]);
    expect(once.take(1000)).toBe(true);
    expect(once.take(1999)).toBe(false);
  });
});
