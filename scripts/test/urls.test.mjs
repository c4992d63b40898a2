import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertSafeIdentifier, isLocalUrl, redactUrl, urlPort, withDatabase } from '../lib/urls.mjs';

test('redactUrl hides only the password', () => {
  assert.equal(redactUrl('postgres://app:s3cret@db:5432/council'), 'postgres://app:***@db:5432/council');
  assert.equal(redactUrl('redis://127.0.0.1:6379'), 'redis://127.0.0.1:6379');
  assert.equal(redactUrl('not a url'), 'not a url');
});

test('withDatabase swaps the database and keeps credentials and query', () => {
  assert.equal(
    withDatabase('postgres://postgres:pw@127.0.0.1:5432/postgres?sslmode=disable', 'council_e2e_x1'),
    'postgres://postgres:pw@127.0.0.1:5432/council_e2e_x1?sslmode=disable',
  );
});

test('isLocalUrl recognises this machine on the expected port only', () => {
  assert.equal(isLocalUrl('postgres://postgres@127.0.0.1:5432/postgres', 5432), true);
  assert.equal(isLocalUrl('postgres://postgres@localhost/postgres', 5432), true);
  assert.equal(isLocalUrl('redis://[::1]:6379', 6379), true);
  assert.equal(isLocalUrl('postgres://postgres@127.0.0.1:5433/postgres', 5432), false);
  assert.equal(isLocalUrl('redis://cache.internal:6379', 6379), false);
});

test('urlPort falls back to the default', () => {
  assert.equal(urlPort('redis://h', 6379), 6379);
  assert.equal(urlPort('redis://h:7000', 6379), 7000);
});

test('assertSafeIdentifier rejects anything that could break out of quotes', () => {
  assert.equal(assertSafeIdentifier('council_e2e_abc123'), 'council_e2e_abc123');
  for (const bad of ['Council', 'a"; DROP DATABASE x; --', '1abc', '', 'a'.repeat(64)]) {
    assert.throws(() => assertSafeIdentifier(bad), /Unsafe database name/);
  }
});
