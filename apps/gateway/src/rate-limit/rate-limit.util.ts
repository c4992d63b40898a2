import { type Request } from 'express';

/**
 * The client's address for rate limits: req.ip, which Express takes from X-Forwarded-For only when
 * TRUST_PROXY names the proxies in front of us, else from the socket. IPv4-mapped IPv6 addresses
 * (::ffff:1.2.3.4) are reported as plain IPv4, so one client has one key.
 */
export function clientIp(req: Pick<Request, 'ip' | 'socket'>): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}
