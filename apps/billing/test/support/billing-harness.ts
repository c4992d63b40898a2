import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { getQueueToken } from '@nestjs/bullmq';
import { type Type } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type QueueName } from '@council/contracts';
import { TokenReservationEntity, UserEntity } from '@council/db';
import { closeBullMq, createServerApp } from '@council/server-kit';
import {
  FakeStripeServer,
  type TestDatabase,
  type TestRedis,
  createMigratedDatabase,
  signStripeEvent,
  testRedis,
} from '@council/testing';
import { type Job, type Queue, QueueEvents } from 'bullmq';
import { type DataSource } from 'typeorm';
import { billingApp } from '../../src/app.definition';
import { LedgerService } from '../../src/ledger/ledger.service';
import { PRICE_LOOKUP_KEYS } from '../../src/stripe/stripe.constants';
import { WebhookIngressService } from '../../src/webhooks/webhook-ingress.service';

export const PUBLIC_URL = 'http://council.test';
export const WEBHOOK_SECRET = 'whsec_test_council_billing';

export interface HarnessOptions {
  /** Run against the fake Stripe (else demo mode). */
  stripe?: boolean;
  /** Plan prices: configured ids, or found by lookup key (the default). */
  prices?: 'env' | 'lookup';
  /** Listen on a free port, so the RPC can be called over HTTP (`url`). */
  listen?: boolean;
  /** Share another harness's database, Redis prefix and fake Stripe (a second replica). */
  replicaOf?: BillingHarness;
}

export interface BillingHarness {
  app: NestExpressApplication;
  /** http://127.0.0.1:<port> when started with `listen`, else null. */
  url: string | null;
  dataSource: DataSource;
  db: TestDatabase;
  redis: TestRedis;
  fakeStripe: FakeStripeServer | null;
  priceIds: { premium: string; max: string } | null;
  get<T>(type: Type<T>): T;
  queue(name: QueueName): Queue;
  close(): Promise<void>;
}

/** Billing in-process on its own database and Redis prefix, optionally against a fake Stripe. */
export async function startBilling(options: HarnessOptions = {}): Promise<BillingHarness> {
  const primary = options.replicaOf;
  const db = primary?.db ?? (await createMigratedDatabase('billing', { seed: true }));
  const redis = primary?.redis ?? testRedis('billing');
  const fakeStripe = primary ? primary.fakeStripe : options.stripe ? await FakeStripeServer.start() : null;
  const priceIds =
    primary?.priceIds ??
    (fakeStripe
      ? {
          premium: fakeStripe.addPrice({
            unitAmount: 2999,
            lookupKey: PRICE_LOOKUP_KEYS.premium,
            metadata: { tier: 'premium' },
          }).id,
          max: fakeStripe.addPrice({
            unitAmount: 9999,
            lookupKey: PRICE_LOOKUP_KEYS.max,
            metadata: { tier: 'max' },
          }).id,
        }
      : null);
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '20',
    ...redis.env,
    PUBLIC_URL,
    ...(fakeStripe
      ? {
          STRIPE_SECRET_KEY: 'sk_test_council',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: fakeStripe.url,
        }
      : {}),
    ...(priceIds && options.prices === 'env'
      ? { STRIPE_PRICE_PREMIUM: priceIds.premium, STRIPE_PRICE_MAX: priceIds.max }
      : {}),
  };
  const { app } = await createServerApp(billingApp, env);
  let url: string | null = null;
  if (options.listen) {
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    url = `http://127.0.0.1:${port}`;
  } else {
    await app.init();
  }
  return {
    app,
    url,
    dataSource: app.get<DataSource>(getDataSourceToken()),
    db,
    redis,
    fakeStripe,
    priceIds,
    get: <T>(type: Type<T>) => app.get(type),
    queue: (name: QueueName) => app.get<Queue>(getQueueToken(name)),
    close: async () => {
      await app.close();
      if (primary) return;
      await fakeStripe?.stop();
      await redis.cleanup();
      await db.drop();
    },
  };
}

/** The ledger invariants after a test: cached balances equal the entries, holds add up. */
export async function expectLedgerConsistent(harness: BillingHarness): Promise<void> {
  const ledger = harness.get(LedgerService);
  const users = await harness.dataSource.getRepository(UserEntity).find({ select: { id: true } });
  for (const { id } of users) {
    const check = await ledger.verifyBalance(id);
    expect({ userId: id, ...check }).toEqual({
      userId: id,
      ok: true,
      cached: check.derived,
      derived: check.derived,
    });
    expect(Math.min(check.cached.monthly, check.cached.free, check.cached.purchased)).toBeGreaterThanOrEqual(
      0,
    );
  }
  const reservations = await harness.dataSource.getRepository(TokenReservationEntity).find();
  for (const reservation of reservations) {
    const held = reservation.heldMonthly + reservation.heldFree + reservation.heldPurchased;
    expect(held + reservation.consumed + reservation.released).toBe(reservation.reserved);
  }
}

/** Signs an event as Stripe would and hands it to billing's webhook entry point. */
export function deliver(
  harness: BillingHarness,
  event: object,
  { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  const { body, signature } = signStripeEvent(event, secret, { timestamp });
  return harness
    .get(WebhookIngressService)
    .receive(Buffer.from(body).toString('base64'), 'base64', signature);
}

/** Waits until billing has processed a recorded Stripe event. */
export async function processed(harness: BillingHarness, eventId: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows: { processedAt: Date | null }[] = await harness.dataSource.query(
      `SELECT "processedAt" FROM "stripe_events" WHERE "id" = $1`,
      [eventId],
    );
    if (rows[0]?.processedAt) return;
    if (Date.now() > deadline) {
      const job = await harness.queue('billing-webhooks').getJob(`webhook-${eventId}`);
      throw new Error(
        `event ${eventId} not processed in ${timeoutMs} ms (job: ${job ? `${await job.getState()} ${job.failedReason ?? ''}` : 'none'})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for jobs of a queue to finish; resolves with each job's result or failure. */
export async function finished(
  harness: BillingHarness,
  name: QueueName,
  jobs: readonly Job[],
  timeoutMs = 15_000,
): Promise<PromiseSettledResult<unknown>[]> {
  // Read the events stream from its start: with the default ('$', new events only) a job finishing
  // between waitUntilFinished's own check and the stream's first read is never reported.
  const events = new QueueEvents(name, {
    connection: harness.redis.connection(),
    prefix: harness.redis.queuePrefix(name),
    lastEventId: '0',
  });
  try {
    await events.waitUntilReady();
    return await Promise.allSettled(jobs.map((job) => job.waitUntilFinished(events, timeoutMs)));
  } finally {
    await closeBullMq(events);
  }
}
