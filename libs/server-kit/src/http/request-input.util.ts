// Pure checks of untrusted input, shared by the HTTP request pipeline and the gateway's socket:
// values no DTO, driver or validator downstream should ever have to survive.

import {
  REQUEST_BODY_MAX_DEPTH,
  REQUEST_BODY_MAX_VALUES,
  REQUEST_CONTAINER_MAX_ENTRIES,
} from '@council/contracts';

/** Why a value was refused, and where ("body.agents[0].name"). */
export type HostileInput =
  | { kind: 'tooDeep'; path: string }
  | { kind: 'tooManyEntries'; path: string }
  | { kind: 'tooManyValues'; path: string }
  | { kind: 'nullCharacter'; path: string }
  | { kind: 'loneSurrogate'; path: string };

/** How deep, how wide and how large a value may be. */
export interface InputLimits {
  /** Containers (objects, arrays) nested in one another. */
  maxDepth: number;
  /** Fields of one object, or items of one array. */
  maxEntries: number;
  /** Every value counted: strings, numbers, containers. */
  maxValues: number;
}

/** The limits of a request body, a query string, a route parameter or a socket payload. */
export const REQUEST_INPUT_LIMITS: InputLimits = {
  maxDepth: REQUEST_BODY_MAX_DEPTH,
  maxEntries: REQUEST_CONTAINER_MAX_ENTRIES,
  maxValues: REQUEST_BODY_MAX_VALUES,
};

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
 * the stack) and reports the first value nested deeper than `maxDepth` containers, the first
 * container wider than `maxEntries`, a value past the `maxValues`th, or the first string or key
 * holding U+0000 or a lone surrogate. `root` names the value in the report. A container's width is
 * read before its entries are, so the walk costs no more than the limits allow.
 */
export function findHostileInput(
  value: unknown,
  root: string,
  limits: InputLimits = REQUEST_INPUT_LIMITS,
): HostileInput | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    values += 1;
    if (values > limits.maxValues) return { kind: 'tooManyValues', path: root };
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value);
      if (problem) return { kind: problem, path: item.path };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > limits.maxDepth) return { kind: 'tooDeep', path: item.path };
    const array = Array.isArray(item.value);
    const keys = array ? null : Object.keys(item.value);
    const width = keys ? keys.length : (item.value as unknown[]).length;
    if (width > limits.maxEntries) return { kind: 'tooManyEntries', path: item.path };
    for (const key of keys ?? []) {
      const problem = textProblem(key);
      if (problem) return { kind: problem, path: `a field name in ${item.path}` };
    }
    // Reversed, so the report names the first offending field in document order.
    const container = item.value as Record<string | number, unknown>;
    for (let index = width - 1; index >= 0; index -= 1) {
      const key = keys ? keys[index]! : index;
      stack.push({ value: container[key], path: childPath(item.path, key), depth });
    }
  }
  return null;
}
