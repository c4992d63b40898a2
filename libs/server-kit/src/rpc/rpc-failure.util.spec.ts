import { isConnectionFailure } from './rpc-failure.util';

function withCode(code: string): Error {
  return Object.assign(new Error(code), { code });
}

describe('isConnectionFailure', () => {
  it('knows refused, reset and closed connections, also as a cause', () => {
    expect(isConnectionFailure(withCode('ECONNREFUSED'))).toBe(true);
    expect(isConnectionFailure(withCode('UND_ERR_SOCKET'))).toBe(true);
    expect(isConnectionFailure(new Error('fetch failed', { cause: withCode('ECONNRESET') }))).toBe(true);
  });

  it('leaves everything else alone (aborts, bad replies, non-errors)', () => {
    expect(isConnectionFailure(withCode('UND_ERR_ABORTED'))).toBe(false);
    expect(isConnectionFailure(new Error('Unexpected token'))).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
    expect(isConnectionFailure('ECONNRESET')).toBe(false);
  });
});
