// Property-based fuzzing of the public edge: every operation of the gateway's OpenAPI document and
// every socket event, with bodies, parameters, query strings and headers generated from the
// document and the contract DTOs, mixed with a corpus of hostile values (deep nesting, lying
// Content-Encodings, U+0000, lone surrogates, huge numbers, wrong types, huge strings). Whatever
// arrives, the gateway must answer below 500 with `{ statusCode, code, message }`, acknowledge
// socket events cleanly, and a refused request must write no row (a trigger on every table counts
// writes). The real billing process answers the gateway's RPC, on a seeded database and a private Redis.
//
// Bounded in time (FUZZ_TIME_MS, default 35 s for HTTP plus a fifth of it for the socket) and
// reproducible: the seed is printed, and FUZZ_SEED=<seed> replays the same inputs.

import { request as httpRequest, Agent, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import * as contracts from '@council/contracts';
import { type ErrorBody, type QuestionSubscribeAck, SOCKET_NAMESPACE, isErrorBody } from '@council/contracts';
import {
  type CouncilClientSocket,
  type TestDatabase,
  createMigratedDatabase,
  openCouncilSocket,
  socketConnected,
} from '@council/testing';
import { getMetadataStorage } from 'class-validator';
import fc from 'fast-check';
import { type TestGateway, nextIp, sessionCookieOf, startTestGateway } from './accounts.helpers';
import {
  type BillingProcess,
  type IsolatedRedis,
  buildBilling,
  isolatedRedis,
  startBillingProcess,
} from './billing.helpers';

const PUBLIC_URL = 'http://council.test';
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;
const HTTP_TIME_MS = Number(process.env.FUZZ_TIME_MS ?? 35_000);
const SOCKET_TIME_MS = Math.round(HTTP_TIME_MS / 5);
const PASSWORD = 'correct horse battery';

// ---------------------------------------------------------------------------------------------
// Values: JSON trees that may hold raw fragments (deep nesting, numbers JSON.stringify cannot write)
// ---------------------------------------------------------------------------------------------

/** A piece of JSON text placed as-is: `{"a":` 3,000 levels deep, 1e400, a 20-digit integer. */
class Raw {
  constructor(readonly text: string) {}
}

type Tree = Raw | null | boolean | number | string | Tree[] | { [key: string]: Tree };

function toJson(value: Tree): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, child]) => `${JSON.stringify(key)}:${toJson(child)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const deep = (depth: number, open = '{"a":', close = '}'): Raw =>
  new Raw(`${open.repeat(depth)}1${close.repeat(depth)}`);

/** The probe's corpus, and its relatives. */
const hostileValue: fc.Arbitrary<Tree> = fc.oneof(
  fc.integer({ min: 33, max: 5000 }).map((depth) => deep(depth)),
  fc.integer({ min: 33, max: 5000 }).map((depth) => deep(depth, '[', ']')),
  fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`),
  fc.constantFrom('\u0000', '\ud800', '\udfff', 'x\ud800y', '\udc00\ud800', 'ok\u0000@example.com'),
  fc.constantFrom<Tree>(
    2_147_483_648,
    -2_147_483_649,
    1e20,
    Number.MAX_SAFE_INTEGER + 2,
    -1,
    0,
    1.5,
    new Raw('1e400'),
    new Raw('-1e400'),
    new Raw('123456789012345678901234567890'),
  ),
  fc.constantFrom<Tree>(null, true, false, [], {}, '', ' ', '1', 'true', [null], { __proto__: 1 } as Tree),
  fc.integer({ min: 1000, max: 300_000 }).map((length) => 'x'.repeat(length)),
  // Past the 1 MB body cap (413) and Socket.IO's packet cap; rarer, being slow to send.
  fc.integer({ min: 0, max: 9 }).map((roll) => (roll === 0 ? new Raw(`"${'y'.repeat(1_100_000)}"`) : '')),
  fc.constantFrom(
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '${7*7}',
    '😀'.repeat(50),
  ),
);

// ---------------------------------------------------------------------------------------------
// Bodies from the contract DTOs (class-validator metadata) or the document's inline schemas
// ---------------------------------------------------------------------------------------------

interface FieldSpec {
  name: string;
  constraints: Set<string>;
  allowed?: readonly string[];
}

function dtoFields(dtoClass: new () => object): FieldSpec[] {
  const fields = new Map<string, FieldSpec>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(dtoClass, '', true, false)) {
    const field = fields.get(meta.propertyName) ?? {
      name: meta.propertyName,
      constraints: new Set<string>(),
    };
    field.constraints.add(meta.name ?? meta.type);
    if (meta.name === 'isIn' && Array.isArray(meta.constraints?.[0])) {
      field.allowed = meta.constraints[0] as string[];
    }
    fields.set(meta.propertyName, field);
  }
  return [...fields.values()];
}

interface JsonSchema {
  $ref?: string;
  type?: string;
  enum?: string[];
  properties?: Record<string, JsonSchema>;
  format?: string;
}

function schemaFields(schema: JsonSchema): FieldSpec[] {
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    constraints: new Set([
      property.enum ? 'isIn' : property.format === 'uri' ? 'isUrl' : `is:${property.type}`,
    ]),
    allowed: property.enum,
  }));
}

const memberArb: fc.Arbitrary<Tree> = fc.record({
  agentId: fc.integer({ min: 1, max: 40 }),
  modelId: fc.integer({ min: 1, max: 80 }),
  roleId: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
  order: fc.integer({ min: 0, max: 10 }),
});

function plausible(field: FieldSpec): fc.Arbitrary<Tree> {
  const has = (name: string) => field.constraints.has(name);
  if (field.allowed) return fc.constantFrom(...field.allowed);
  if (has('isEmail') || /email/i.test(field.name)) {
    return fc.oneof(fc.emailAddress(), fc.constantFrom('someone@example.com', 'not-an-email'));
  }
  if (/password/i.test(field.name)) return fc.constantFrom(PASSWORD, 'short', 'p'.repeat(101), 'secret123');
  if (has('isBoolean') || has('is:boolean')) return fc.boolean();
  if (has('isInt') || has('is:integer') || has('is:number')) return fc.integer({ min: -3, max: 60 });
  if (has('isArray') || has('nestedValidation')) return fc.array(memberArb, { maxLength: 11 });
  if (has('isUrl'))
    return fc.oneof(fc.webUrl(), fc.constantFrom(`${PUBLIC_URL}/subscription`, '/subscription'));
  return fc.oneof(
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.constantFrom('Why is the sky blue?', 'fuzz_user', 'A title', 'never', 'tokens_50k'),
  );
}

function bodyFor(fields: FieldSpec[]): fc.Arbitrary<Tree> {
  const valueOf = (field: FieldSpec) =>
    fc.oneof({ weight: 4, arbitrary: plausible(field) }, { weight: 1, arbitrary: hostileValue });
  const record = fc.record(Object.fromEntries(fields.map((field) => [field.name, valueOf(field)])), {
    requiredKeys: [],
  }) as fc.Arbitrary<{ [key: string]: Tree }>;
  return fc.oneof(
    { weight: 6, arbitrary: record },
    {
      weight: 1,
      arbitrary: fc
        .tuple(record, fc.string({ minLength: 1, maxLength: 12 }), hostileValue)
        .map(([body, key, value]) => ({ ...body, [key]: value })),
    },
    { weight: 2, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Tree> },
  );
}

// ---------------------------------------------------------------------------------------------
// Transport: media types, encodings, raw bytes
// ---------------------------------------------------------------------------------------------

interface Transport {
  contentType: string | undefined;
  encoding: string | undefined;
  /** Compress the bytes as the encoding says (else the header lies). */
  honest: boolean;
  /** Replace the serialized body by these bytes. */
  raw: Buffer | undefined;
}

const transportArb: fc.Arbitrary<Transport> = fc.record({
  contentType: fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        undefined,
        'application/json; charset=utf-8',
        'APPLICATION/JSON',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/x-www-form-urlencoded',
        'text/plain',
        'text/plain;charset=UTF-8',
        'multipart/form-data; boundary=x',
        'application/vnd.api+json',
        'application/json, text/plain',
        '',
        ';;;',
      ),
    },
  ),
  encoding: fc.oneof(
    { weight: 10, arbitrary: fc.constant(undefined) },
    {
      weight: 3,
      arbitrary: fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'zstd', 'x-snappy', 'gzip, br'),
    },
  ),
  honest: fc.boolean(),
  raw: fc.oneof(
    { weight: 12, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        Buffer.from('{"username":'),
        Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
        Buffer.from('{"question":"\\ud800"}'),
        Buffer.from('question=%00&x=1'),
        Buffer.from('{"a":1}{"b":2}'),
        Buffer.from('"just a string"'),
        Buffer.from('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'),
        Buffer.alloc(0),
      ),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
  ),
});

function encode(bytes: Buffer, transport: Transport): Buffer {
  if (!transport.honest) return bytes;
  switch (transport.encoding) {
    case 'gzip':
      return gzipSync(bytes);
    case 'br':
      return brotliCompressSync(bytes);
    case 'deflate':
      return deflateSync(bytes);
    default:
      return bytes;
  }
}

// ---------------------------------------------------------------------------------------------
// Path and query values, already percent-encoded (some deliberately not valid UTF-8)
// ---------------------------------------------------------------------------------------------

const rawSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%E0%A4%A',
    '%FF',
    '%C0%80',
    '..',
    '%2e%2e',
    '%2F',
    '-1',
    '0',
    '1e3',
    '2147483648',
    '99999999999999999999',
    '0x10',
    'null',
    '%20',
  ),
  fc.string({ maxLength: 30 }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
  fc.integer({ min: 1, max: 3000 }).map((length) => 'z'.repeat(length)),
);

const queryValue: fc.Arbitrary<string> = fc.oneof(
  rawSegment,
  fc.constantFrom('true', 'false', '1', '20', '101', '10abc'),
  fc
    .record({
      year: fc.integer({ min: 0, max: 10_000 }),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
      hour: fc.integer({ min: 0, max: 25 }),
      id: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant(2_147_483_648)),
    })
    .map(({ year, month, day, hour, id }) => {
      const pad = (value: number, width = 2) => String(value).padStart(width, '0');
      const time = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:00:00.000000Z`;
      return Buffer.from(`${time}|${id}`).toString('base64url');
    }),
);

// ---------------------------------------------------------------------------------------------
// HTTP without a client library in between: every header and byte exactly as generated
// ---------------------------------------------------------------------------------------------

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': String(body.length) },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

interface Operation {
  method: string;
  template: string;
  queryNames: string[];
  body: fc.Arbitrary<Tree> | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const exports = contracts as unknown as Record<string, unknown>;
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      let fields: FieldSpec[] | null = null;
      if (schema?.$ref) {
        const dto = exports[schema.$ref.split('/').pop() ?? ''];
        if (typeof dto !== 'function') throw new Error(`no contracts class for ${schema.$ref}`);
        fields = dtoFields(dto as new () => object);
      } else if (schema) {
        fields = schemaFields(schema);
      }
      return {
        method: method.toUpperCase(),
        template,
        queryNames: (operation.parameters ?? [])
          .filter((param) => param.in === 'query')
          .map((param) => param.name),
        // Every POST gets a body, declared or not: a route must refuse what it does not read.
        body: fields ? bodyFor(fields) : method === 'post' ? bodyFor([]) : null,
      };
    }),
  );
}

describe('fuzz: hostile input over every route and socket event (gateway, billing, PostgreSQL, Redis)', () => {
  let db: TestDatabase;
  let redis: IsolatedRedis;
  let billing: BillingProcess;
  let gw: TestGateway;
  let port: number;
  let cookie: string;
  let questionId: number;
  let shareId: string;
  let operations: Operation[];
  const username = 'fuzz_owner';

  const writes = async (): Promise<number> => {
    const [row] = await gw.sql<{ last: string }>(
      'SELECT coalesce(max("id"), 0) AS "last" FROM "fuzz_writes"',
    );
    return Number(row?.last);
  };

  const signIn = async (): Promise<string> => {
    const res = await send(
      port,
      'POST',
      '/api/login',
      { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
      Buffer.from(JSON.stringify({ username, password: PASSWORD })),
    );
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
    return sessionCookieOf({ headers: res.headers } as Parameters<typeof sessionCookieOf>[0]);
  };

  beforeAll(async () => {
    process.stdout.write(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}); ${HTTP_TIME_MS} ms of HTTP\n`);
    buildBilling();
    db = await createMigratedDatabase('gwfuzz', { seed: true });
    redis = await isolatedRedis('gwfuzz');
    billing = await startBillingProcess({
      NODE_ENV: 'test',
      LOG_LEVEL: 'fatal',
      DATABASE_URL: db.url,
      ...redis.env,
      PUBLIC_URL,
    });
    gw = await startTestGateway(
      'gwfuzz',
      {
        PUBLIC_URL,
        TRUST_PROXY: 'loopback',
        BILLING_RPC_TIMEOUT_MS: '5000',
        BILLING_URL: billing.url,
        QUESTION_WAIT_TIMEOUT_MS: '1000',
      },
      { db, redis },
    );
    // Every row any table gains, loses or changes is counted here, whoever writes it.
    await gw.sql(
      `CREATE TABLE "fuzz_writes" ("id" bigserial PRIMARY KEY, "tbl" text NOT NULL, "op" text NOT NULL)`,
    );
    await gw.sql(`CREATE FUNCTION fuzz_record() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO "fuzz_writes" ("tbl", "op") VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`);
    const tables = await gw.sql<{ name: string }>(
      `SELECT tablename AS "name" FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'fuzz_writes'`,
    );
    for (const { name } of tables) {
      await gw.sql(
        `CREATE TRIGGER "fuzz_audit" AFTER INSERT OR UPDATE OR DELETE ON "${name}"
           FOR EACH ROW EXECUTE FUNCTION fuzz_record()`,
      );
    }
    const server = gw.app.getHttpServer() as Server;
    await gw.app.listen(0, '127.0.0.1');
    port = (server.address() as AddressInfo).port;

    const registered = await send(
      port,
      'POST',
      '/api/register',
      { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
      Buffer.from(JSON.stringify({ username, password: PASSWORD, email: 'fuzz@example.com' })),
    );
    expect(registered.status).toBe(201);
    cookie = await signIn();
    const asked = await send(
      port,
      'POST',
      '/api/questions',
      { 'Content-Type': 'application/json', Cookie: cookie },
      Buffer.from(JSON.stringify({ question: 'What does a fuzzer find?' })),
    );
    expect(asked.status).toBe(201);
    questionId = (JSON.parse(asked.text) as { question: { id: number } }).question.id;
    const shared = await send(
      port,
      'POST',
      `/api/questions/${questionId}/share`,
      { 'Content-Type': 'application/json', Cookie: cookie },
      Buffer.from('{}'),
    );
    expect(shared.status).toBe(200);
    shareId = (JSON.parse(shared.text) as { shareId: string }).shareId;

    const docs = await send(port, 'GET', '/api/docs-json', {}, undefined);
    operations = operationsOf(JSON.parse(docs.text) as OpenApiDocument);
    expect(operations.length).toBeGreaterThanOrEqual(30);
  }, 300_000);

  afterAll(async () => {
    agent.destroy();
    await billing?.stop();
    await gw?.close();
    await redis?.cleanup();
    await db?.drop();
  });

  const errorProblem = (reply: Reply): string | null => {
    if (reply.status >= 500) return `answered ${reply.status}`;
    if (reply.status < 400) return null;
    let body: unknown;
    try {
      body = JSON.parse(reply.text);
    } catch {
      return `a ${reply.status} without a JSON body: ${reply.text.slice(0, 200)}`;
    }
    if (!isErrorBody(body)) return `a ${reply.status} without { statusCode, code, message }`;
    const { statusCode, message } = body as ErrorBody;
    if (statusCode !== reply.status) return `statusCode ${statusCode} in a ${reply.status}`;
    if (message.trim() === '') return 'an empty message';
    if (
      Object.keys(body as object)
        .sort()
        .join() !== 'code,message,statusCode'
    )
      return 'extra fields in the error';
    return null;
  };

  it(
    'answers every generated request below 500, with a clear error body, and writes nothing when it refuses',
    async () => {
      const requestArb = fc.record({
        operation: fc.integer({ min: 0, max: operations.length - 1 }),
        params: fc.array(
          fc.oneof(
            { weight: 3, arbitrary: fc.constant('__own__') },
            { weight: 1, arbitrary: fc.integer({ min: 1, max: 3_000_000_000 }).map(String) },
            { weight: 3, arbitrary: rawSegment },
          ),
          { minLength: 2, maxLength: 2 },
        ),
        query: fc.array(fc.tuple(fc.oneof(fc.constant('__declared__'), rawSegment), queryValue), {
          maxLength: 4,
        }),
        body: fc.integer({ min: 0, max: 1_000_000 }),
        transport: transportArb,
        signedIn: fc.boolean(),
        origin: fc.constantFrom(undefined, undefined, undefined, PUBLIC_URL, 'https://evil.example', 'null'),
        stripeSignature: fc.option(fc.string({ maxLength: 80 }), { nil: undefined }),
        seedForBody: fc.integer(),
      });

      let runs = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestArb, async (generated) => {
          const operation = operations[generated.operation]!;
          let paramIndex = 0;
          const path = operation.template.replace(/\{(\w+)\}/g, (_match, name: string) => {
            const choice = generated.params[paramIndex++ % generated.params.length]!;
            if (choice !== '__own__') return choice;
            if (name === 'shareId') return shareId;
            if (name === 'id' && operation.template.startsWith('/api/billing/demo')) return 'cs_demo_unknown';
            return String(questionId);
          });
          const query = generated.query
            .map(([key, value], index) => {
              const name =
                key === '__declared__'
                  ? (operation.queryNames[index % Math.max(1, operation.queryNames.length)] ?? 'x')
                  : key;
              return `${name}=${value}`;
            })
            .join('&');
          const headers: Record<string, string> = { 'X-Forwarded-For': nextIp(), Accept: 'application/json' };
          // Logging out with the shared session would sign every later request out.
          const useCookie = generated.signedIn && !operation.template.startsWith('/api/logout');
          if (useCookie) headers.Cookie = cookie;
          if (generated.origin) headers.Origin = generated.origin;
          if (generated.stripeSignature !== undefined)
            headers['Stripe-Signature'] = generated.stripeSignature;
          let body: Buffer | undefined;
          if (operation.body) {
            const [value] = fc.sample(operation.body, { seed: generated.seedForBody, numRuns: 1 });
            body = encode(generated.transport.raw ?? Buffer.from(toJson(value as Tree)), generated.transport);
            if (generated.transport.contentType !== undefined)
              headers['Content-Type'] = generated.transport.contentType;
            if (generated.transport.encoding !== undefined)
              headers['Content-Encoding'] = generated.transport.encoding;
          }
          const target = query ? `${path}?${query}` : path;
          // Some generated requests end the shared session (a register or login under its cookie
          // starts a new one): sign in again now and then, so signed-in routes stay reachable.
          if (runs % 100 === 99) {
            const user = await send(port, 'GET', '/api/user', { Cookie: cookie }, undefined);
            if (user.status === 401) cookie = await signIn();
          }
          const before = await writes();
          const reply = await send(port, operation.method, target, headers, body);
          const after = await writes();
          runs += 1;
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          const problem =
            errorProblem(reply) ??
            (reply.status >= 400 && after !== before
              ? `a refused request wrote ${after - before} row(s): ${JSON.stringify(
                  await gw.sql('SELECT "tbl", "op" FROM "fuzz_writes" WHERE "id" > $1', [before]),
                )}`
              : null);
          if (problem) {
            throw new Error(
              `${operation.method} ${target.slice(0, 300)} (${JSON.stringify(headers)}; body ${
                body ? `${body.length} bytes: ${body.subarray(0, 200).toString()}` : 'none'
              }): ${problem}; answer: ${reply.text.slice(0, 300)}`,
            );
          }
        }),
        {
          seed: SEED,
          numRuns: 1_000_000,
          endOnFailure: true,
          plugins: [fc.interruptAfterTimeLimit(HTTP_TIME_MS)],
        },
      );
      process.stdout.write(
        `fuzz: ${runs} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`,
      );
      expect(runs).toBeGreaterThan(100);
      expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    },
    HTTP_TIME_MS + 120_000,
  );

  it(
    'acknowledges every generated socket event cleanly, never INTERNAL',
    async () => {
      cookie = await signIn();
      let socket: CouncilClientSocket | null = null;
      let sent = 0;
      let nextAck = 1;
      const pending = new Map<number, (reply: unknown) => void>();
      const fresh = async (): Promise<CouncilClientSocket> => {
        socket?.disconnect();
        const next = openCouncilSocket(`http://127.0.0.1:${port}`, { Cookie: cookie, Origin: PUBLIC_URL });
        await socketConnected(next);
        // Acknowledgements of the raw packets below: "3/council,<id>[reply]".
        next.io.engine.on('message', (data: unknown) => {
          const match = /^3\/council,(\d+)(.*)$/s.exec(String(data));
          if (!match) return;
          const [reply] = JSON.parse(match[2]!) as unknown[];
          pending.get(Number(match[1]))?.(reply);
          pending.delete(Number(match[1]));
        });
        sent = 0;
        return next;
      };
      /**
       * Writes the Socket.IO event packet itself ("2/council,<ack id>[event, payload]"), so the payload
       * crosses as the generated JSON text: the client library's encoder would itself overflow on
       * deep nesting, which is no test of the server.
       */
      const emitRaw = (target: CouncilClientSocket, event: string, payload: string): Promise<unknown> => {
        const id = nextAck++;
        const reply = new Promise<unknown>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no acknowledgement of ${event} in 5 s`)), 5000);
          pending.set(id, (value) => {
            clearTimeout(timer);
            resolve(value);
          });
        });
        target.io.engine.write(`2${SOCKET_NAMESPACE},${id}[${JSON.stringify(event)},${payload}]`);
        return reply;
      };
      const payloadArb: fc.Arbitrary<Tree> = fc.oneof(
        fc.record(
          {
            questionId: fc.oneof(
              fc.constant(0).map(() => questionId),
              fc.integer({ min: -5, max: 100 }),
              fc.constantFrom<Tree>(2_147_483_648, 1e20, 1.5, '1', null, new Raw('1e400')),
              hostileValue,
            ),
            lastEntryId: fc.oneof(
              fc.constantFrom<Tree>(
                '0-0',
                '1-1',
                '18446744073709551615-18446744073709551615',
                '18446744073709551616-0',
                '99999999999999999999-99999999999999999999',
                '$',
                '+',
                '-',
                '>',
                '1-',
              ),
              hostileValue,
            ),
          },
          { requiredKeys: [] },
        ),
        hostileValue,
      );
      let acks = 0;
      let oversized = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('question:subscribe', 'question:unsubscribe', 'question:delete'),
          payloadArb,
          async (event, payload) => {
            if (!socket?.connected || sent >= 25) socket = await fresh();
            sent += 1;
            const text = toJson(payload);
            // Socket.IO's own cap (maxHttpBufferSize, 1 MB): the server closes such a connection.
            if (text.length > 1_000_000) {
              const closed = new Promise<void>((resolve) => socket?.once('disconnect', () => resolve()));
              socket.io.engine.write(`2${SOCKET_NAMESPACE},[${JSON.stringify(event)},${text}]`);
              await closed;
              oversized += 1;
              return;
            }
            if (event !== 'question:subscribe') {
              // No acknowledgement is promised: the server must simply stay up and keep the socket.
              socket.io.engine.write(`2${SOCKET_NAMESPACE},[${JSON.stringify(event)},${text}]`);
              return;
            }
            const ack = (await emitRaw(socket, event, text)) as QuestionSubscribeAck;
            acks += 1;
            const clean =
              ack.ok === true
                ? typeof ack.status === 'string'
                : contracts.isErrorCode(ack.code) && ack.code !== 'INTERNAL' && ack.message.trim() !== '';
            if (!clean) throw new Error(`question:subscribe ${text.slice(0, 300)}: ${JSON.stringify(ack)}`);
          },
        ),
        {
          seed: SEED,
          numRuns: 1_000_000,
          endOnFailure: true,
          plugins: [fc.interruptAfterTimeLimit(SOCKET_TIME_MS)],
        },
      );
      (socket as CouncilClientSocket | null)?.disconnect();
      process.stdout.write(`fuzz: ${acks} socket acknowledgements, ${oversized} oversized packets refused\n`);
      expect(acks).toBeGreaterThan(10);
    },
    SOCKET_TIME_MS + 60_000,
  );
});
