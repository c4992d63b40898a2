// Command-line flags of `npm run bench` (pure; unit-tested in scripts/test/bench-stats.test.ts).

export interface BenchOptions {
  streams: number;
  users: number;
  throughputUsers: number;
  ramp: number;
  duration: number;
  baseline: number;
  ttft: number;
  tps: number;
  tokens: number;
  soak: number;
  url: string | null;
  fakePort: number;
  out: string | null;
  skipBuild: boolean;
  profile: boolean;
  providerWorkers: number;
  capacitySteps: number[];
  capacityRamp: number;
  capacityDuration: number;
  capacityMargin: number;
  moderateStreams: number;
  capacityOnly: boolean;
  /** Another checkout, built, measured against this one in alternating latency phases. */
  compare: string | null;
  /** With --compare: the compared stack runs with tracing on, exporting to a local OTLP sink. */
  compareTracing: boolean;
  rounds: number;
  /** Seconds every other question of a latency-phase user waits first (0: none). */
  idleGap: number;
  debateQuestions: number;
  fewStreams: number;
  /** The few-streams phase's fake provider: ms before the first token, and tokens per answer. */
  fewTtft: number;
  fewTokens: number;
  help: boolean;
}

type NumericKey = {
  [K in keyof BenchOptions]: BenchOptions[K] extends number ? K : never;
}[keyof BenchOptions];
type BooleanKey = {
  [K in keyof BenchOptions]: BenchOptions[K] extends boolean ? K : never;
}[keyof BenchOptions];
type StringKey = 'url' | 'out' | 'compare';

/** The defaults; `users` and `throughputUsers` are null until derived from `streams`. */
export const DEFAULTS: Omit<BenchOptions, 'users' | 'throughputUsers'> & {
  users: number | null;
  throughputUsers: number | null;
} = {
  streams: 200, // concurrent answer streams in the latency phase (users = streams / 3)
  users: null, // latency-phase users; default ceil(streams / 3)
  throughputUsers: null, // throughput-phase users; default 2 × users
  ramp: 10, // seconds to start the latency phase's users
  duration: 30, // seconds measured per phase (after the ramp)
  baseline: 20, // seconds measured for the direct baseline (0 skips it)
  ttft: 100, // fake provider: ms before the first token
  tps: 50, // fake provider: tokens per second per stream
  tokens: 50, // tokens per answer
  soak: 0, // seconds of a soak phase with the latency load (0: none)
  url: null, // a running stack's gateway (skip build and start)
  fakePort: 0, // fixed port of the fake provider (needed with --url)
  out: null, // JSON result file (default bench-results/latest.json)
  skipBuild: false,
  profile: false,
  providerWorkers: 1, // provider-worker processes of the started stack (replicas share the queues)
  // The capacity search: answer streams per step, ascending (empty: no search). Both systems run
  // each step until they fail, so the list bounds how long the search can take.
  capacitySteps: [60, 120, 200, 300, 420, 540],
  capacityRamp: 5, // seconds to start a step's users
  capacityDuration: 0, // seconds measured per step; 0: enough for ≈ 1,500 first tokens (15–30 s)
  capacityMargin: 25, // ms a step's first-token p99 may exceed its reference's
  moderateStreams: 120, // the step whose every-token p50 is checked against the baseline's (0: none)
  capacityOnly: false, // the capacity search without the throughput and soak phases
  compare: null, // a second checkout to measure against this one (A/B in one run)
  compareTracing: false, // --compare: the compared stack traces every question (OTLP to a local sink)
  rounds: 3, // --compare: latency phases per stack (and baseline phases), alternating
  idleGap: 0, // seconds every other latency-phase question waits (first text warm and after a pause)
  debateQuestions: 3, // one-round debates asked one at a time after the load phases (0: none)
  fewStreams: 30, // seconds of one user's question (3 streams), stack and baseline, for the CPU goal at low load (0: none)
  // One user's question as the CPU goal at 3 streams defines it (docs/performance.md, "Targets").
  fewTtft: 300,
  fewTokens: 150,
  help: false,
};

export const BENCH_USAGE = `Usage: npm run bench -- [flags]
  --streams N         concurrent answer streams in the latency phase (default ${DEFAULTS.streams})
  --users N           latency-phase users, each keeping one question's 3 answers streaming
                      (default streams / 3)
  --throughput-users N  users of the throughput phase (default 2 × users; 0 skips the phase)
  --ramp S            seconds to start the users (default ${DEFAULTS.ramp})
  --duration S        seconds measured per phase after the ramp (default ${DEFAULTS.duration})
  --baseline S        seconds measured for the direct baseline (default ${DEFAULTS.baseline}; 0 skips)
  --ttft MS           fake provider's time to first token (default ${DEFAULTS.ttft})
  --tps N             fake provider's tokens per second per stream (default ${DEFAULTS.tps})
  --tokens N          tokens per answer (default ${DEFAULTS.tokens})
  --soak S            add a soak phase of S seconds with the latency load; checks memory is flat
  --url URL           use a running stack's gateway instead of starting one; that stack's providers
                      must point at http://127.0.0.1:<fake-port> (OPENAI_BASE_URL=…/v1,
                      ANTHROPIC_BASE_URL=…, XAI_BASE_URL=…/xai/v1, any keys) and DATABASE_URL must
                      name its database (bench users are created there and left behind)
  --fake-port N       port of the fake provider (required with --url)
  --provider-workers N  provider-worker processes in the started stack (default 1); replicas share
                      the provider queues, as they would on Kubernetes
  --skip-build        do not run nx build first (the apps must be built)
  --profile           run the apps with --cpu-prof; profiles go to .data/profiles/bench-<run id>/
  --out FILE          JSON result (default bench-results/latest.json; the table goes next to it as .md)
  --capacity-steps L  answer streams of the capacity search's steps, ascending, comma-separated
                      (default ${DEFAULTS.capacitySteps.join(',')}; "" or 0 skips the search). At each
                      step the baseline runs, then the stack; the stack passes while its first-token
                      p99 stays within --capacity-margin of the baseline's at the same load
  --capacity-ramp S   seconds to start a step's users (default ${DEFAULTS.capacityRamp})
  --capacity-duration S  seconds measured per step (default 0: enough for about 1,500 first
                      tokens, 15 to 30 s)
  --capacity-margin MS  first-token p99 a step may add to its reference (default ${DEFAULTS.capacityMargin})
  --moderate-streams N  the step whose every-token p50 is compared with the baseline's
                      (default ${DEFAULTS.moderateStreams}; 0: no such row)
  --capacity-only     skip the throughput and soak phases: baseline, latency, then the capacity
                      search (for A/B runs)
  --compare DIR       A/B in one run: also start the stack of DIR (another checkout, built with
                      nx run-many -t build) and alternate latency phases of the two stacks,
                      each round beside a baseline phase; writes bench-results/compare.json/.md
  --compare-tracing   with --compare: the compared stack runs with OpenTelemetry tracing on,
                      exporting every span over OTLP to a local sink (--compare . measures
                      tracing's cost on this very checkout)
  --rounds N          rounds of --compare (default ${DEFAULTS.rounds}; the order flips each round)
  --idle-gap S        latency phase: every other question of each user waits S seconds first; the
                      steps of both kinds are reported apart ("warm", "after a S s gap"), the
                      first answer text from the ask included. Use with --users 1 and a long
                      --duration: each pair of questions takes S s more
  --few-streams S     after the load phases, S seconds of one user (3 streams) on the baseline and
                      then on the stack, for the CPU goal at a few streams (default ${DEFAULTS.fewStreams}; 0 skips)
  --few-ttft MS       the fake's time to first token in that phase (default ${DEFAULTS.fewTtft})
  --few-tokens N      tokens per answer in that phase (default ${DEFAULTS.fewTokens})
  --debate-questions N
                      one-round debates one user asks one at a time after the load phases,
                      each timed from the ask to question:completed, against the fake's call
                      times and the synthesis's last delta (default ${DEFAULTS.debateQuestions}; 0 skips)
Flags take "--flag value" or "--flag=value".`;

const NUMERIC: Record<string, NumericKey> = {
  '--streams': 'streams',
  '--users': 'users',
  '--throughput-users': 'throughputUsers',
  '--ramp': 'ramp',
  '--duration': 'duration',
  '--baseline': 'baseline',
  '--ttft': 'ttft',
  '--tps': 'tps',
  '--tokens': 'tokens',
  '--soak': 'soak',
  '--fake-port': 'fakePort',
  '--provider-workers': 'providerWorkers',
  '--capacity-ramp': 'capacityRamp',
  '--capacity-duration': 'capacityDuration',
  '--capacity-margin': 'capacityMargin',
  '--moderate-streams': 'moderateStreams',
  '--rounds': 'rounds',
  '--idle-gap': 'idleGap',
  '--debate-questions': 'debateQuestions',
  '--few-streams': 'fewStreams',
  '--few-ttft': 'fewTtft',
  '--few-tokens': 'fewTokens',
};
const STRING: Record<string, StringKey> = { '--url': 'url', '--out': 'out', '--compare': 'compare' };
const BOOLEAN: Record<string, BooleanKey> = {
  '--skip-build': 'skipBuild',
  '--profile': 'profile',
  '--capacity-only': 'capacityOnly',
  '--compare-tracing': 'compareTracing',
  '--help': 'help',
  '-h': 'help',
};

/** Parses the flags; throws with the usage on a bad one. Fills the derived defaults. */
export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const parsed = { ...DEFAULTS, capacitySteps: [...DEFAULTS.capacitySteps] };
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : null;
    given.add(flag);
    const booleanKey = BOOLEAN[flag];
    if (booleanKey && inline === null) {
      parsed[booleanKey] = true;
      continue;
    }
    const numericKey = NUMERIC[flag];
    const stringKey = STRING[flag];
    if (flag === '--capacity-steps') {
      const value = inline ?? argv[(i += 1)];
      if (value === undefined) throw new Error(`${flag} needs a value\n${BENCH_USAGE}`);
      parsed.capacitySteps = parseSteps(value);
      continue;
    }
    if (!numericKey && !stringKey) throw new Error(`Unknown argument: ${arg}\n${BENCH_USAGE}`);
    const value = inline ?? argv[(i += 1)];
    if (value === undefined) throw new Error(`${flag} needs a value\n${BENCH_USAGE}`);
    if (numericKey) {
      const number = Number(value);
      if (!Number.isFinite(number) || number < 0) throw new Error(`${flag}: not a number ≥ 0: ${value}`);
      parsed[numericKey] = number;
    } else if (stringKey) parsed[stringKey] = value;
  }
  const users = parsed.users ?? Math.max(1, Math.ceil(parsed.streams / 3));
  if (parsed.capacityOnly) {
    if (parsed.capacitySteps.length === 0) throw new Error('--capacity-only needs --capacity-steps');
    if (parsed.soak > 0 || (parsed.throughputUsers ?? 0) > 0) {
      throw new Error('--capacity-only skips the throughput and soak phases: drop --throughput-users/--soak');
    }
  }
  if (parsed.compare !== null) checkCompare(parsed, given);
  else if (parsed.compareTracing) throw new Error('--compare-tracing needs --compare DIR');
  const throughputUsers =
    parsed.capacityOnly || parsed.compare !== null ? 0 : (parsed.throughputUsers ?? users * 2);
  const options: BenchOptions = { ...parsed, users, throughputUsers };
  if (options.url && !options.fakePort) throw new Error(`--url needs --fake-port\n${BENCH_USAGE}`);
  if (options.tokens < 1) throw new Error('--tokens must be at least 1');
  if (!Number.isInteger(options.providerWorkers) || options.providerWorkers < 1) {
    throw new Error('--provider-workers must be a whole number ≥ 1');
  }
  return options;
}

/**
 * --compare measures latency phases only (and baselines): the other phases are off unless asked
 * for, and asking for them, or for --url, is an error.
 */
function checkCompare(parsed: typeof DEFAULTS, given: ReadonlySet<string>): void {
  if (parsed.compare === '') throw new Error('--compare needs the directory of another checkout');
  if (parsed.url) throw new Error('--compare starts both stacks: drop --url');
  if (!Number.isInteger(parsed.rounds) || parsed.rounds < 1)
    throw new Error('--rounds must be a whole number ≥ 1');
  const unsupported = [
    (parsed.throughputUsers ?? 0) > 0 && '--throughput-users',
    parsed.soak > 0 && '--soak',
    parsed.capacityOnly && '--capacity-only',
    given.has('--capacity-steps') && parsed.capacitySteps.length > 0 && '--capacity-steps',
  ].filter(Boolean);
  if (unsupported.length > 0) {
    throw new Error(`--compare runs latency phases only: drop ${unsupported.join(', ')}`);
  }
  parsed.capacitySteps = [];
}

/** "60,120,200" → [60, 120, 200]; "" or "0" → [] (no capacity search). */
export function parseSteps(value: string): number[] {
  const text = value.trim();
  if (text === '' || text === '0') return [];
  const steps = text.split(',').map((part) => Number(part.trim()));
  for (const [i, step] of steps.entries()) {
    if (!Number.isInteger(step) || step < 1) {
      throw new Error(`--capacity-steps: not a whole number of streams ≥ 1: ${value}`);
    }
    // The capacity is read off an ascending series: a step below the one before has no place in it.
    if (i > 0 && step <= (steps[i - 1] ?? 0)) throw new Error(`--capacity-steps must ascend: ${value}`);
  }
  return steps;
}
