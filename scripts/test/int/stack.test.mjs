// startStack against fake apps that follow the apps' contract (no real build needed).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import { after, test } from 'node:test';
import { freePort, httpStatus } from '../../lib/net.mjs';
import { AppExitError, SERVER_APPS, startStack } from '../../lib/stack.mjs';
import { makeFakeRoot } from './fixtures/fake-apps.mjs';

const roots = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

async function ports() {
  const entries = [];
  for (const app of SERVER_APPS) entries.push([app.name, await freePort()]);
  return Object.fromEntries(entries);
}

function quietSink(lines) {
  return (name, _colour, line) => lines.push(`${name} | ${line}`);
}

test('starts all four apps, waits for health, stops them with exit code 0', async () => {
  const root = makeFakeRoot();
  roots.push(root);
  const lines = [];
  const stack = await startStack({
    env: { ...process.env, REDIS_PREFIX: '{t}' },
    ports: await ports(),
    root,
    sink: quietSink(lines),
  });
  for (const app of SERVER_APPS) {
    assert.equal(await httpStatus(`${stack.urls[app.name]}${app.healthPath}`), 200, app.name);
  }
  assert.ok(lines.some((line) => line.startsWith('gateway') && line.includes('listening on')));
  const exits = await stack.stop();
  assert.deepEqual(
    exits.map((exit) => exit.code),
    [0, 0, 0, 0],
  );
  for (const app of SERVER_APPS)
    assert.equal(await httpStatus(`${stack.urls[app.name]}${app.healthPath}`), null);
});

test('starts an extra replica of an app under its own id and port', async () => {
  const root = makeFakeRoot();
  roots.push(root);
  const worker = SERVER_APPS.find((app) => app.name === 'provider-worker');
  const apps = [...SERVER_APPS, { ...worker, id: 'provider-worker-2' }];
  const stack = await startStack({
    env: process.env,
    ports: { ...(await ports()), 'provider-worker-2': await freePort() },
    apps,
    root,
    sink: quietSink([]),
  });
  assert.notEqual(stack.urls['provider-worker-2'], stack.urls['provider-worker']);
  assert.equal(await httpStatus(`${stack.urls['provider-worker-2']}${worker.healthPath}`), 200);
  assert.deepEqual(
    stack.services.map((service) => service.name),
    [...SERVER_APPS.map((app) => app.name), 'provider-worker-2'],
  );
  await stack.stop();
});

test('an app that dies during start-up is named, and the others are stopped', async () => {
  const root = makeFakeRoot({ billing: { crashAfterMs: 100, exitCode: 3, neverListen: true } });
  roots.push(root);
  const chosen = await ports();
  await assert.rejects(
    startStack({ env: process.env, ports: chosen, root, sink: quietSink([]) }),
    (error) =>
      error instanceof AppExitError &&
      error.app === 'billing' &&
      /billing exited with code 3/.test(error.message),
  );
  assert.equal(await httpStatus(`http://127.0.0.1:${chosen.gateway}/api/health`), null);
});

test('an app that dies after start-up resolves `exited` with its name and code', async () => {
  const root = makeFakeRoot({ 'provider-worker': { crashAfterMs: 1500, exitCode: 7 } });
  roots.push(root);
  const stack = await startStack({ env: process.env, ports: await ports(), root, sink: quietSink([]) });
  const { app, exit } = await stack.exited;
  assert.equal(app, 'provider-worker');
  assert.equal(exit.code, 7);
  await stack.stop();
});

test('an app that ignores SIGTERM is killed after the grace period', async () => {
  const root = makeFakeRoot({ 'consensus-worker': { ignoreSigterm: true } });
  roots.push(root);
  const stack = await startStack({
    env: process.env,
    ports: await ports(),
    root,
    sink: quietSink([]),
    graceMs: 500,
  });
  const exits = await stack.stop();
  assert.equal(exits[3].signal, 'SIGKILL');
});

test('a missing build and a busy port are reported before anything starts', async () => {
  const root = makeFakeRoot();
  roots.push(root);
  rmSync(`${root}/apps/gateway/dist/main.js`);
  await assert.rejects(
    startStack({ env: process.env, ports: await ports(), root }),
    /apps\/gateway\/dist\/main.js is missing/,
  );

  const busy = makeFakeRoot();
  roots.push(busy);
  const blocker = net.createServer().listen(0, '127.0.0.1');
  await once(blocker, 'listening');
  const chosen = { ...(await ports()), billing: blocker.address().port };
  try {
    await assert.rejects(
      startStack({ env: process.env, ports: chosen, root: busy }),
      /Port \d+ for billing is already in use; set BILLING_PORT/,
    );
  } finally {
    blocker.close();
  }
});
