// Command-line flags of scripts/faults/run.ts (pure; unit-tested in scripts/test/faults-helpers.test.ts).

export const FAULTS_USAGE = `Usage: npm run test:faults -- [--only=NAMES] [--skip=NAMES] [--skip-build]
  NAMES: comma-separated scenario file names without .fault.ts / .long.fault.ts
  (e.g. worker-kill,redis-restart). --skip-build runs against the apps' existing dist/.`;

/** The scenario's name: its file name without the suffix. */
export function scenarioName(file: string): string {
  return file.replace(/^.*\//, '').replace(/(\.long)?\.fault\.ts$/, '');
}

export interface FaultArgs {
  only: string[] | null;
  skip: string[];
  build: boolean;
  help: boolean;
}

/** Returns { only, skip, build, help } or throws with the usage text on a bad flag. */
export function parseFaultArgs(argv: readonly string[]): FaultArgs {
  const parsed: FaultArgs = { only: null, skip: [], build: true, help: false };
  const list = (value: string, flag: string) => {
    const names = value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.length === 0) throw new Error(`${flag} needs scenario names\n${FAULTS_USAGE}`);
    return names;
  };
  for (const arg of argv) {
    const at = arg.indexOf('=');
    const [flag, value] = at >= 0 ? [arg.slice(0, at), arg.slice(at + 1)] : [arg, null];
    if ((flag === '--help' || flag === '-h') && value === null) parsed.help = true;
    else if (flag === '--skip-build' && value === null) parsed.build = false;
    else if (flag === '--only' && value !== null) parsed.only = list(value, '--only');
    else if (flag === '--skip' && value !== null) parsed.skip.push(...list(value, '--skip'));
    else throw new Error(`Unknown argument: ${arg}\n${FAULTS_USAGE}`);
  }
  return parsed;
}

/**
 * Splits the scenario files into the ones run one after another and the long ones
 * (*.long.fault.ts: mostly waiting) run alongside them. Throws on a name that matches no file.
 */
export function selectScenarios(
  files: readonly string[],
  { only, skip }: Pick<FaultArgs, 'only' | 'skip'>,
): { sequential: string[]; long: string[] } {
  const names = files.map(scenarioName);
  for (const name of [...(only ?? []), ...skip]) {
    if (!names.includes(name)) throw new Error(`No scenario named ${name} (known: ${names.join(', ')})`);
  }
  const chosen = files
    .filter((file) => (only ? only.includes(scenarioName(file)) : true))
    .filter((file) => !skip.includes(scenarioName(file)))
    .sort();
  return {
    sequential: chosen.filter((file) => !file.endsWith('.long.fault.ts')),
    long: chosen.filter((file) => file.endsWith('.long.fault.ts')),
  };
}
