import { type Request } from 'express';
import { clientIp } from './rate-limit.util';

function req(ip: string | undefined, remoteAddress?: string): Pick<Request, 'ip' | 'socket'> {
  return { ip, socket: { remoteAddress } as Request['socket'] };
}

describe('clientIp', () => {
  it("is Express's req.ip", () => {
    expect(clientIp(req('203.0.113.9'))).toBe('203.0.113.9');
    expect(clientIp(req('2001:db8::1'))).toBe('2001:db8::1');
  });

  it('reports IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(clientIp(req('::ffff:127.0.0.1'))).toBe('127.0.0.1');
  });

  it('falls back to the socket address', () => {
    expect(clientIp(req(undefined, '198.51.100.7'))).toBe('198.51.100.7');
    expect(clientIp(req(undefined))).toBe('unknown');
  });
});
