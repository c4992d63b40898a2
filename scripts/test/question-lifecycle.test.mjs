// A question's lifecycle has one owner (ARCHITECTURE "Question lifecycle"): its status and pause
// columns are written by libs/db/src/question/question-lifecycle.ts alone, whose table of
// transitions is what keeps two racing writers from both winning. This finds any other writer in
// the apps' and libraries' sources: SQL that updates or inserts those columns of "questions", and
// TypeORM writes of them through the question entity.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/exec.mjs';

export const LIFECYCLE_MODULE = 'libs/db/src/question/question-lifecycle.ts';
const COLUMNS = new Set(['status', 'pausedAfterRound', 'pauseEndsAt']);
const KEY =
  /(?:^|[\s{,(])(?:"|')?(status|pausedAfterRound|pauseEndsAt)(?:"|')?\s*:(?!:)|[{,]\s*(status|pausedAfterRound|pauseEndsAt)\s*(?=[,}])/;

/** Product sources: tests and the test-support library (libs/testing) write fixtures as they please. */
function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else if (/\.(?:[cm]?ts|tsx)$/.test(entry.name) && !/\.(?:spec|test|d)\.tsx?$/.test(entry.name)) {
        files.push(file);
      }
    }
  };
  for (const top of ['apps', 'libs']) {
    for (const project of readdirSync(path.join(ROOT, top), { withFileTypes: true })) {
      if (!project.isDirectory() || `${top}/${project.name}` === 'libs/testing') continue;
      const src = `${top}/${project.name}/src`;
      try {
        walk(src);
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
    }
  }
  return files.filter((file) => file !== LIFECYCLE_MODULE);
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/**
 * The comma-separated items from `start` to the end of an UPDATE's SET list (WHERE, FROM or
 * RETURNING at the top level, or the end of the statement, its CTE or its string), skipping
 * parentheses, quotes and `${…}` interpolations.
 */
function setItems(text, start) {
  const items = [];
  let depth = 0;
  let item = '';
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (depth === 0 && /[A-Za-z]/.test(char) && !/\w/.test(text[i - 1] ?? '')) {
      const word = /^[A-Za-z]+/.exec(text.slice(i))[0].toUpperCase();
      if (word === 'WHERE' || word === 'FROM' || word === 'RETURNING') break;
    }
    if (char === '-' && text[i + 1] === '-') {
      i = text.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      item += text.slice(i, end + 1);
      i = end;
      continue;
    }
    if (char === '(' || char === '{') depth += 1;
    if (char === ')' || char === '}') {
      depth -= 1;
      if (depth < 0) break;
    }
    if (depth === 0 && (char === '`' || char === ';')) break;
    if (depth === 0 && char === ',') {
      items.push(item);
      item = '';
      continue;
    }
    item += char;
  }
  items.push(item);
  return items.map((text) => text.trim()).filter(Boolean);
}

/** SQL that writes the lifecycle's columns of "questions": [{ line, what }]. */
export function sqlWriters(text) {
  const found = [];
  // Whitespace, or an SQL comment running to the end of its line.
  const gap = String.raw`(?:\s|--[^\n]*)+`;
  const alias = String.raw`(?:${gap}(?:AS${gap})?(?!SET\b)[A-Za-z_]\w*)?`;
  const update = new RegExp(String.raw`\bUPDATE${gap}"?questions"?${alias}${gap}SET\b`, 'gi');
  for (const match of text.matchAll(update)) {
    for (const item of setItems(text, match.index + match[0].length)) {
      const column = /^"?(\w+)"?\s*=/.exec(item)?.[1];
      if (column === undefined) {
        found.push({
          line: lineOf(text, match.index),
          what: `UPDATE "questions" SET ${item.slice(0, 40)} (unknown column)`,
        });
      } else if (COLUMNS.has(column)) {
        found.push({ line: lineOf(text, match.index), what: `UPDATE "questions" SET "${column}"` });
      }
    }
  }
  for (const match of text.matchAll(/\bINSERT\s+INTO\s+"?questions"?\s*(\(([^)]*)\))?/gi)) {
    const columns = match[2]?.split(',').map((column) => column.trim().replace(/"/g, ''));
    const written = columns?.filter((column) => COLUMNS.has(column) || column.includes('${'));
    if (!columns || written.length > 0) {
      found.push({
        line: lineOf(text, match.index),
        what: `INSERT INTO "questions" ${columns ? `(${written.join(', ')})` : 'without a column list'}`,
      });
    }
  }
  return found;
}

/** The arguments of the call whose `(` is at `open`, parentheses balanced. */
function callArguments(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/**
 * TypeORM writes of the lifecycle's columns through the question entity: a statement that names it
 * (QuestionEntity, a Repository<QuestionEntity> field, or the table) and passes one of the columns
 * to update, save, insert, upsert, a query builder's set, or billing's updateRow.
 */
export function entityWriters(text) {
  const found = [];
  const fields = [...text.matchAll(/(\w+)\s*:\s*Repository<QuestionEntity>/g)].map((match) => match[1]);
  const receivers = new RegExp(
    [
      String.raw`\bQuestionEntity\b`,
      `['"]questions['"]`,
      ...fields.map((field) => String.raw`\bthis\.${field}\b`),
    ].join('|'),
  );
  let offset = 0;
  for (const statement of text.split(';')) {
    const start = offset;
    offset += statement.length + 1;
    if (/^\s*(?:import|export\s+\*)\b/.test(statement) || !receivers.test(statement)) continue;
    for (const call of statement.matchAll(
      /(?:\.(?:update|save|insert|upsert|set)|\bupdateRow\b(?:<[^>]*>)?)\s*\(/g,
    )) {
      const args = callArguments(statement, call.index + call[0].length - 1);
      const key = KEY.exec(args);
      if (key) {
        found.push({
          line: lineOf(text, start + call.index),
          what: `${call[0].replace(/\s*\($/, '')}(… ${key[1] ?? key[2]} …) on a question`,
        });
      }
    }
  }
  // A loaded question changed and saved: the assignment and the save are statements of their own.
  const code = text.replace(/^\s*import\b[^;]*;/gm, '');
  if (receivers.test(code) && /\.save\s*\(/.test(code)) {
    for (const assigned of text.matchAll(/\b\w+\.(status|pausedAfterRound|pauseEndsAt)\s*=(?![=>])/g)) {
      found.push({ line: lineOf(text, assigned.index), what: `${assigned[0]} … .save() on a question` });
    }
  }
  return found;
}

test('the rule finds the writers it is for', () => {
  const sql = (text) => sqlWriters(text).map((found) => found.what);
  assert.deepEqual(sql(`UPDATE "questions" SET "status" = 'failed' WHERE "id" = $1`), [
    'UPDATE "questions" SET "status"',
  ]);
  assert.deepEqual(
    sql(
      `UPDATE "questions" q SET "totalTokensUsed" = (SELECT 1 FROM "responses" WHERE x), "pauseEndsAt" = NULL`,
    ),
    ['UPDATE "questions" SET "pauseEndsAt"'],
  );
  assert.deepEqual(sql('UPDATE questions SET ${columns} WHERE "id" = $1'), [
    'UPDATE "questions" SET ${columns} (unknown column)',
  ]);
  assert.deepEqual(
    sql(`UPDATE "questions" q
           -- The asker's cap (billing), so it never reports more.
           SET "totalTokensUsed" = 1, -- the question's total
               "status" = 'completed'`),
    ['UPDATE "questions" SET "status"'],
  );
  assert.deepEqual(sql(`UPDATE "questions" SET "lastTurnAt" = now() WHERE "id" = $12`), []);
  assert.deepEqual(sql(`UPDATE "responses" SET "status" = 'failed'`), []);
  assert.deepEqual(sql(`INSERT INTO "questions" ("userId", "status") VALUES ($1, 'running')`), [
    'INSERT INTO "questions" (status)',
  ]);
  assert.deepEqual(sql(`INSERT INTO "questions" ("userId", "question") SELECT 1, 'Why?'`), []);

  const entity = (text) => entityWriters(text).map((found) => found.what);
  assert.equal(
    entity(`class A { constructor(private readonly questions: Repository<QuestionEntity>) {}
      f() { return this.questions.update({ id }, { status: 'failed' }); } }`).length,
    1,
  );
  assert.equal(
    entity(`await manager.getRepository(QuestionEntity).createQueryBuilder().update()
      .set({ pausedAfterRound: null }).where('id = :id', { id }).execute();`).length,
    1,
  );
  assert.equal(entity(`await manager.update(QuestionEntity, { id }, { status });`).length, 1);
  assert.equal(entity(`updateRow<QuestionEntity>('questions', id, { status: 'failed' })`).length, 1);
  assert.equal(
    entity(
      `const q: QuestionEntity = await repo.findOneByOrFail({ id }); q.status = 'failed'; await repo.save(q);`,
    ).length,
    1,
  );
  assert.equal(entity(`await this.responses.update({ id }, { status: 'failed' });`).length, 0);
  assert.equal(
    entity(`await this.questions.findOne({ where: { id }, select: { id: true, status: true } });`).length,
    0,
  );
  assert.equal(entity(`updateRow<QuestionEntity>('questions', id, { reservedTokens: 5 })`).length, 0);
});

test(`no file but ${LIFECYCLE_MODULE} writes a question's status or pause`, () => {
  const files = sourceFiles();
  assert.ok(files.length > 100, `found only ${files.length} source files`);
  const offenders = files.flatMap((file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    return [...sqlWriters(text), ...entityWriters(text)].map(
      (found) => `${file}:${found.line}: ${found.what}`,
    );
  });
  assert.deepEqual(offenders, [], `Write these through ${LIFECYCLE_MODULE}:\n${offenders.join('\n')}`);
});
