import { expect, test } from '@playwright/test';

// The contact form against the real gateway (DECISIONS 7). The gateway allows 5 messages an hour per
// address, so this file sends exactly one for real and fakes the failure answers in the browser.

test.skip(Boolean(process.env.E2E_NO_API), 'E2E_NO_API is set: no API behind the client');

test('the contact form checks the fields before sending anything', async ({ page }) => {
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/support/contact')) posted = true;
  });
  await page.goto('/support#contact');
  const form = page.getByRole('form', { name: 'Contact us' });

  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  expect(posted).toBe(false);
});

test('the contact form sends a message and confirms it with a toast', async ({ page }) => {
  await page.goto('/support#contact');
  const form = page.getByRole('form', { name: 'Contact us' });

  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Subject').fill('End-to-end check');
  await form.getByLabel('Message').fill('Does the Max plan let me seat ten assistants?');

  const answer = page.waitForResponse((response) => response.url().endsWith('/api/support/contact'));
  await form.getByRole('button', { name: 'Send message' }).click();
  expect((await answer).status()).toBe(201);

  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Message sent')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');

  // F8 moves focus to the toast viewport (spec §8).
  await page.keyboard.press('F8');
  await expect(toasts.locator('ol')).toBeFocused();
});

test('a rate-limited message shows a destructive toast and keeps the text', async ({ page }) => {
  await page.route('**/api/support/contact', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '3600' },
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts.' }),
    }),
  );
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Subject').fill('Again');
  await form.getByLabel('Message').fill('One more thing.');
  await form.getByRole('button', { name: 'Send message' }).click();

  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Message not sent', { exact: true })).toBeVisible();
  await expect(
    toasts.getByText("You've sent several messages in a short time.", { exact: false }),
  ).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('One more thing.');
});
