import { type NestExpressApplication } from '@nestjs/platform-express';
import { ClientProxyFactory, type ClientProxy, Transport } from '@nestjs/microservices';
import { BILLING_RPC, type BillingHealthReply } from '@council/contracts';
import { createServerApp, redisOptionsFromUrl } from '@council/server-kit';
import { type TestDatabase, type TestRedis, createMigratedDatabase, testRedis } from '@council/testing';
import { firstValueFrom } from 'rxjs';
import { billingApp } from '../src/app.definition';

describe('billing RPC over Redis', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let app: NestExpressApplication;
  let client: ClientProxy;

  beforeAll(async () => {
    db = await createMigratedDatabase('billing', { seed: false });
    redis = testRedis('billing');
    ({ app } = await createServerApp(billingApp, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
    }));
    await app.startAllMicroservices();
    await app.init();
    const { host, port } = redisOptionsFromUrl(redis.url);
    client = ClientProxyFactory.create({ transport: Transport.REDIS, options: { host, port } });
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await app?.close();
    await redis?.cleanup();
    await db?.drop();
  });

  it('answers the gateway and reports demo mode without a Stripe key', async () => {
    const reply = await firstValueFrom(client.send<BillingHealthReply>(BILLING_RPC.health, {}));
    expect(reply).toEqual({ status: 'ok', mode: 'demo' });
  });
});
