import { durationSeconds, portMapping } from './compose';
import { isIgnored, parseDockerignore } from './dockerignore';
import { envOf, parseDockerfile } from './dockerfile';
import { externalPackages, runtimeSpecifiers } from './imports';
import { interpolate, InterpolationError, referencedVariables } from './interpolate';
import { parseQuantity, splitImage } from './k8s';

describe('interpolate (Compose rules)', () => {
  it('uses defaults only when a variable is unset, or also when empty with the colon form', () => {
    expect(interpolate('${A:-x}', {})).toBe('x');
    expect(interpolate('${A:-x}', { A: '' })).toBe('x');
    expect(interpolate('${A-x}', { A: '' })).toBe('');
    expect(interpolate('${A:-x}', { A: 'set' })).toBe('set');
    expect(interpolate('${A:-}', {})).toBe('');
  });

  it('handles plain, nested and escaped references', () => {
    expect(interpolate('postgres://u:${PW:-pw}@db:5432/${DB:-${FALLBACK:-council}}', {})).toBe(
      'postgres://u:pw@db:5432/council',
    );
    expect(interpolate('$HOME/x and $${NOT}', { HOME: '/h' })).toBe('/h/x and ${NOT}');
    expect(interpolate('${A:+on}${B:+on}', { A: '1' })).toBe('on');
  });

  it('throws for required variables and malformed references', () => {
    expect(() => interpolate('${KEY:?set KEY}', {})).toThrow(InterpolationError);
    expect(() => interpolate('${KEY?set KEY}', { KEY: '' })).not.toThrow();
    expect(() => interpolate('${unterminated', {})).toThrow(InterpolationError);
    expect(() => interpolate('costs $5', {})).toThrow(InterpolationError);
  });

  it('lists referenced variables', () => {
    expect(referencedVariables('${A:-${B}} $C $$D')).toEqual(['A', 'B', 'C']);
  });
});

describe('.dockerignore matching', () => {
  const rules = parseDockerignore(
    '**/node_modules\n**/dist\n.env\n.env.*\n!.env.example\n/.git/\n# comment\n',
  );

  it('excludes matches and everything below them, and honours re-includes', () => {
    expect(isIgnored(rules, 'node_modules/x/index.js')).toBe(true);
    expect(isIgnored(rules, 'apps/web/node_modules/vite/package.json')).toBe(true);
    expect(isIgnored(rules, 'libs/db/dist/cli/migrate.js')).toBe(true);
    expect(isIgnored(rules, '.env')).toBe(true);
    expect(isIgnored(rules, '.env.production')).toBe(true);
    expect(isIgnored(rules, '.env.example')).toBe(false);
    expect(isIgnored(rules, '.git/HEAD')).toBe(true);
    expect(isIgnored(rules, 'libs/db/src/distance.ts')).toBe(false);
  });
});

describe('Dockerfile parsing', () => {
  it('joins continuations, drops comments and reads stages and ENV', () => {
    const file = parseDockerfile(
      'ARG IMAGE=node:20\nFROM ${IMAGE} AS base\n# note\nENV A=1 \\\n    B="two words"\nRUN echo \\\n  # inner comment\n  done\nFROM base\nENV C 3\n',
    );
    expect(file.globalArgs).toEqual({ IMAGE: 'node:20' });
    expect(file.stages.map((stage) => [stage.from, stage.name])).toEqual([
      ['${IMAGE}', 'base'],
      ['base', undefined],
    ]);
    expect(envOf(file.stages[0])).toEqual({ A: '1', B: 'two words' });
    expect(file.stages[0].instructions[1]).toMatchObject({ keyword: 'RUN', args: 'echo done' });
    expect(envOf(file.stages[1])).toEqual({ C: '3' });
  });
});

describe('runtime imports', () => {
  it('keeps value imports and drops type-only ones and built-ins', () => {
    const source = [
      "import 'reflect-metadata';",
      "import { Injectable } from '@nestjs/common';",
      "import { type Request } from 'express';",
      "import type { Redis } from 'ioredis';",
      "import {\n  Queue,\n  type Job,\n} from 'bullmq';",
      "import { readFile } from 'node:fs/promises';",
      "import * as path from 'path';",
      "export * from './local';",
      "const pg = require('pg');",
      "const lazy = await import('stripe');",
      " * import { Example } from 'in-a-comment';",
    ].join('\n');
    expect(externalPackages(runtimeSpecifiers(source))).toEqual([
      '@nestjs/common',
      'bullmq',
      'pg',
      'reflect-metadata',
      'stripe',
    ]);
  });
});

describe('small parsers', () => {
  it('reads quantities, durations, port mappings and image references', () => {
    expect(parseQuantity('250m')).toBeCloseTo(0.25);
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity('256Mi')).toBe(256 * 2 ** 20);
    expect(() => parseQuantity('lots')).toThrow();
    expect(durationSeconds('1m30s')).toBe(90);
    expect(durationSeconds('40s')).toBe(40);
    expect(() => durationSeconds('40')).toThrow();
    expect(portMapping('3000:3000')).toEqual({ published: '3000', target: 3000 });
    expect(portMapping('127.0.0.1:8080:3000/tcp')).toEqual({ published: '8080', target: 3000 });
    expect(portMapping({ target: 3000, published: 80 })).toEqual({ published: '80', target: 3000 });
    expect(splitImage('council:latest')).toEqual({ name: 'council', tag: 'latest' });
    expect(splitImage('registry:5000/council')).toEqual({ name: 'registry:5000/council' });
    expect(splitImage('ghcr.io/o/council:1.2.3@sha256:abc')).toEqual({
      name: 'ghcr.io/o/council',
      tag: '1.2.3',
    });
  });
});
