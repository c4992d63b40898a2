// CPU time per process over a phase, read from /proc (Linux): how much of the machine each part of
// the system (apps, PostgreSQL, Redis, the bench driver and the fake provider) spends per completed
// question. Where /proc is missing the snapshots are empty and the report says so.
import { readdirSync, readFileSync } from 'node:fs';

/** The bench's own processes: they load the system, they are not part of it. */
export const DRIVER_GROUP = 'bench driver';
export const FAKE_GROUP = 'fake provider';
/**
 * The backend of the bench's VACUUM (ANALYZE), standing in for autovacuum where the server has it
 * off (db-maintenance.ts): autovacuum is one of PostgreSQL's background processes, left out like
 * the others.
 */
export const MAINTENANCE_GROUP = 'bench VACUUM';

/**
 * Whether a CPU group belongs to the system under test: everything measured but the bench driver,
 * the fake provider and the bench's VACUUM (the stack's apps, its PostgreSQL backends and Redis; or
 * the baseline process), so the goal's ratios compare the two systems and not the load generator.
 */
export function isSystemUnderTest(group: string): boolean {
  return group !== DRIVER_GROUP && group !== FAKE_GROUP && group !== MAINTENANCE_GROUP;
}

/** CPU seconds of the system under test in a phase's per-group seconds. */
export function systemUnderTestSeconds(cpuSeconds: Record<string, number>): number {
  let total = 0;
  for (const [group, seconds] of Object.entries(cpuSeconds)) if (isSystemUnderTest(group)) total += seconds;
  return total;
}

/** USER_HZ: /proc/<pid>/stat counts CPU time in these ticks on Linux. */
const TICKS_PER_SECOND = 100;

/**
 * CPU ticks of the whole machine, all cores summed: busy (user, nice, system, irq, softirq; guest
 * time is inside user) and stolen by the hypervisor. Against the measured processes it tells how
 * much else ran on the machine during a phase.
 */
export interface MachineTicks {
  busy: number;
  steal: number;
}

/** The aggregate "cpu" line of /proc/stat, or null when it is not there. */
export function parseProcStat(text: string): MachineTicks | null {
  const line = text.split('\n').find((entry) => entry.startsWith('cpu '));
  if (!line) return null;
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: user + nice + system + irq + softirq, steal };
}

export function readMachineTicks(): MachineTicks | null {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** Cores the whole machine kept busy (and had stolen) between two readings `seconds` apart. */
export function machineCores(before: MachineTicks, after: MachineTicks, seconds: number): MachineTicks {
  const cores = (ticks: number) => (seconds > 0 ? ticks / TICKS_PER_SECOND / seconds : 0);
  return { busy: cores(after.busy - before.busy), steal: cores(after.steal - before.steal) };
}

/** User + system CPU ticks of a process, or null when it is gone. */
function readTicks(pid: number | string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start past the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  } catch {
    return null;
  }
}

function commandLine(pid: number | string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/** The group a process found by scanning belongs to: the bench database's backends, or redis-server. */
/** What to look for when scanning /proc: the bench database's backends, the Redis server's port. */
export interface CpuScan {
  database?: string;
  redisPort?: string | number;
}

/** A snapshot: CPU ticks and group per PID. */
export type CpuSnapshot = Map<number, { group: string; ticks: number }>;

export function scannedGroup(cmdline: string, { database, redisPort }: CpuScan): string | null {
  if (database && cmdline.startsWith('postgres:') && cmdline.includes(` ${database} `)) return 'postgres';
  if (redisPort && /redis-server/.test(cmdline) && cmdline.includes(`:${redisPort}`)) return 'redis';
  return null;
}

/**
 * Snapshot of CPU ticks: the `known` processes ({ pid: group }) plus, found by scanning /proc, the
 * PostgreSQL backends of `database` and the redis-server on `redisPort`.
 */
export function snapshotCpu(known: Record<string, string>, scan: CpuScan = {}): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  const add = (pid: number, group: string) => {
    const ticks = readTicks(pid);
    if (ticks !== null) snapshot.set(pid, { group, ticks });
  };
  for (const [pid, group] of Object.entries(known)) if (pid) add(Number(pid), group);
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return snapshot;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || snapshot.has(Number(entry))) continue;
    const group = scannedGroup(commandLine(entry), scan);
    if (group) add(Number(entry), group);
  }
  return snapshot;
}

/** CPU seconds per group between two snapshots (a process new in `after` counts from zero). */
export function cpuSecondsByGroup(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const seconds: Record<string, number> = {};
  for (const [pid, { group, ticks }] of after) {
    const spent = ticks - (before.get(pid)?.ticks ?? 0);
    seconds[group] = (seconds[group] ?? 0) + spent / TICKS_PER_SECOND;
  }
  return seconds;
}
