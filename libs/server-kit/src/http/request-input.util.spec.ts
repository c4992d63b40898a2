import { findHostileInput, textProblem } from './request-input.util';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

describe('textProblem', () => {
  it('refuses U+0000 and unpaired surrogates, and accepts any well-formed text', () => {
    expect(textProblem('a\u0000b')).toBe('nullCharacter');
    expect(textProblem('\ud800')).toBe('loneSurrogate');
    expect(textProblem('x\udc00')).toBe('loneSurrogate');
    expect(textProblem('\udc00\ud800')).toBe('loneSurrogate');
    expect(textProblem('emoji 😀 ok, ünïcödé, 中文')).toBeNull();
    expect(textProblem('')).toBeNull();
  });
});

describe('findHostileInput', () => {
  it('passes ordinary bodies', () => {
    expect(findHostileInput({ question: 'Why?', agents: [{ agentId: 1 }] }, 'body', 32)).toBeNull();
    expect(findHostileInput(null, 'body', 32)).toBeNull();
    expect(findHostileInput(nested(32), 'body', 32)).toBeNull();
  });

  it('refuses nesting past the limit without recursing (3,000 and 100,000 levels)', () => {
    expect(findHostileInput(nested(33), 'body', 32)).toMatchObject({ kind: 'tooDeep' });
    expect(findHostileInput(nested(3000), 'body', 32)?.kind).toBe('tooDeep');
    expect(findHostileInput(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)), 'body', 32)?.kind).toBe(
      'tooDeep',
    );
  });

  it('names the first offending field', () => {
    expect(findHostileInput({ a: 'ok', name: 'x\u0000', b: '\ud800' }, 'body', 32)).toEqual({
      kind: 'nullCharacter',
      path: 'body.name',
    });
    expect(findHostileInput({ agents: [{ role: '\ud800' }] }, 'body', 32)).toEqual({
      kind: 'loneSurrogate',
      path: 'body.agents[0].role',
    });
    expect(findHostileInput({ 'odd key': 'a\u0000' }, 'query', 32)).toEqual({
      kind: 'nullCharacter',
      path: 'query["odd key"]',
    });
    expect(findHostileInput({ ['k\u0000']: 1 }, 'body', 32)).toEqual({
      kind: 'nullCharacter',
      path: 'a field name in body',
    });
    expect(findHostileInput('\u0000', 'param.id', 32)).toEqual({ kind: 'nullCharacter', path: 'param.id' });
  });
});
