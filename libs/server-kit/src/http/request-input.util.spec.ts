import { type InputLimits, REQUEST_INPUT_LIMITS, findHostileInput, textProblem } from './request-input.util';

const DEPTH_32: InputLimits = { ...REQUEST_INPUT_LIMITS, maxDepth: 32 };

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
    expect(findHostileInput({ question: 'Why?', agents: [{ agentId: 1 }] }, 'body', DEPTH_32)).toBeNull();
    expect(findHostileInput(null, 'body', DEPTH_32)).toBeNull();
    expect(findHostileInput(nested(32), 'body', DEPTH_32)).toBeNull();
  });

  it('refuses nesting past the limit without recursing (3,000 and 100,000 levels)', () => {
    expect(findHostileInput(nested(33), 'body', DEPTH_32)).toMatchObject({ kind: 'tooDeep' });
    expect(findHostileInput(nested(3000), 'body', DEPTH_32)?.kind).toBe('tooDeep');
    expect(
      findHostileInput(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)), 'body', DEPTH_32)?.kind,
    ).toBe('tooDeep');
  });

  it('names the first offending field', () => {
    expect(findHostileInput({ a: 'ok', name: 'x\u0000', b: '\ud800' }, 'body', DEPTH_32)).toEqual({
      kind: 'nullCharacter',
      path: 'body.name',
    });
    expect(findHostileInput({ agents: [{ role: '\ud800' }] }, 'body', DEPTH_32)).toEqual({
      kind: 'loneSurrogate',
      path: 'body.agents[0].role',
    });
    expect(findHostileInput({ 'odd key': 'a\u0000' }, 'query', DEPTH_32)).toEqual({
      kind: 'nullCharacter',
      path: 'query["odd key"]',
    });
    expect(findHostileInput({ ['k\u0000']: 1 }, 'body', DEPTH_32)).toEqual({
      kind: 'nullCharacter',
      path: 'a field name in body',
    });
    expect(findHostileInput('\u0000', 'param.id', DEPTH_32)).toEqual({
      kind: 'nullCharacter',
      path: 'param.id',
    });
  });

  it('refuses a container wider than the limit before reading its entries', () => {
    const limits: InputLimits = { maxDepth: 32, maxEntries: 3, maxValues: 100 };
    expect(findHostileInput({ a: 1, b: 2, c: 3 }, 'body', limits)).toBeNull();
    expect(findHostileInput({ a: 1, b: 2, c: 3, d: 4 }, 'body', limits)).toEqual({
      kind: 'tooManyEntries',
      path: 'body',
    });
    expect(findHostileInput({ agents: [1, 2, 3, 4] }, 'body', limits)).toEqual({
      kind: 'tooManyEntries',
      path: 'body.agents',
    });
    // Width is checked before the keys' text, so the report is about the width.
    expect(findHostileInput({ a: 1, b: 2, c: 3, ['\u0000']: 4 }, 'body', limits)?.kind).toBe(
      'tooManyEntries',
    );
  });

  it('refuses more values in all than the limit, however they are spread', () => {
    const limits: InputLimits = { maxDepth: 32, maxEntries: 10, maxValues: 12 };
    // The root, two lists and ten numbers: thirteen values.
    const thirteen = { a: [1, 2, 3, 4, 5], b: [1, 2, 3, 4, 5] };
    expect(findHostileInput(thirteen, 'payload', limits)).toEqual({ kind: 'tooManyValues', path: 'payload' });
    expect(findHostileInput({ a: [1, 2, 3, 4, 5], b: [1, 2, 3, 4] }, 'payload', limits)).toBeNull();
  });

  it('refuses the widest body the size limit allows in a few milliseconds', () => {
    const wide: Record<string, number> = {};
    for (let index = 0; index < 120_000; index += 1) wide[index.toString(36)] = 0;
    const many = Array.from({ length: 200 }, () => Array.from({ length: 100 }, () => 0));
    const started = performance.now();
    expect(findHostileInput(wide, 'body')).toEqual({ kind: 'tooManyEntries', path: 'body' });
    expect(findHostileInput(many, 'body')).toEqual({ kind: 'tooManyValues', path: 'body' });
    expect(performance.now() - started).toBeLessThan(500);
  });
});
