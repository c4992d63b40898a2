// @ts-check
// Debian packages for the services and browser the tests need, when we are allowed to install them.
import process from 'node:process';
import { capture, isRoot, run, which } from './exec.mjs';
import { info } from './log.mjs';

export function canAptInstall() {
  return isRoot() && which('apt-get') !== null;
}

/**
 * True when apt knows an installable version of `pkg` (needs a package list from apt-get update).
 * @param {string} pkg
 */
async function hasCandidate(pkg) {
  const { stdout } = await capture('apt-cache', ['policy', pkg]);
  const match = /Candidate:\s*(\S+)/.exec(stdout);
  return match !== null && match[1] !== '(none)';
}

/**
 * apt-get install, running apt-get update first only when the package lists do not know a package.
 * @param {readonly string[]} packages
 */
export async function aptInstall(packages) {
  if (!canAptInstall()) throw new Error(`Installing ${packages.join(', ')} needs root and apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const known = await Promise.all(packages.map(hasCandidate));
  if (known.includes(false)) {
    info('apt-get update (package lists are missing or stale)');
    await run('apt-get', ['update'], { env });
  }
  info(`apt-get install ${packages.join(' ')}`);
  await run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env });
}
