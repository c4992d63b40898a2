// Installs npm dependencies when node_modules is missing or older than package-lock.json.
// Runs before anything else, so it may use Node builtins only.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = path.join(root, 'package-lock.json');
const modules = path.join(root, 'node_modules');
// npm rewrites this hidden lockfile at the end of every install, so its age is "when we last installed".
const installedMarker = path.join(modules, '.package-lock.json');

function reasonToInstall() {
  if (!existsSync(modules)) return 'node_modules is missing';
  if (!existsSync(lockFile)) return null;
  const installedAt = statSync(existsSync(installedMarker) ? installedMarker : modules).mtimeMs;
  return statSync(lockFile).mtimeMs > installedAt ? 'package-lock.json is newer than node_modules' : null;
}

const reason = reasonToInstall();
if (reason) {
  // npm install, not npm ci: the lock is written against a registry mirror that lacks some
  // platform-specific optional packages, which npm ci reports as missing. npm install keeps every
  // locked version. Install scripts stay on (msgpackr-extract compiles natively).
  // --prefer-offline: what the npm cache already holds is taken from it without asking the registry
  // again, so a second install on one machine (a clean clone, CI) costs no network round trips.
  const args = ['install', '--prefer-offline', '--no-audit', '--no-fund'];
  console.log(`› ${reason}: npm ${args.join(' ')}`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ npm ${args[0]} failed (${result.error?.message ?? `exit code ${result.status}`})`);
    process.exit(result.status || 1);
  }
}
