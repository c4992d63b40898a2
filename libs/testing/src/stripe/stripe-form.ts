// Stripe's request encoding: application/x-www-form-urlencoded with bracket nesting
// (`metadata[userId]=1`, `line_items[0][price_data][currency]=gbp`, `expand[0]=latest_invoice`).

export type StripeParamValue = string | StripeParams | StripeParamValue[];
export interface StripeParams {
  [key: string]: StripeParamValue;
}

/** Parses a form-encoded body or query string into nested objects; numeric keys become arrays. */
export function parseStripeForm(encoded: string): StripeParams {
  const root: StripeParams = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const [head = '', ...rest] = rawKey
      .split('[')
      .map((part, index) => (index === 0 ? part : part.replace(/]$/, '')));
    setPath(root, [head, ...rest], value);
  }
  return arrayify(root) as StripeParams;
}

function setPath(target: StripeParams, path: string[], value: string): void {
  let node = target;
  path.forEach((segment, index) => {
    const key = segment === '' ? String(Object.keys(node).length) : segment;
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object' || Array.isArray(next)) node[key] = {};
    node = node[key] as StripeParams;
  });
}

/** Objects whose keys are 0..n-1 become arrays, recursively. */
function arrayify(value: StripeParamValue): StripeParamValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(arrayify);
  const keys = Object.keys(value);
  const converted: StripeParams = {};
  for (const key of keys) converted[key] = arrayify(value[key] as StripeParamValue);
  if (keys.length > 0 && keys.every((key, index) => key === String(index)))
    return keys.map((key) => converted[key] as StripeParamValue);
  return converted;
}

/** A nested string value, or undefined. */
export function param(
  params: StripeParamValue | undefined,
  ...path: Array<string | number>
): string | undefined {
  let node: StripeParamValue | undefined = params;
  for (const segment of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Array.isArray(node) ? node[Number(segment)] : node[String(segment)];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A nested object as a string map (metadata), or {}. */
export function stringMap(params: StripeParamValue | undefined): Record<string, string> {
  if (params === undefined || typeof params === 'string' || Array.isArray(params)) return {};
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** A nested list of strings (`lookup_keys[]`, `expand[]`), or []. */
export function stringList(params: StripeParamValue | undefined): string[] {
  if (params === undefined) return [];
  if (typeof params === 'string') return [params];
  const values = Array.isArray(params) ? params : Object.values(params);
  return values.filter((value): value is string => typeof value === 'string');
}
