// `node --import tsx scripts/bench/quote-error.ts [--out file.json] [--verbose] [--stack N]`: how far
// the Ask screen's quote (quoteQuestionTokens in libs/contracts) is from what questions really spend.
//
// No provider API is reachable here, so every call goes where a provider without a key goes in the
// running stack: the provider worker's own adapter factory (createProvider, no keys → the demo
// adapter), unpaced. The council flow is replayed call by call with libs/llm's own request
// builders and the rules of the consensus worker (apps/consensus-worker consensus-flow.service.ts)
// and the provider worker (provider-job.service.ts, council-inputs.service.ts, agreement-map.service.ts):
// every member answers; with debate on, every member revises reading everyone's latest answer, round
// after round while anyone changed position, up to DEBATE_MAX_ROUNDS; then the leader writes the
// consensus and, from two members on, its agreement map (asked again when malformed). A question
// spends the sum of every call's usage, as billing settles it.
//
// The asks: the demo's three scripted example questions (real answers, a real debate) and questions
// of 40 to 6,000 characters outside the script (the demo answers those with its short "no model
// configured" card), with 1 to 5 members from the three built-in providers, debate on and off,
// reasoning on and off, and roles on every other council. The product seats AGENTS_MIN (3) members
// or more; councils of 1 and 2 are replayed too, to test the quote's rules for them.
//
// Two quotes per ask:
//   shown      what the Ask screen shows here, where every member is in demo mode: each member's
//              typical answer is the demo's (demoTypicalOutputTokens), roles at QUOTE_ROLE_PROMPT_LENGTH.
//   catalogue  what it would show with provider keys: each model's typicalOutputTokens from the
//              catalogue. Set against the demo's spend this only shows how much longer a real
//              model's answers are expected to be than the demo's; it does not measure real models.
// --stack N checks the replay against the real stack: it starts the apps as processes (the fault
// scenarios' harness: own database and Redis prefix, provider workers without keys, so on the demo
// adapter), asks N of the asks through POST /api/questions?wait=true as max-plan users, and compares
// each question's stored totalTokensUsed with the replay's (build the apps first: npm run build).
//
// For each: mean absolute percentage error of the quote's typical figure (and of the range's
// midpoint), how often the real spend fell inside [low, high], and that no question passed its
// reservation. The demo's typical answers are
// round figures of the first answers printed below; the rest of the quote (revisions, rounds, the
// consensus, the map, reasoning, every prompt) is its own model of the flow.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import type * as Contracts from '@council/contracts';
import type * as Db from '@council/db';
import type * as Llm from '@council/llm';
import { ROOT } from '../lib/exec.mjs';
import type { Scenario, ScenarioUser } from '../faults/lib/scenario.ts';

const require = createRequire(import.meta.url);
const contracts = require(path.join(ROOT, 'libs', 'contracts', 'dist', 'index.js')) as typeof Contracts;
const llm = require(path.join(ROOT, 'libs', 'llm', 'dist', 'index.js')) as typeof Llm;
// The loader alone: the db package's index also loads the entities and TypeORM.
const loader = require(path.join(ROOT, 'libs', 'db', 'dist', 'catalogue', 'catalogue.loader.js')) as Pick<
  typeof Db,
  'DEFAULT_CATALOGUE_FILE' | 'loadCatalogueFile'
>;

const TIER: Contracts.SubscriptionTier = 'max';
const MAX_TOKENS = contracts.answerMaxOutputTokensFor(TIER);
const DEMO = { demo: { charsPerSecond: 0, firstTokenDelayMs: 0 } } as const;

// ---------------------------------------------------------------------------------------------
// The councils
// ---------------------------------------------------------------------------------------------

/** One seat: the agent and model a member answers with, and its role prompt (null: none). */
interface Seat {
  order: number;
  provider: Contracts.BuiltInProvider;
  agent: string;
  model: string;
  apiModel: string;
  typicalOutputTokens: number;
  rolePrompt: string | null;
}

const catalogue = loader.loadCatalogueFile(loader.DEFAULT_CATALOGUE_FILE);

/** The built-in providers' agents (the ones the demo stands in for), providers interleaved. */
function seatPool(): Omit<Seat, 'order' | 'rolePrompt'>[] {
  const byProvider = contracts.PROVIDERS.map((provider) =>
    catalogue.agents.filter((agent) => agent.provider === provider),
  );
  const pool: Omit<Seat, 'order' | 'rolePrompt'>[] = [];
  for (let index = 0; byProvider.some((agents) => index < agents.length); index += 1) {
    for (const [position, agents] of byProvider.entries()) {
      const agent = agents[index];
      const model = agent?.models[0];
      if (!agent || !model) continue;
      pool.push({
        provider: contracts.PROVIDERS[position],
        agent: agent.name,
        model: model.name,
        apiModel: model.apiModel,
        typicalOutputTokens: model.typicalOutputTokens,
      });
    }
  }
  return pool;
}

const POOL = seatPool();

/** `size` seats starting at `offset` of the pool; every other council takes roles. */
function council(size: number, offset: number, withRoles: boolean): Seat[] {
  return Array.from({ length: size }, (_, order) => {
    const seat = POOL[(offset + order) % POOL.length];
    const role = withRoles ? catalogue.roles[(offset + order) % catalogue.roles.length] : undefined;
    return { ...seat, order, rolePrompt: role?.prompt ?? null };
  });
}

// ---------------------------------------------------------------------------------------------
// The flow, call by call
// ---------------------------------------------------------------------------------------------

interface Stored {
  memberOrder: number;
  round: number;
  response: string;
  changed: boolean | null;
}

interface Spend {
  total: number;
  answers: number;
  debate: number;
  consensus: number;
  rounds: number;
  /** Completion tokens of each member's first answer, by order. */
  firstAnswers: number[];
}

interface CallResult {
  text: string;
  usage: Contracts.TokenUsage;
}

async function call(seat: Pick<Seat, 'provider'>, request: Llm.LlmRequest): Promise<CallResult> {
  const provider = llm.createProvider(seat.provider, DEMO);
  let text = '';
  let usage: Contracts.TokenUsage | null = null;
  for await (const delta of provider.stream(request, new AbortController().signal)) {
    if (delta.type === 'text') text += delta.text;
    if (delta.type === 'usage') usage = delta.usage;
  }
  if (!usage) throw new Error(`No usage reported for ${request.model}`);
  return { text, usage };
}

const refOf = (seat: Seat): Llm.CouncilMemberRef => ({
  order: seat.order,
  agent: { name: seat.agent },
  model: { name: seat.model },
});

/** Each member's latest answer up to `round` (ResponsesRepository.latestOfMembers). */
function latestOf(stored: readonly Stored[], round: number): Llm.StoredMemberAnswer[] {
  const latest = new Map<number, Stored>();
  for (const entry of stored) {
    if (entry.round > round) continue;
    const current = latest.get(entry.memberOrder);
    if (!current || current.round < entry.round) latest.set(entry.memberOrder, entry);
  }
  return [...latest.values()];
}

async function runQuestion(
  question: string,
  seats: Seat[],
  showDebate: boolean,
  reasoning: boolean,
): Promise<Spend> {
  const refs = seats.map(refOf);
  const stored: Stored[] = [];
  const spend: Spend = { total: 0, answers: 0, debate: 0, consensus: 0, rounds: 0, firstAnswers: [] };
  const request = (task: Llm.LlmTask, seat: Seat, round: number, latestRound: number): Llm.LlmRequest =>
    llm.buildCouncilRequest({
      task,
      question,
      model: seat.apiModel,
      rolePrompt: seat.rolePrompt,
      maxTokens: MAX_TOKENS,
      reasoning,
      round,
      memberOrder: seat.order,
      latest: task === 'answer' ? [] : llm.latestCouncilAnswers(refs, latestOf(stored, latestRound)),
    });

  for (const seat of seats) {
    const result = await call(seat, request('answer', seat, 0, 0));
    spend.answers += result.usage.totalTokens;
    spend.firstAnswers[seat.order] = result.usage.completionTokens;
    stored.push({ memberOrder: seat.order, round: 0, response: result.text.trim(), changed: null });
  }
  if (!showDebate) return finish(spend);

  let round = 0;
  if (seats.length >= 2 && contracts.DEBATE_MAX_ROUNDS > 0) {
    for (;;) {
      round += 1;
      // Every revision of a round reads the answers of the round before.
      const revisions: Stored[] = [];
      for (const seat of seats) {
        const result = await call(seat, request('revision', seat, round, round - 1));
        spend.debate += result.usage.totalTokens;
        const revision = llm.parseRevision(result.text);
        const previous = latestOf(stored, round - 1).find((entry) => entry.memberOrder === seat.order);
        const changed =
          revision.changed ?? llm.differsFromPrevious(previous?.response ?? null, revision.answer);
        revisions.push({ memberOrder: seat.order, round, response: revision.answer, changed });
      }
      stored.push(...revisions);
      const anyChanged = revisions.some((entry) => entry.changed === true);
      if (!anyChanged || round >= contracts.DEBATE_MAX_ROUNDS) break;
    }
  }
  spend.rounds = round;

  const leader = seats[0];
  const synthesis = await call(leader, request('synthesis', leader, round, round));
  spend.consensus += synthesis.usage.totalTokens;
  if (seats.length >= 2) spend.consensus += await agreementMap(question, leader, seats, stored, round);
  return finish(spend);
}

/** The map's usage over its attempts (agreement-map.service.ts). */
async function agreementMap(
  question: string,
  leader: Seat,
  seats: Seat[],
  stored: readonly Stored[],
  round: number,
): Promise<number> {
  const latest = latestOf(stored, round);
  const members: Llm.AgreementMapMember[] = seats.flatMap((seat) => {
    const answer = latest.find((entry) => entry.memberOrder === seat.order);
    if (!answer) return [];
    const changes = stored
      .filter(
        (entry) => entry.memberOrder === seat.order && entry.changed === true && entry.round <= answer.round,
      )
      .map((entry) => entry.round);
    return [
      {
        memberOrder: seat.order,
        label: llm.memberLabel(refOf(seat)),
        answer: answer.response,
        positionChanges: changes,
      },
    ];
  });
  const context: Contracts.AgreementMapContext = {
    memberOrders: members.map((member) => member.memberOrder),
    positionChanges: Object.fromEntries(
      members.map((member) => [member.memberOrder, member.positionChanges]),
    ),
  };
  const request = llm.buildAgreementMapRequest(leader.apiModel, { question, members });
  let used = 0;
  for (let attempt = 1; attempt <= contracts.AGREEMENT_MAP_LIMITS.attempts; attempt += 1) {
    const result = await call(leader, request);
    used += result.usage.totalTokens;
    if (contracts.readAgreementReply(result.text, context).ok) break;
  }
  return used;
}

function finish(spend: Spend): Spend {
  return { ...spend, total: spend.answers + spend.debate + spend.consensus };
}

// ---------------------------------------------------------------------------------------------
// The asks
// ---------------------------------------------------------------------------------------------

interface Ask {
  kind: 'scripted' | 'card';
  question: string;
  seats: Seat[];
  showDebate: boolean;
  showReasoning: boolean;
  roles: boolean;
}

/** A question outside the demo's script, `length` characters long, in plain words. */
function longQuestion(length: number): string {
  const words =
    'How should a small team weigh the cost of running its own servers against a managed cloud service over five years, given growth, staffing and risk? ';
  return `${words
    .repeat(Math.ceil(length / words.length))
    .slice(0, length - 1)
    .trim()}?`;
}

function asks(): Ask[] {
  const questions: Array<{ kind: Ask['kind']; question: string }> = [
    ...contracts.DEMO_EXAMPLE_QUESTIONS.map((question) => ({ kind: 'scripted' as const, question })),
    ...[40, 300, 1500, 6000].map((length) => ({ kind: 'card' as const, question: longQuestion(length) })),
  ];
  const list: Ask[] = [];
  for (const [questionIndex, { kind, question }] of questions.entries()) {
    for (let size = 1; size <= 5; size += 1) {
      // Roles on every other council, independently of debate and reasoning.
      const roles = (size + questionIndex) % 2 === 1;
      for (const showDebate of [false, true]) {
        for (const showReasoning of [false, true]) {
          const seats = council(size, list.length % POOL.length, roles);
          list.push({ kind, question, seats, showDebate, showReasoning, roles });
        }
      }
    }
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// Quotes and errors
// ---------------------------------------------------------------------------------------------

type QuoteKind = 'shown' | 'catalogue';
const QUOTE_KINDS: readonly QuoteKind[] = ['shown', 'catalogue'];

interface Measured {
  ask: Ask;
  spend: Spend;
  quotes: Record<QuoteKind, Contracts.QuestionQuote>;
}

function quoteFor(ask: Ask, typical: (seat: Seat) => number): Contracts.QuestionQuote {
  return contracts.quoteQuestionTokens({
    questionLength: ask.question.trim().length,
    members: ask.seats.map((seat) => ({
      typicalOutputTokens: typical(seat),
      // What the web knows: that a member has a role, not its prompt.
      rolePromptLength: seat.rolePrompt ? contracts.QUOTE_ROLE_PROMPT_LENGTH : 0,
    })),
    showDebate: ask.showDebate,
    showReasoning: ask.showReasoning,
    answerMaxOutputTokens: MAX_TOKENS,
  });
}

interface Summary {
  asks: number;
  /** Mean absolute percentage error of the quote's typical figure. */
  mape: number;
  /** The same for the midpoint of [low, high]. */
  mapeMidpoint: number;
  inRange: number;
  below: number;
  above: number;
  /** Mean of actual / typical. */
  meanRatio: number;
  overReservation: number;
}

function summarize(rows: readonly Measured[], kind: QuoteKind): Summary {
  let absolute = 0;
  let absoluteMidpoint = 0;
  let ratio = 0;
  let inRange = 0;
  let below = 0;
  let above = 0;
  let overReservation = 0;
  for (const row of rows) {
    const quote = row.quotes[kind];
    const mid = (quote.low + quote.high) / 2;
    const actual = row.spend.total;
    absolute += Math.abs(quote.typical - actual) / actual;
    absoluteMidpoint += Math.abs(mid - actual) / actual;
    ratio += actual / quote.typical;
    if (actual < quote.low) below += 1;
    else if (actual > quote.high) above += 1;
    else inRange += 1;
    if (actual > quote.reservation) overReservation += 1;
  }
  const count = Math.max(1, rows.length);
  return {
    asks: rows.length,
    mape: (100 * absolute) / count,
    mapeMidpoint: (100 * absoluteMidpoint) / count,
    inRange: (100 * inRange) / count,
    below,
    above,
    meanRatio: ratio / count,
    overReservation,
  };
}

/** The demo's mean first answer per kind of question and voice (provider), without reasoning. */
function demoTypical(rows: readonly Measured[]): Map<string, number> {
  const sums = new Map<string, { total: number; count: number }>();
  for (const row of rows) {
    if (row.ask.showReasoning) continue;
    for (const seat of row.ask.seats) {
      const key = `${row.ask.kind}/${seat.provider}`;
      const entry = sums.get(key) ?? { total: 0, count: 0 };
      entry.total += row.spend.firstAnswers[seat.order] ?? 0;
      entry.count += 1;
      sums.set(key, entry);
    }
  }
  return new Map([...sums].map(([key, { total, count }]) => [key, Math.round(total / count)]));
}

const parts = (value: Contracts.QuoteParts): string =>
  `${value.answers} / ${value.debate} / ${value.consensus}`;

const pct = (value: number): string => `${value.toFixed(1)} %`;

function table(rows: readonly Measured[]): string {
  const groups: Array<[string, (row: Measured) => boolean]> = [
    ['all', () => true],
    [`${contracts.AGENTS_MIN}+ members (askable)`, (row) => row.ask.seats.length >= contracts.AGENTS_MIN],
    ['scripted examples', (row) => row.ask.kind === 'scripted'],
    ['other questions (demo card)', (row) => row.ask.kind === 'card'],
    ['debate off', (row) => !row.ask.showDebate],
    ['debate on', (row) => row.ask.showDebate],
    ['reasoning on', (row) => row.ask.showReasoning],
  ];
  const lines = [
    '| asks | n | quote | MAPE of typical | MAPE of midpoint | actual in [low, high] | below / above | actual ÷ typical | over reservation |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name, keep] of groups) {
    const subset = rows.filter(keep);
    for (const kind of QUOTE_KINDS) {
      const s = summarize(subset, kind);
      lines.push(
        `| ${name} | ${s.asks} | ${kind} | ${pct(s.mape)} | ${pct(s.mapeMidpoint)} | ${pct(s.inRange)} | ${s.below} / ${s.above} | ${s.meanRatio.toFixed(2)} | ${s.overReservation} |`,
      );
    }
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// The replay against the running stack
// ---------------------------------------------------------------------------------------------

interface StackCheck {
  ask: Ask;
  replay: number;
  stack: number;
}

interface CatalogueIds {
  agents: Array<{ id: number; name: string; provider: string }>;
  models: Array<{ id: number; agentId: number; name: string }>;
  roles: Array<{ id: number; name: string }>;
}

/**
 * Every `step`-th ask the product accepts (AGENTS_MIN members or more), so the sample spans kinds,
 * sizes, debate, reasoning and roles.
 */
function sample(all: readonly Measured[], count: number): Measured[] {
  const rows = all.filter((row) => row.ask.seats.length >= contracts.AGENTS_MIN);
  const step = Math.max(1, Math.floor(rows.length / Math.max(1, count)));
  return rows.filter((_, index) => index % step === Math.floor(step / 2)).slice(0, count);
}

async function askOnStack(scenario: Scenario, ids: CatalogueIds, row: Measured): Promise<StackCheck> {
  const user: ScenarioUser = await scenario.register();
  await scenario.subscribe(user, 'max');
  const agents = row.ask.seats.map((seat) => {
    const agent = ids.agents.find((entry) => entry.provider === seat.provider && entry.name === seat.agent);
    const model = ids.models.find((entry) => entry.agentId === agent?.id && entry.name === seat.model);
    const role = seat.rolePrompt
      ? catalogue.roles.find((entry) => entry.prompt === seat.rolePrompt)?.name
      : undefined;
    const roleId = role ? ids.roles.find((entry) => entry.name === role)?.id : undefined;
    if (!agent || !model) throw new Error(`${seat.agent}/${seat.model} is not in the stack's catalogue`);
    return { agentId: agent.id, modelId: model.id, order: seat.order, ...(roleId ? { roleId } : {}) };
  });
  const reply = await scenario.post(
    '/api/questions?wait=true',
    {
      question: row.ask.question,
      showDebate: row.ask.showDebate,
      showReasoning: row.ask.showReasoning,
      agents,
    },
    { cookie: user.cookie, timeoutMs: 300_000 },
  );
  if (reply.status !== 201) throw new Error(`ask answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  const questionId = (reply.body as { question: { id: number } }).question.id;
  const [stored] = await scenario.query<{ status: string; totalTokensUsed: number }>(
    'SELECT "status", "totalTokensUsed" FROM "questions" WHERE "id" = $1',
    [questionId],
  );
  if (stored?.status !== 'completed') throw new Error(`question ${questionId} ended ${stored?.status}`);
  return { ask: row.ask, replay: row.spend.total, stack: Number(stored.totalTokensUsed) };
}

async function checkAgainstStack(rows: readonly Measured[], count: number): Promise<StackCheck[]> {
  const { startScenario } = await import('../faults/lib/scenario.ts');
  const scenario = await startScenario({
    name: 'quote-error',
    // No keys: every built-in provider is answered by the demo adapter, as on a machine without any.
    workerEnv: { OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', XAI_API_KEY: '' },
  });
  try {
    const ids: CatalogueIds = {
      agents: (await scenario.get('/api/agents')).body as CatalogueIds['agents'],
      models: (await scenario.get('/api/models')).body as CatalogueIds['models'],
      roles: (await scenario.get('/api/roles')).body as CatalogueIds['roles'],
    };
    const chosen = sample(rows, count);
    const checks: StackCheck[] = [];
    // A few at a time: the demo streams at its realistic pace.
    for (let start = 0; start < chosen.length; start += 6) {
      checks.push(
        ...(await Promise.all(chosen.slice(start, start + 6).map((row) => askOnStack(scenario, ids, row)))),
      );
    }
    return checks;
  } finally {
    await scenario.cleanup();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
  const verbose = args.includes('--verbose');
  const stackIndex = args.indexOf('--stack');
  const stackCount = stackIndex >= 0 ? Number(args[stackIndex + 1] ?? '12') : 0;

  const measured: Measured[] = [];
  for (const ask of asks()) {
    const spend = await runQuestion(ask.question, ask.seats, ask.showDebate, ask.showReasoning);
    const quotes = {
      shown: quoteFor(ask, () => contracts.demoTypicalOutputTokens(ask.question)),
      catalogue: quoteFor(ask, (seat) => seat.typicalOutputTokens),
    };
    measured.push({ ask, spend, quotes });
  }
  const typical = demoTypical(measured);

  console.log(`# Quote error: ${measured.length} asks through the demo adapter\n`);
  console.log(table(measured));
  console.log(
    `\nThe demo's mean first answer in output tokens (DEMO_TYPICAL_OUTPUT_TOKENS: ${JSON.stringify(contracts.DEMO_TYPICAL_OUTPUT_TOKENS)}):`,
  );
  for (const [key, value] of typical) console.log(`  ${key}: ${value}`);
  if (verbose) {
    console.log(
      '\n| question | members | debate | reasoning | roles | rounds | actual (answers / debate / consensus) | shown low–typical–high (answers / debate / consensus at each end) | catalogue low–high |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const { ask, spend, quotes } of measured) {
      console.log(
        `| ${ask.kind} ${ask.question.length} ch | ${ask.seats.length} | ${ask.showDebate ? 'on' : 'off'} | ${ask.showReasoning ? 'on' : 'off'} | ${ask.roles ? 'yes' : 'no'} | ${spend.rounds} | ${spend.total} (${spend.answers} / ${spend.debate} / ${spend.consensus}) | ${quotes.shown.low}–${quotes.shown.typical}–${quotes.shown.high} (${parts(quotes.shown.lowParts)} – ${parts(quotes.shown.highParts)}) | ${quotes.catalogue.low}–${quotes.catalogue.high} |`,
      );
    }
  }
  let stack: StackCheck[] = [];
  if (stackCount > 0) {
    stack = await checkAgainstStack(measured, stackCount);
    const same = stack.filter((check) => check.replay === check.stack).length;
    const worst = Math.max(0, ...stack.map((check) => Math.abs(check.replay - check.stack) / check.stack));
    console.log(
      `\nReplay against the running stack: ${same} of ${stack.length} questions spent exactly what the replay counted (largest difference ${pct(100 * worst)}).`,
    );
    console.log('\n| question | members | debate | reasoning | roles | replay | stack |');
    console.log('|---|---|---|---|---|---|---|');
    for (const { ask, replay, stack: spent } of stack) {
      console.log(
        `| ${ask.kind} ${ask.question.length} ch | ${ask.seats.length} | ${ask.showDebate ? 'on' : 'off'} | ${ask.showReasoning ? 'on' : 'off'} | ${ask.roles ? 'yes' : 'no'} | ${replay} | ${spent} |`,
      );
    }
  }
  if (out) {
    const rows = measured.map(({ ask, spend, quotes }) => ({
      kind: ask.kind,
      questionLength: ask.question.length,
      members: ask.seats.map((seat) => `${seat.agent}/${seat.model}`),
      showDebate: ask.showDebate,
      showReasoning: ask.showReasoning,
      roles: ask.roles,
      spend,
      quotes,
    }));
    const summary = Object.fromEntries(QUOTE_KINDS.map((kind) => [kind, summarize(measured, kind)]));
    writeFileSync(
      out,
      `${JSON.stringify({ summary, demoTypical: Object.fromEntries(typical), rows }, null, 2)}\n`,
    );
    console.log(`\nWrote ${out}`);
  }
}

main().then(
  // The stack harness leaves timers behind; the report is out.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
