import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The monorepo root (this file lives in tools/deploy-check/src). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export function repoPath(relative: string): string {
  return join(REPO_ROOT, relative);
}

export function repoFileExists(relative: string): boolean {
  return existsSync(repoPath(relative));
}

export function readRepoFile(relative: string): string {
  return readFileSync(repoPath(relative), 'utf8');
}

export function readRepoJson<T>(relative: string): T {
  return JSON.parse(readRepoFile(relative)) as T;
}

/** Every file under a repo directory (relative to the repo root), skipping node_modules and dist. */
export function listRepoFiles(relativeDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(repoPath(dir))) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      const child = `${dir}/${entry}`;
      if (statSync(repoPath(child)).isDirectory()) walk(child);
      else files.push(child);
    }
  };
  if (repoFileExists(relativeDir)) walk(relativeDir);
  return files.sort();
}
