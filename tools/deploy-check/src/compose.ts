import { parse } from 'yaml';
import { interpolate, type Variables } from './interpolate';
import { readRepoFile } from './repo';

export type ComposeEnvironment = Record<string, string | number | boolean | null> | string[];

export interface ComposeHealthcheck {
  test?: string | string[];
  interval?: string;
  timeout?: string;
  retries?: number;
  start_period?: string;
  disable?: boolean;
}

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; target?: string };
  command?: string | string[];
  environment?: ComposeEnvironment;
  ports?: Array<string | number | { target: number; published?: string | number }>;
  healthcheck?: ComposeHealthcheck;
  restart?: string;
  depends_on?: string[] | Record<string, { condition?: string; required?: boolean }>;
  stop_grace_period?: string;
  volumes?: Array<string | { type?: string; source?: string; target?: string }>;
}

export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export const COMPOSE_FILE = 'docker-compose.yml';

/** docker-compose.yml as Compose reads it (YAML merge keys `<<: *anchor` resolved). */
export function loadCompose(text = readRepoFile(COMPOSE_FILE)): ComposeFile {
  return parse(text, { merge: true }) as ComposeFile;
}

/** The environment Compose hands the container, with `${VAR:-default}` resolved against `variables`. */
export function serviceEnvironment(
  service: ComposeService,
  variables: Variables = {},
): Record<string, string> {
  const entries: Array<[string, string | undefined]> = [];
  const raw = service.environment ?? {};
  if (Array.isArray(raw)) {
    for (const item of raw) {
      const eq = item.indexOf('=');
      entries.push(eq === -1 ? [item, variables[item]] : [item.slice(0, eq), item.slice(eq + 1)]);
    }
  } else {
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value === 'boolean') {
        throw new Error(`environment.${key} is a YAML boolean; Compose rejects those (quote it)`);
      }
      entries.push([key, value === null ? variables[key] : String(value)]);
    }
  }
  const env: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (value !== undefined) env[key] = interpolate(value, variables);
  }
  return env;
}

/** The raw (uninterpolated) value of one environment entry, for checks on how it is written. */
export function rawEnvironmentValue(service: ComposeService, key: string): string | undefined {
  const raw = service.environment ?? {};
  if (Array.isArray(raw)) {
    const item = raw.find((entry) => entry === key || entry.startsWith(`${key}=`));
    return item?.includes('=') ? item.slice(item.indexOf('=') + 1) : undefined;
  }
  const value = raw[key];
  return value === null || value === undefined ? undefined : String(value);
}

export function commandWords(command: string | string[] | undefined): string[] {
  if (command === undefined) return [];
  return Array.isArray(command) ? command : command.split(/\s+/).filter(Boolean);
}

export function dependsOn(service: ComposeService): Record<string, string> {
  const raw = service.depends_on ?? [];
  if (Array.isArray(raw)) return Object.fromEntries(raw.map((name) => [name, 'service_started']));
  return Object.fromEntries(
    Object.entries(raw).map(([name, spec]) => [name, spec.condition ?? 'service_started']),
  );
}

/** The healthcheck as one shell-ish string (CMD / CMD-SHELL prefix removed). */
export function healthcheckCommand(healthcheck: ComposeHealthcheck | undefined): string | undefined {
  const test = healthcheck?.test;
  if (test === undefined) return undefined;
  if (typeof test === 'string') return test;
  const [kind, ...rest] = test;
  if (kind === 'NONE') return undefined;
  return (kind === 'CMD' || kind === 'CMD-SHELL' ? rest : test).join(' ');
}

/** Compose/Go durations: 1m30s, 40s, 500ms, 1h. */
export function durationSeconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|us|h|m|s)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== duration) {
    throw new Error(`not a duration: "${duration}"`);
  }
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001, us: 0.000001 };
  return parts.reduce((total, part) => total + Number(part[1]) * unit[part[2]], 0);
}

/** "3000:3000", "127.0.0.1:3000:3000/tcp" or the long form, as { published, target }. */
export function portMapping(port: string | number | { target: number; published?: string | number }): {
  published?: string;
  target: number;
} {
  if (typeof port === 'object') {
    return {
      target: port.target,
      published: port.published === undefined ? undefined : String(port.published),
    };
  }
  const parts = String(port)
    .replace(/\/(tcp|udp)$/, '')
    .split(':');
  const target = Number(parts[parts.length - 1]);
  return { target, published: parts.length > 1 ? parts[parts.length - 2] : undefined };
}
