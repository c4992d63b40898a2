// The pure helpers of `npm run bench` (scripts/bench/stats.ts, args.ts): the stamped tokens, the
// loss / duplicate / order check, percentiles, the memory trend and the result table.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBenchArgs } from '../bench/args.ts';
import { cpuSecondsByGroup, machineCores, parseProcStat, scannedGroup } from '../bench/cpu.ts';
import { median, probeSpeed } from '../bench/speed-probe.ts';
import {
  STAMP_MARKER,
  StreamCheck,
  compareEntryIds,
  cpuTable,
  markdownTable,
  memoryTrend,
  parsePrometheus,
  parseStampedTokens,
  percentile,
  row,
  stampedAnswerText,
  summarize,
  totalIntegrity,
} from '../bench/stats.ts';

/** What the fake sends once it has stamped the marker: every token emitted at `at`. */
const stamped = (count: number, at = 1000.5) => stampedAnswerText(count).split(STAMP_MARKER).join(String(at));

describe('stamped answer text', () => {
  it('has one whitespace-ended token per index, each carrying the marker', () => {
    const text = stampedAnswerText(3);
    assert.equal(text, `0~${STAMP_MARKER} 1~${STAMP_MARKER} 2~${STAMP_MARKER} `);
    assert.equal(text.match(/\S+\s/g)?.length, 3);
  });

  it('parses tokens with their emit times, carrying a token cut between two deltas', () => {
    const text = stamped(3, 1234.567);
    const cut = text.indexOf('1~') + 4; // inside the second token's stamp
    const first = parseStampedTokens(text.slice(0, cut));
    assert.deepEqual(first.tokens, [{ index: 0, emittedAt: 1234.567 }]);
    const second = parseStampedTokens(text.slice(cut), first.rest);
    assert.deepEqual(second.tokens, [
      { index: 1, emittedAt: 1234.567 },
      { index: 2, emittedAt: 1234.567 },
    ]);
    assert.equal(second.rest, '');
  });
});

describe('StreamCheck', () => {
  const feed = (indices: readonly number[], expected = 5) => {
    const check = new StreamCheck(expected);
    for (const index of indices) check.see(index);
    return check.finish();
  };

  it('passes a complete stream in order', () => {
    const check = feed([0, 1, 2, 3, 4]);
    assert.equal(check.ok, true);
    assert.deepEqual([check.lost, check.duplicated, check.outOfOrder], [0, 0, 0]);
  });

  it('counts lost chunks', () => {
    const check = feed([0, 1, 3]);
    assert.equal(check.ok, false);
    assert.equal(check.lost, 2);
  });

  it('counts duplicated chunks', () => {
    const check = feed([0, 1, 1, 2, 3, 4, 4]);
    assert.equal(check.ok, false);
    assert.deepEqual([check.lost, check.duplicated, check.outOfOrder], [0, 2, 0]);
  });

  it('counts chunks out of order', () => {
    const check = feed([0, 2, 1, 3, 4]);
    assert.equal(check.ok, false);
    assert.deepEqual([check.lost, check.duplicated, check.outOfOrder], [0, 0, 1]);
  });

  it('counts indices outside the answer as lost, and an empty stream as all lost', () => {
    assert.equal(feed([0, 1, 2, 3, 4, 7]).lost, 1);
    assert.equal(feed([]).lost, 5);
  });

  it('sums over streams', () => {
    const total = totalIntegrity([feed([0, 1, 2, 3, 4]), feed([0, 0, 1, 2, 3]), feed([1, 0, 2, 3, 4])]);
    assert.deepEqual(total, { streams: 3, lost: 1, duplicated: 1, outOfOrder: 1 });
  });

  it('works through parsed deltas end to end', () => {
    const check = new StreamCheck(4);
    const text = stamped(4);
    const half = text.indexOf('2~');
    let carry = '';
    for (const part of [text.slice(0, half), text.slice(0, half), text.slice(half)]) {
      const parsed = parseStampedTokens(part, carry);
      carry = parsed.rest;
      for (const token of parsed.tokens) check.see(token.index);
    }
    check.finish();
    assert.equal(check.duplicated, 2); // the first half arrived twice
    assert.equal(check.lost, 0);
  });
});

describe('statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    assert.equal(percentile(sorted, 50), 50);
    assert.equal(percentile(sorted, 99), 99);
    assert.equal(percentile(sorted, 100), 100);
    assert.equal(percentile([], 50), null);
  });

  it('summarises unsorted values', () => {
    const stats = summarize([5, 1, 3, 2, 4]);
    assert.deepEqual(stats, { count: 5, mean: 3, p50: 3, p95: 5, p99: 5, max: 5 });
    assert.equal(summarize([]).p50, null);
  });

  it('compares stream entry ids numerically', () => {
    assert.ok(compareEntryIds('9-0', '10-0') < 0);
    assert.ok(compareEntryIds('10-10', '10-2') > 0);
    assert.equal(compareEntryIds('5-1', '5-1'), 0);
  });

  it('tells flat memory from growing memory', () => {
    const mb = 2 ** 20;
    const flat = Array.from({ length: 60 }, (_, t) => ({ t: t * 10, rss: (200 + (t % 3) * 4) * mb }));
    const growing = Array.from({ length: 60 }, (_, t) => ({ t: t * 10, rss: (200 + t * 2) * mb }));
    assert.equal(memoryTrend(flat).flat, true);
    const trend = memoryTrend(growing);
    assert.equal(trend.flat, false);
    assert.ok(Math.abs((trend.slopeMbPerMin ?? 0) - 12) < 0.01);
    assert.equal(memoryTrend(flat.slice(0, 2)).flat, null);
  });

  it('reads labelled Prometheus samples', () => {
    const values = parsePrometheus(
      '# HELP x\nprocess_resident_memory_bytes{service="gateway"} 1048576\nnodejs_eventloop_lag_p99_seconds 0.012\n',
    );
    assert.equal(values.process_resident_memory_bytes, 1048576);
    assert.equal(values.nodejs_eventloop_lag_p99_seconds, 0.012);
  });
});

describe('result table', () => {
  it('computes added ms and ratio for latencies and checks targets', () => {
    const r = row('First-token latency p50 (ms)', 12, 4, { op: '<=', value: 10 }, { latency: true });
    assert.equal(r.added, 8);
    assert.equal(r.ratio, 3);
    assert.equal(r.pass, false);
    assert.equal(row('Chunks lost', 0, 0, { op: '==', value: 0 }).pass, true);
    assert.equal(row('Questions/s', 60, null, { op: '>=', value: 50 }).pass, true);
    assert.equal(row('RSS', 200, 100).added, null);
  });

  it('renders a markdown table with pass and FAIL', () => {
    const table = markdownTable([
      row('a (ms)', 5, 2, { op: '<=', value: 10 }, { latency: true }),
      row('b', 1, null, { op: '==', value: 0 }, { digits: 0 }),
    ]);
    const lines = table.split('\n');
    assert.equal(lines[0], '| metric | ours | baseline | added ms | ratio | target | pass/fail |');
    assert.equal(lines[2], '| a (ms) | 5 | 2 | 3 | 2.50× | ≤ 10 | pass |');
    assert.equal(lines[3], '| b | 1 | – | – | – | = 0 | **FAIL** |');
  });
});

describe('bench flags', () => {
  it('derives users from streams and accepts both flag forms', () => {
    const options = parseBenchArgs(['--streams', '90', '--duration=5', '--soak', '120']);
    assert.equal(options.users, 30);
    assert.equal(options.throughputUsers, 60);
    assert.equal(options.duration, 5);
    assert.equal(options.soak, 120);
  });

  it("runs one user's question as the 3-stream goal defines it unless told otherwise", () => {
    const defaults = parseBenchArgs([]);
    assert.deepEqual(
      [defaults.fewTtft, defaults.fewTokens, defaults.ttft, defaults.tokens],
      [300, 150, 100, 50],
    );
    const options = parseBenchArgs(['--few-ttft', '100', '--few-tokens=50']);
    assert.deepEqual([options.fewTtft, options.fewTokens], [100, 50]);
  });

  it('refuses unknown flags, bad numbers and --url without --fake-port', () => {
    assert.throws(() => parseBenchArgs(['--nope']), /Unknown argument/);
    assert.throws(() => parseBenchArgs(['--users', 'many']), /not a number/);
    assert.throws(() => parseBenchArgs(['--url', 'http://127.0.0.1:3000']), /--fake-port/);
    assert.throws(() => parseBenchArgs(['--provider-workers', '0']), /--provider-workers/);
    assert.throws(() => parseBenchArgs(['--provider-workers', '1.5']), /--provider-workers/);
    assert.equal(parseBenchArgs(['--provider-workers', '2']).providerWorkers, 2);
    assert.equal(parseBenchArgs([]).providerWorkers, 1);
  });

  it('takes an idle gap in seconds, none by default', () => {
    assert.equal(parseBenchArgs([]).idleGap, 0);
    assert.equal(parseBenchArgs(['--users', '1', '--idle-gap', '12']).idleGap, 12);
    assert.equal(parseBenchArgs(['--idle-gap=2.5']).idleGap, 2.5);
    assert.throws(() => parseBenchArgs(['--idle-gap', '-1']), /not a number ≥ 0/);
    assert.throws(() => parseBenchArgs(['--idle-gap']), /needs a value/);
  });

  it('runs --compare as latency phases only, in rounds', () => {
    const options = parseBenchArgs(['--compare', '../before', '--rounds', '5']);
    assert.equal(options.compare, '../before');
    assert.equal(options.rounds, 5);
    assert.equal(options.throughputUsers, 0);
    assert.deepEqual(options.capacitySteps, []);
    assert.equal(parseBenchArgs(['--compare=../before']).rounds, 3);
    assert.deepEqual(parseBenchArgs(['--compare', 'x', '--capacity-steps', '0']).capacitySteps, []);
    assert.throws(
      () => parseBenchArgs(['--compare', 'x', '--throughput-users', '4']),
      /drop --throughput-users/,
    );
    assert.throws(() => parseBenchArgs(['--compare', 'x', '--soak', '60']), /drop --soak/);
    assert.throws(
      () => parseBenchArgs(['--compare', 'x', '--capacity-steps', '30,60']),
      /drop --capacity-steps/,
    );
    assert.throws(
      () => parseBenchArgs(['--compare', 'x', '--url', 'http://127.0.0.1:3000', '--fake-port', '9']),
      /drop --url/,
    );
    assert.throws(() => parseBenchArgs(['--compare', 'x', '--rounds', '0']), /--rounds/);
    assert.throws(() => parseBenchArgs(['--compare', '']), /directory/);
    assert.equal(parseBenchArgs([]).compare, null);
  });

  it('reads the capacity search flags', () => {
    const defaults = parseBenchArgs([]);
    assert.deepEqual(defaults.capacitySteps, [60, 120, 200, 300, 420, 540]);
    assert.deepEqual(
      [defaults.capacityRamp, defaults.capacityDuration, defaults.capacityMargin, defaults.moderateStreams],
      [5, 0, 25, 120],
    );
    const options = parseBenchArgs([
      '--capacity-steps',
      '30, 60',
      '--capacity-duration=6',
      '--capacity-margin',
      '20',
      '--moderate-streams',
      '60',
    ]);
    assert.deepEqual(options.capacitySteps, [30, 60]);
    assert.equal(options.capacityDuration, 6);
    assert.equal(options.capacityMargin, 20);
    assert.equal(options.moderateStreams, 60);
    assert.deepEqual(parseBenchArgs(['--capacity-steps', '']).capacitySteps, []);
    assert.deepEqual(parseBenchArgs(['--capacity-steps=0']).capacitySteps, []);
    assert.throws(() => parseBenchArgs(['--capacity-steps', '120,60']), /must ascend/);
    assert.throws(() => parseBenchArgs(['--capacity-steps', '60,many']), /whole number/);
    assert.throws(() => parseBenchArgs(['--capacity-steps', '60,0']), /whole number/);
    assert.throws(() => parseBenchArgs(['--capacity-steps']), /needs a value/);
  });

  it('--capacity-only drops the throughput and soak phases, and needs steps', () => {
    const options = parseBenchArgs(['--capacity-only']);
    assert.equal(options.capacityOnly, true);
    assert.equal(options.throughputUsers, 0);
    assert.equal(options.soak, 0);
    assert.equal(parseBenchArgs(['--capacity-only', '--throughput-users', '0']).throughputUsers, 0);
    assert.throws(() => parseBenchArgs(['--capacity-only', '--soak', '60']), /--capacity-only/);
    assert.throws(() => parseBenchArgs(['--capacity-only', '--throughput-users', '10']), /--capacity-only/);
    assert.throws(() => parseBenchArgs(['--capacity-only', '--capacity-steps', '0']), /--capacity-steps/);
  });
});

describe('bench CPU accounting', () => {
  it('sums CPU seconds per group between snapshots, new processes from zero', () => {
    const before = new Map([
      [1, { group: 'gateway', ticks: 100 }],
      [2, { group: 'postgres', ticks: 50 }],
    ]);
    const after = new Map([
      [1, { group: 'gateway', ticks: 350 }],
      [2, { group: 'postgres', ticks: 80 }],
      [3, { group: 'postgres', ticks: 20 }],
    ]);
    assert.deepEqual(cpuSecondsByGroup(before, after), { gateway: 2.5, postgres: 0.5 });
  });

  it('reads the whole machine’s busy and stolen ticks from /proc/stat', () => {
    const stat = 'cpu  1000 10 300 5000 40 5 25 60 0 0\ncpu0 500 5 150 2500 20 2 12 30 0 0\n';
    assert.deepEqual(parseProcStat(stat), { busy: 1340, steal: 60 });
    assert.equal(parseProcStat('intr 1 2 3'), null);
    assert.deepEqual(machineCores({ busy: 1000, steal: 10 }, { busy: 4000, steal: 110 }, 20), {
      busy: 1.5,
      steal: 0.05,
    });
  });

  it('finds the bench database backends and the Redis server by command line', () => {
    const scan = { database: 'council_bench_x', redisPort: '6379' };
    assert.equal(
      scannedGroup('postgres: 15/main: postgres council_bench_x 127.0.0.1(5) idle', scan),
      'postgres',
    );
    assert.equal(scannedGroup('postgres: 15/main: postgres council_other 127.0.0.1(5) idle', scan), null);
    assert.equal(scannedGroup('/usr/bin/redis-server 127.0.0.1:6379', scan), 'redis');
    assert.equal(scannedGroup('node --import tsx scripts/bench/run.ts', scan), null);
  });

  it('renders ms per question by process, the total and the cores kept busy', () => {
    const phase = (name: string, ms: Record<string, number>, seconds: Record<string, number>) => ({
      name,
      measuredSeconds: 10,
      cpuMsPerQuestion: ms,
      cpuSeconds: seconds,
    });
    const table = cpuTable([
      phase('latency', { gateway: 10, postgres: 20 }, { gateway: 2, postgres: 4 }),
      phase('throughput', { gateway: 12, postgres: 18 }, { gateway: 3, postgres: 5 }),
    ]);
    const lines = (table ?? '').split('\n');
    assert.equal(lines[0], '| process | latency (ms per question) | throughput (ms per question) |');
    assert.equal(lines[2], '| postgres | 20 | 18 |');
    assert.equal(lines[3], '| gateway | 10 | 12 |');
    assert.equal(lines[4], '| **total** | **30** | **30** |');
    assert.equal(lines[5], '| system under test (without driver and fake) | 30 | 30 |');
    assert.equal(lines[6], '| cores kept busy | 0.60 | 0.80 |');
    assert.equal(lines.length, 7);
    const withLoad = cpuTable([
      phase('latency', { gateway: 10, 'bench driver': 3, 'fake provider': 2 }, { gateway: 2 }),
    ]);
    assert.equal(withLoad?.split('\n')[6], '| system under test (without driver and fake) | 10 |');
    assert.equal(cpuTable([{ name: 'baseline', measuredSeconds: 10, cpuMsPerQuestion: null }]), null);
    const probed = cpuTable([
      { ...phase('latency', { gateway: 10 }, { gateway: 2 }), speedProbeMs: { before: 231.4, after: 335.6 } },
      phase('throughput', { gateway: 12 }, { gateway: 3 }),
    ]);
    assert.equal(probed?.split('\n').at(-1), '| speed probe before / after (ms) | 231 / 336 | – |');
    const shared = cpuTable([
      { ...phase('latency', { gateway: 10 }, { gateway: 2 }), machineCores: { busy: 0.5, steal: 0.1 } },
    ]);
    assert.equal(
      shared?.split('\n').at(-1),
      "| other load (cores: the machine's busy time beyond these processes, plus steal) | 0.40 |",
    );
  });
});

describe('speed probe', () => {
  it('takes the median of its timings', () => {
    assert.equal(median([30, 10, 20]), 20);
    assert.equal(median([40, 10, 30, 20]), 25);
  });

  it('times the fixed workload in a fresh process', async () => {
    const ms = await probeSpeed(1);
    assert.ok(Number.isFinite(ms) && ms > 0, `probe gave ${ms}`);
  });
});
