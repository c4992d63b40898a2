import { builtinModules } from 'node:module';

const BUILTINS = new Set(builtinModules);

/** The npm package a bare specifier belongs to ("@nestjs/common/x" -> "@nestjs/common"). */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isTypeOnly(clause: string): boolean {
  const trimmed = clause.trim();
  if (/^type\s/.test(trimmed)) return true;
  const named = /^\{([\s\S]*)\}$/.exec(trimmed);
  if (!named) return false;
  const specifiers = named[1]
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return specifiers.length > 0 && specifiers.every((item) => /^type\s/.test(item));
}

/**
 * Module specifiers a TypeScript file loads at runtime: import/export ... from, side-effect imports,
 * require() and import(). Type-only imports (which TypeScript erases) are left out.
 */
export function runtimeSpecifiers(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(
    /(?:^|\n)\s*(?:import|export)\s+([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g,
  )) {
    if (!isTypeOnly(match[1])) found.add(match[2]);
  }
  for (const match of source.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) found.add(match[1]);
  for (const match of source.matchAll(/\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(match[1]);
  return [...found];
}

/** Bare specifiers that name npm packages (not relative paths, not Node built-ins). */
export function externalPackages(specifiers: string[]): string[] {
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/'))
    .filter((specifier) => !specifier.startsWith('node:') && !BUILTINS.has(packageOf(specifier)))
    .map(packageOf);
  return [...new Set(packages)].sort();
}
