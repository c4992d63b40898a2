import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { AUTH_SCREEN } from '@council/contracts';
import { type Page, expect, test } from '@playwright/test';

// Accounts end to end: sign up, sign out, sign in, forgot password, reset through the
// e-mail the gateway wrote to its outbox (MAIL_OUTBOX_DIR, passed here as E2E_OUTBOX_DIR by
// scripts/test.mjs), sign in with the new password. Plus the guard, the external sign-in buttons
// (none without client ids) and the four auth modes' pictures.

const noApi = Boolean(process.env.E2E_NO_API);
const outboxDir = process.env.E2E_OUTBOX_DIR;
const screenshotDir = path.resolve(__dirname, '..', 'screenshots');

/** Undoes quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Base64 bodies of a MIME message, decoded (nodemailer picks base64 for some parts). */
function base64Parts(eml: string): string[] {
  const blocks = eml.match(/(?:^[A-Za-z0-9+/]{16,}={0,2}\r?\n)+/gm) ?? [];
  return blocks.map((block) => Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
}

/** The reset link of an e-mail: an absolute URL carrying a token query parameter. */
function resetLinkIn(eml: string): string | null {
  for (const text of [decodeQuotedPrintable(eml), ...base64Parts(eml)]) {
    const match = /https?:\/\/[^\s"'<>]+?[?&](?:amp;)?token=[A-Za-z0-9._~%-]+/.exec(text);
    if (match) return match[0].replace(/&amp;/g, '&');
  }
  return null;
}

/** Waits for the newest .eml to `recipient` written after `since`, and returns its reset link. */
async function resetLinkFromOutbox(recipient: string, since: number): Promise<string> {
  if (!outboxDir) throw new Error('E2E_OUTBOX_DIR is not set');
  let link: string | null = null;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outboxDir).filter((file) => file.endsWith('.eml'));
        } catch {
          return null; // The folder appears with the first message.
        }
        const messages = files
          .map((file) => path.join(outboxDir, file))
          .map((file) => ({ file, mtime: statSync(file).mtimeMs }))
          .filter(({ mtime }) => mtime >= since - 1000)
          .sort((a, b) => b.mtime - a.mtime)
          .map(({ file }) => readFileSync(file, 'utf8'))
          .filter((eml) => eml.includes(recipient));
        link = messages.length > 0 ? resetLinkIn(messages[0] ?? '') : null;
        return link;
      },
      { message: `a reset e-mail to ${recipient} in ${outboxDir}`, timeout: 15_000 },
    )
    .not.toBeNull();
  if (!link) throw new Error('unreachable: the poll above found a link');
  return link;
}

async function signIn(page: Page, username: string, password: string, rememberMe = false) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page, displayName: string) {
  await page.getByRole('button', { name: `Account menu: ${displayName}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // Logout goes to /, which sends a signed-out visitor on to /auth.
  await expect(page).toHaveURL('/auth');
  await expect(page.getByText('You have been successfully logged out.').first()).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
}

test.describe('accounts', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('sign up → sign out → sign in → forgot password → reset by e-mail → sign in again', async ({
    page,
  }) => {
    test.skip(noApi, 'E2E_NO_API is set: no API behind the client');
    test.skip(!outboxDir, 'E2E_OUTBOX_DIR is not set: the gateway outbox cannot be read');
    test.setTimeout(90_000);

    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const username = `e2e_${id}`;
    const email = `${username}@example.test`;
    const name = `E2E Tester ${id}`;
    const firstPassword = 'first-secret-1';
    const newPassword = 'second-secret-2';

    await test.step('sign up and land on /', async () => {
      await page.goto('/auth?form=register');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(firstPassword);
      await page.getByLabel('Name (optional)').fill(name);
      await page.getByRole('button', { name: 'Create account' }).click();

      await expect(page.getByText('Registration successful').first()).toBeVisible();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Ask The Council' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Token balance: / })).toBeVisible();
    });

    await test.step('sign out', async () => {
      await signOut(page, name);
    });

    await test.step('sign in', async () => {
      await signIn(page, username, firstPassword);
      await expect(page.getByText(`Welcome back, ${username}!`).first()).toBeVisible();
      await expect(page).toHaveURL('/');
      await signOut(page, name);
    });

    let resetLink = '';
    await test.step('ask for a reset link', async () => {
      const requestedAt = Date.now();
      await page.goto('/auth?form=forgotPassword');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();

      resetLink = await resetLinkFromOutbox(email, requestedAt);
    });

    await test.step('reset the password through the e-mailed link', async () => {
      const { pathname, search } = new URL(resetLink);
      await page.goto(`${pathname}${search}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
      await page.getByLabel('New password').fill(newPassword);
      await page.getByLabel('Confirm password').fill(newPassword);
      await page.getByRole('button', { name: 'Reset password' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Password Reset Complete' })).toBeVisible();
      await expect(page).toHaveURL('/auth', { timeout: 5_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    });

    await test.step('the old password no longer works', async () => {
      await signIn(page, username, firstPassword);
      await expect(page.getByText('Invalid username or password. Please try again.').first()).toBeVisible();
      await expect(page).toHaveURL('/auth');
    });

    await test.step('sign in with the new password', async () => {
      await signIn(page, username, newPassword, true);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('button', { name: `Account menu: ${name}` })).toBeVisible();
    });
  });

  test('a protected route sends a signed-out visitor to /auth', async ({ page }) => {
    await page.goto('/history');
    await expect(page).toHaveURL('/auth?return=%2Fhistory');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('login and register offer no Google or Apple button when neither is configured', async ({ page }) => {
    // The e2e stack sets no GOOGLE_CLIENT_ID or APPLE_CLIENT_ID.
    for (const path of ['/auth', '/auth?form=register']) {
      const providers = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/providers');
      await page.goto(path);
      const answer = await providers;
      if (!noApi) expect(await answer.json()).toEqual({ google: false, apple: false });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: AUTH_SCREEN.oauth.google })).toHaveCount(0);
      await expect(page.getByRole('link', { name: AUTH_SCREEN.oauth.apple })).toHaveCount(0);
      await expect(page.getByText(AUTH_SCREEN.oauth.divider)).toHaveCount(0);
    }
  });

  test('a reset link without a token says so and leads back to login', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL('/auth');
  });
});

// Pictures of the four modes for a human to review (git-ignored), and no sideways overflow.
const modes = [
  { name: 'login', path: '/auth', heading: 'Sign in' },
  { name: 'register', path: '/auth?form=register', heading: 'Create your account' },
  { name: 'forgot-password', path: '/auth?form=forgotPassword', heading: 'Forgot your password?' },
  { name: 'reset-password', path: '/reset-password?token=screenshot', heading: 'Reset Password' },
] as const;

for (const width of [1280, 360]) {
  test.describe(`auth modes at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const mode of modes) {
      test(`screenshot of ${mode.name}`, async ({ page }) => {
        await page.goto(mode.path);
        await expect(page.getByRole('heading', { level: 1, name: mode.heading })).toBeVisible();
        await expect(page.getByRole('complementary')).toContainText('Grok');

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        await page.screenshot({
          path: path.join(screenshotDir, `auth-${mode.name}-${width}.png`),
          fullPage: true,
        });
      });
    }
  });
}
