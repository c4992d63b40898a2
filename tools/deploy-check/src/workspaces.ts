import { readdirSync } from 'node:fs';
import { readRepoJson, repoFileExists, repoPath } from './repo';

export interface PackageJson {
  name: string;
  version?: string;
  main?: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export interface PackageLock {
  lockfileVersion: number;
  packages: Record<string, { name?: string; version?: string; link?: boolean; resolved?: string }>;
}

/** Workspace folders ("apps/gateway", ...) matched by the root package.json's `workspaces` globs. */
export function workspaceDirs(root: PackageJson = readRepoJson<PackageJson>('package.json')): string[] {
  const dirs: string[] = [];
  for (const pattern of root.workspaces ?? []) {
    const match = /^([^*]+)\/\*$/.exec(pattern);
    if (!match) {
      if (repoFileExists(`${pattern}/package.json`)) dirs.push(pattern);
      continue;
    }
    if (!repoFileExists(match[1])) continue;
    for (const entry of readdirSync(repoPath(match[1]))) {
      if (repoFileExists(`${match[1]}/${entry}/package.json`)) dirs.push(`${match[1]}/${entry}`);
    }
  }
  return dirs.sort();
}

/** Workspace folders the lock file records (what `npm install` will insist on). */
export function lockedWorkspaceDirs(
  lock: PackageLock = readRepoJson<PackageLock>('package-lock.json'),
): string[] {
  return Object.keys(lock.packages)
    .filter((key) => key !== '' && !key.includes('node_modules'))
    .sort();
}
