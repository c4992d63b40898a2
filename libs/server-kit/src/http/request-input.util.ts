// Pure checks of untrusted input, shared by the HTTP request pipeline and the gateway's socket:
// values no DTO, driver or validator downstream should ever have to survive.

/** Why a value was refused, and where ("body.agents[0].name"). */
export type HostileInput =
  | { kind: 'tooDeep'; path: string }
  | { kind: 'nullCharacter'; path: string }
  | { kind: 'loneSurrogate'; path: string };

/** An unpaired UTF-16 surrogate: not Unicode text; e-mail validators throw on it, drivers mangle it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored or validated as text, or null when it can. */
export function textProblem(value: string): 'nullCharacter' | 'loneSurrogate' | null {
  if (value.includes('\u0000')) return 'nullCharacter';
  // String.prototype.isWellFormed is Node 20+; the regex is the same rule.
  if (LONE_SURROGATE.test(value)) return 'loneSurrogate';
  return null;
}

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * Walks a parsed JSON value (objects, arrays, strings; iteratively, so depth itself cannot overflow
 * the stack) and reports the first value nested deeper than `maxDepth` containers, or the first
 * string or key holding U+0000 or a lone surrogate. `root` names the value in the report.
 */
export function findHostileInput(value: unknown, root: string, maxDepth: number): HostileInput | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value);
      if (problem) return { kind: problem, path: item.path };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return { kind: 'tooDeep', path: item.path };
    const entries: Array<[string | number, unknown]> = Array.isArray(item.value)
      ? item.value.map((each, index) => [index, each])
      : Object.entries(item.value);
    for (const [key] of entries) {
      const problem = typeof key === 'string' ? textProblem(key) : null;
      if (problem) return { kind: problem, path: `a field name in ${item.path}` };
    }
    // Reversed, so the report names the first offending field in document order.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index]!;
      stack.push({ value: child, path: childPath(item.path, key), depth });
    }
  }
  return null;
}
