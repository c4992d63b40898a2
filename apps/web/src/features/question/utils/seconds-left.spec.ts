import { describe, expect, it } from 'vitest';
import { msToNextSecond, secondsLeft } from './seconds-left';

const endsAt = '2026-01-01T12:01:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('secondsLeft', () => {
  it('counts whole seconds up, down to 0 once the time has passed', () => {
    expect(secondsLeft(endsAt, at('2026-01-01T12:00:00.000Z'), 60)).toBe(60);
    expect(secondsLeft(endsAt, at('2026-01-01T12:00:59.001Z'), 60)).toBe(1);
    expect(secondsLeft(endsAt, at('2026-01-01T12:01:00.000Z'), 60)).toBe(0);
    expect(secondsLeft(endsAt, at('2026-01-01T12:05:00.000Z'), 60)).toBe(0);
  });

  it('never promises more than the pause lasts (a browser clock behind the server’s)', () => {
    expect(secondsLeft(endsAt, at('2026-01-01T11:58:00.000Z'), 60)).toBe(60);
  });

  it('reads a malformed time as over', () => {
    expect(secondsLeft('soon', at(endsAt), 60)).toBe(0);
  });
});

describe('msToNextSecond', () => {
  it('waits until the shown number changes, and not at all once it is over', () => {
    expect(msToNextSecond(endsAt, at('2026-01-01T12:00:58.750Z'))).toBe(250);
    expect(msToNextSecond(endsAt, at('2026-01-01T12:00:58.000Z'))).toBe(1000);
    expect(msToNextSecond(endsAt, at('2026-01-01T12:01:00.000Z'))).toBe(0);
  });
});
