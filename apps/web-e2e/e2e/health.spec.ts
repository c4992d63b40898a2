import { expect, test } from '@playwright/test';

test('GET /api/health answers 200 with JSON', async ({ request }) => {
  test.skip(Boolean(process.env.E2E_NO_API), 'E2E_NO_API is set: no API behind the client');

  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual(expect.any(Object));
});
