/**
 * .dockerignore matching (moby/patternmatcher semantics, enough for our patterns): `*` and `?` within
 * one path segment, `**` across segments, `!` re-includes, the last matching rule wins, and a rule that
 * matches a directory also excludes everything below it.
 */
export interface IgnoreRule {
  pattern: string;
  negate: boolean;
  regex: RegExp;
}

function toRegex(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') {
      source += '[^/]*';
    } else if (char === '?') {
      source += '[^/]';
    } else {
      source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

export function parseDockerignore(text: string): IgnoreRule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negate = line.startsWith('!');
      const pattern = (negate ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '');
      return { pattern, negate, regex: toRegex(pattern) };
    });
}

/** Whether `path` (relative to the build context, `/`-separated) is left out of the context. */
export function isIgnored(rules: IgnoreRule[], path: string): boolean {
  const segments = path.split('/');
  const candidates = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.regex.test(candidate))) ignored = !rule.negate;
  }
  return ignored;
}
