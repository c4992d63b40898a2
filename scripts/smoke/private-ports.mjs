// @ts-check
// What the smoke stage checks of `npm start`'s network surface: billing and the workers answer on
// loopback only, their /metrics only on their own metrics port, and the session cookie is signed
// with a secret of this installation, not the development one in the source.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/exec.mjs';
import { httpStatus } from '../lib/net.mjs';

/** An IPv4 address of this machine that is not loopback, or null when it has none. */
export function nonLoopbackAddress() {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return null;
}

/**
 * 'refused' when nothing listens on host:port, 'open' when a connection is accepted.
 * @param {string} host
 * @param {number} port
 * @returns {Promise<'refused' | 'open' | string>}
 */
export function connectOutcome(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
      resolve(error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? error.message)),
    );
  });
}

/**
 * @param {{ gateway: number, internal: Record<string, { port: number, metricsPort: number }> }} ports
 */
export async function assertInternalsPrivate({ gateway, internal }) {
  const address = nonLoopbackAddress();
  assert.ok(address, 'this machine has a non-loopback IPv4 address to probe from');
  assert.equal(await connectOutcome(address, gateway), 'open', `the gateway answers on ${address}`);
  for (const [app, { port, metricsPort }] of Object.entries(internal)) {
    assert.equal(await connectOutcome(address, port), 'refused', `${app} refuses ${address}:${port}`);
    assert.equal(
      await connectOutcome(address, metricsPort),
      'refused',
      `${app}'s metrics refuse ${address}:${metricsPort}`,
    );
    assert.equal(await httpStatus(`http://127.0.0.1:${port}/metrics`), 404, `no /metrics on ${app}'s port`);
    assert.equal(
      await httpStatus(`http://127.0.0.1:${metricsPort}/metrics`),
      200,
      `${app}'s metrics on 127.0.0.1:${metricsPort}`,
    );
  }
}

/**
 * The session id's signature as express-session (cookie-signature) makes it with `secret`.
 * @param {string} sessionId
 * @param {string} secret
 */
function signature(sessionId, secret) {
  return createHmac('sha256', secret).update(sessionId).digest('base64').replace(/=+$/, '');
}

/**
 * Fails when the `connect.sid`-style cookie header was signed with the gateway's development secret.
 * @param {string} cookie `name=value` as the browser sends it
 */
export function assertNotDevelopmentSigned(cookie) {
  const require = createRequire(import.meta.url);
  const { DEVELOPMENT_SESSION_SECRET } = require(
    path.join(ROOT, 'apps/gateway/dist/session/session.constants.js'),
  );
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const match = /^s:([^.]+)\.(.+)$/.exec(value);
  assert.ok(match, `a signed session cookie: ${value.slice(0, 12)}…`);
  assert.notEqual(
    match[2],
    signature(match[1], DEVELOPMENT_SESSION_SECRET),
    'the session cookie is not signed with the development secret from the source',
  );
}
