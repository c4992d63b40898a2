import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { appsWithPrivateInternals, internalMetricsPorts, localSessionSecret } from '../lib/private-apps.mjs';

test('npm start binds billing and the workers to loopback with metrics on ports of their own', () => {
  const ports = internalMetricsPorts({ PROVIDER_WORKER_METRICS_PORT: '9900' });
  assert.deepEqual(ports, { billing: 9101, 'provider-worker': 9900, 'consensus-worker': 9103 });
  const apps = Object.fromEntries(appsWithPrivateInternals(ports).map((app) => [app.name, app.env]));
  assert.equal(apps.gateway, undefined, 'the gateway is the public app');
  assert.deepEqual(apps['provider-worker'], { LISTEN_HOST: '127.0.0.1', METRICS_PORT: '9900' });
  assert.deepEqual(apps.billing, { LISTEN_HOST: '127.0.0.1', METRICS_PORT: '9101' });
  assert.deepEqual(apps['consensus-worker'], { LISTEN_HOST: '127.0.0.1', METRICS_PORT: '9103' });
});

test('the session secret is made once, private to its owner, and kept', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'council-secret-'));
  try {
    const data = path.join(dir, '.data');
    const first = localSessionSecret(data);
    assert.ok(first.length >= 32);
    assert.equal(statSync(path.join(data, 'session-secret')).mode & 0o777, 0o600);
    assert.equal(localSessionSecret(data), first, 'a restart signs with the same secret');
    const other = localSessionSecret(path.join(dir, 'elsewhere'));
    assert.notEqual(other, first, 'each installation has its own');
    writeFileSync(path.join(data, 'session-secret'), 'short\n');
    const replaced = localSessionSecret(data);
    assert.ok(replaced.length >= 32, 'a too-short kept secret is replaced');
    assert.equal(readFileSync(path.join(data, 'session-secret'), 'utf8').trim(), replaced);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
