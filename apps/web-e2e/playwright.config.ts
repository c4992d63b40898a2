import { defineConfig, devices } from '@playwright/test';

// No webServer block: the caller starts the real stack (the gateway serving the built client) and
// points E2E_BASE_URL at it. Against a bare `vite preview`, set E2E_NO_API=1 to skip API-only specs.
const baseURL = process.env.E2E_BASE_URL || 'http://127.0.0.1:3000';
// E2E_ONLY=history,public-routes runs just those spec files (e.g. while working on one screen).
const only = process.env.E2E_ONLY?.split(',').filter(Boolean);

export default defineConfig({
  testDir: 'e2e',
  ...(only?.length ? { testMatch: only.map((name) => `**/${name}.spec.ts`) } : {}),
  outputDir: 'test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium, never a Playwright download (`npx playwright install` cannot run here).
        channel: undefined,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
});
