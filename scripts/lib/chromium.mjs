// @ts-check
// The browser for Playwright: Debian's Chromium (Playwright's own browser download cannot work here).
import { existsSync } from 'node:fs';
import process from 'node:process';
import { aptInstall, canAptInstall } from './apt.mjs';
import { info } from './log.mjs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * Path of a Chromium to hand to Playwright as CHROMIUM_PATH; installs Debian's when absent and allowed.
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<string>}
 */
export async function ensureChromium({ env = process.env } = {}) {
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist`);
    return env.CHROMIUM_PATH;
  }
  if (existsSync(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
  if (!canAptInstall()) {
    throw new Error(
      `No Chromium at ${DEFAULT_CHROMIUM}. Install it (as root: apt-get install -y chromium fonts-liberation) ` +
        'or set CHROMIUM_PATH to a Chromium/Chrome binary.',
    );
  }
  info('Chromium is not installed: installing Debian chromium + fonts-liberation');
  await aptInstall(['chromium', 'fonts-liberation']);
  if (!existsSync(DEFAULT_CHROMIUM))
    throw new Error(`apt-get installed chromium but ${DEFAULT_CHROMIUM} is missing`);
  return DEFAULT_CHROMIUM;
}
