import { SERVER_MESSAGES, TOKEN_CAP, VALIDATION_MESSAGES } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { checkTokenCap } from './token-cap-check';

const invalid = { ok: false, error: VALIDATION_MESSAGES.tokenCapInvalid };
const aboveBalance = { ok: false, error: SERVER_MESSAGES.tokenCapAboveBalance };

describe('Stop at N tokens: the ask form check', () => {
  it('reads an empty field as no limit', () => {
    expect(checkTokenCap('', 10_000)).toEqual({ ok: true, cap: null });
    expect(checkTokenCap('   ', 10_000)).toEqual({ ok: true, cap: null });
  });

  it('accepts a whole number from the minimum to the balance, grouped or not', () => {
    expect(checkTokenCap(String(TOKEN_CAP.min), 10_000)).toEqual({ ok: true, cap: TOKEN_CAP.min });
    expect(checkTokenCap(' 5000 ', 10_000)).toEqual({ ok: true, cap: 5000 });
    expect(checkTokenCap('10,000', 10_000)).toEqual({ ok: true, cap: 10_000 });
  });

  it('refuses a cap below the minimum', () => {
    expect(checkTokenCap(String(TOKEN_CAP.min - 1), 10_000)).toEqual(invalid);
    expect(checkTokenCap('0', 10_000)).toEqual(invalid);
  });

  it('refuses anything but a whole number', () => {
    for (const text of ['1500.5', '1.5e3', '-500', 'abc', '12 34', '1,50,000', '0x400']) {
      expect(checkTokenCap(text, 10_000), text).toEqual(invalid);
    }
  });

  it('refuses a cap above the tokens left with the server’s own message', () => {
    expect(checkTokenCap('10001', 10_000)).toEqual(aboveBalance);
    expect(checkTokenCap('10,001', 10_000)).toEqual(aboveBalance);
  });

  it('refuses a cap above the maximum, however large the balance', () => {
    expect(checkTokenCap(String(TOKEN_CAP.max + 1), TOKEN_CAP.max * 2)).toEqual(invalid);
    expect(checkTokenCap(String(TOKEN_CAP.max), TOKEN_CAP.max * 2)).toEqual({
      ok: true,
      cap: TOKEN_CAP.max,
    });
  });

  it('checks a visitor’s cap without a balance (signing in comes first)', () => {
    expect(checkTokenCap('20000', null)).toEqual({ ok: true, cap: 20_000 });
    expect(checkTokenCap('50', null)).toEqual(invalid);
  });
});
