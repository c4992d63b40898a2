// @ts-check
// Command-line flags of scripts/test.mjs (pure; unit-tested in scripts/test/args.test.mjs).

export const STAGES = ['format', 'lint', 'typecheck', 'unit', 'int', 'cluster', 'smoke', 'e2e', 'faults'];

/** @type {Record<string, string>} */
const ALIASES = {
  prettier: 'format',
  types: 'typecheck',
  test: 'unit',
  integration: 'int',
  'end-to-end': 'e2e',
  fault: 'faults',
};

export const USAGE = `Usage: npm test -- [--only=STAGES] [--skip=STAGES] [--skip-e2e]
  STAGES is a comma-separated list of: ${STAGES.join(', ')}
  (aliases: ${Object.entries(ALIASES)
    .map(([alias, stage]) => `${alias}=${stage}`)
    .join(', ')})`;

/**
 * @param {string} value
 * @param {string} flag
 */
function parseList(value, flag) {
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .map((name) => ALIASES[name] ?? name);
  const unknown = names.filter((name) => !STAGES.includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`${flag}: unknown stage ${unknown.join(', ') || '(empty)'}\n${USAGE}`);
  }
  return names;
}

/**
 * Returns { stages: [...in run order], help } or throws with the usage text on a bad flag.
 * @param {readonly string[]} argv
 */
export function parseTestArgs(argv) {
  /** @type {string[] | null} */
  let only = null;
  const skip = new Set();
  let help = false;
  for (const arg of argv) {
    const [flag, value] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, null];
    if (flag === '--help' || flag === '-h') help = true;
    else if (flag === '--skip-e2e' && value === null) skip.add('e2e');
    else if (flag === '--only' && value !== null) only = parseList(value, '--only');
    else if (flag === '--skip' && value !== null)
      parseList(value, '--skip').forEach((stage) => skip.add(stage));
    else throw new Error(`Unknown argument: ${arg}\n${USAGE}`);
  }
  const stages = STAGES.filter((stage) => (only ? only.includes(stage) : true) && !skip.has(stage));
  if (stages.length === 0 && !help) throw new Error(`No stage left to run\n${USAGE}`);
  return { stages, help };
}

/**
 * Lower-case, letters and digits: safe in database names and Redis key prefixes, unique per run.
 * @param {number} [now]
 * @param {() => number} [random]
 */
export function makeRunId(now = Date.now(), random = Math.random) {
  return `${now.toString(36)}${Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;
}
