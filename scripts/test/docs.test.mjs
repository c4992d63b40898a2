// The documentation the code leans on. Comments cite `spec §N[.M]`, `DECISIONS N` and
// `ARCHITECTURE "Heading"` (docs/README.md explains the convention); every citation must name a
// heading that exists in docs/spec.md, docs/decisions.md or docs/architecture.md. Tracked files must
// also read as documentation of the product, not as a log of how it was built.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/exec.mjs';

const DOCS = {
  spec: 'docs/spec.md',
  decisions: 'docs/decisions.md',
  architecture: 'docs/architecture.md',
};

const BINARY = /\.(png|jpe?g|gif|webp|ico|pdf|woff2?|ttf|otf|eot|zip|gz|tgz)$/i;

function trackedFiles() {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return (
    out
      .split('\0')
      .filter(Boolean)
      .filter((file) => !BINARY.test(file) && file !== 'package-lock.json')
      // A tracked file deleted in the working tree has nothing left to check.
      .filter((file) => existsSync(path.join(ROOT, file)))
  );
}

function read(file) {
  return readFileSync(path.join(ROOT, file), 'utf8');
}

/** Joins comment lines, so a citation wrapped over two lines (` * ` or `// ` leaders) is one string. */
function unwrap(text) {
  return text.replace(/[ \t]*\r?\n[ \t]*(?:\*(?!\/)|\/\/|#)?[ \t]*/g, ' ');
}

/** Numbers in "12", "5, 10, 16", "17–21", "14 and 21". */
function expandNumbers(list) {
  const numbers = [];
  for (const part of list.split(/\s*(?:,|\band\b)\s*/)) {
    const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(part);
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n += 1) numbers.push(String(n));
    } else if (/^\d+$/.test(part)) {
      numbers.push(part);
    }
  }
  return numbers;
}

/** Every citation in a text: { kind: 'spec' | 'decisions' | 'architecture', target }. */
export function findCitations(text) {
  const flat = unwrap(text);
  const found = [];
  // `spec §2`, `Spec §7's`, and the bare `§8` used next to such citations: all sections of the spec.
  for (const match of flat.matchAll(/§\s?(\d+(?:\.\d+)?)/g)) {
    found.push({ kind: 'spec', target: match[1] });
  }
  for (const match of flat.matchAll(/\bDECISIONS\s+(\d+(?:\s*(?:[-–]|,|\band\b)\s*\d+)*)/g)) {
    for (const n of expandNumbers(match[1])) found.push({ kind: 'decisions', target: n });
  }
  for (const match of flat.matchAll(/\bARCHITECTURE(?:\.md)?,?\s+"([^"]+)"/g)) {
    found.push({ kind: 'architecture', target: match[1].replace(/\s+/g, ' ') });
  }
  return found;
}

/** The headings each citation kind can point at. */
export function citationTargets() {
  const headings = (file) =>
    read(file)
      .split('\n')
      .map((line) => /^#{2,4}\s+(.+?)\s*$/.exec(line)?.[1])
      .filter(Boolean);
  const numbered = (file) =>
    new Set(
      headings(file)
        .map((heading) => /^(\d+(?:\.\d+)?)\.?\s/.exec(heading)?.[1])
        .filter(Boolean),
    );
  return {
    spec: numbered(DOCS.spec),
    decisions: numbered(DOCS.decisions),
    architecture: new Set(headings(DOCS.architecture)),
  };
}

const SELF = path.relative(ROOT, new URL(import.meta.url).pathname);

function unresolved(files) {
  const targets = citationTargets();
  const missing = [];
  let count = 0;
  for (const file of files) {
    for (const citation of findCitations(read(file))) {
      count += 1;
      if (!targets[citation.kind].has(citation.target)) {
        missing.push(
          `${file}: ${citation.kind} "${citation.target}" is not a heading of ${DOCS[citation.kind]}`,
        );
      }
    }
  }
  return { count, missing };
}

test('findCitations reads the forms the code uses', () => {
  const text = [
    '// spec §2 and Spec §7.1; the §8 rules',
    ' * (DECISIONS 5, 10, 16) and DECISIONS 17–21, DECISIONS 14 and 21',
    ' * (ARCHITECTURE "Money and',
    ' * tokens"), ARCHITECTURE.md, "Flows"',
  ].join('\n');
  const cited = findCitations(text).map(({ kind, target }) => `${kind}:${target}`);
  assert.deepEqual(cited, [
    'spec:2',
    'spec:7.1',
    'spec:8',
    'decisions:5',
    'decisions:10',
    'decisions:16',
    'decisions:17',
    'decisions:18',
    'decisions:19',
    'decisions:20',
    'decisions:21',
    'decisions:14',
    'decisions:21',
    'architecture:Money and tokens',
    'architecture:Flows',
  ]);
});

test('the docs have every numbered section the citations use', () => {
  const targets = citationTargets();
  for (let n = 1; n <= 9; n += 1) assert.ok(targets.spec.has(String(n)), `spec §${n}`);
  for (let n = 1; n <= 21; n += 1) assert.ok(targets.decisions.has(String(n)), `DECISIONS ${n}`);
  for (const heading of ['Streaming', 'Money and tokens', 'Flows']) {
    assert.ok(targets.architecture.has(heading), `ARCHITECTURE "${heading}"`);
  }
});

test('every citation in tracked source resolves to a heading in docs/', (t) => {
  const source = trackedFiles().filter(
    (file) => file !== SELF && !file.startsWith('docs/') && !file.endsWith('.md'),
  );
  const { count, missing } = unresolved(source);
  // Several hundred citations exist; far fewer means the patterns above stopped matching them.
  t.diagnostic(`${count} citations in ${source.length} tracked source files`);
  assert.ok(count > 200, `only ${count} citations found in tracked source`);
  assert.deepEqual(missing, []);
});

test('every citation in the markdown docs resolves too', () => {
  const markdown = trackedFiles().filter(
    (file) => file.endsWith('.md') && !file.startsWith('bench-results/'),
  );
  assert.deepEqual(unresolved(markdown).missing, []);
});

// Wording that belongs in a work log, not in the product's files.
const WORK_LOG = [/\b(?:session|issue)s? #?\d+/i, /\bthis session\b/i, /\bprevious sessions\b/i];

test('tracked files contain no work-log language', () => {
  const hits = [];
  for (const file of trackedFiles()) {
    if (file === SELF) continue;
    read(file)
      .split('\n')
      .forEach((line, index) => {
        if (WORK_LOG.some((pattern) => pattern.test(line))) hits.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(hits, []);
});
