import { PrefixedServerRedis, type ServerAppDefinition, redisOptionsFromUrl } from '@council/server-kit';
import { BillingModule } from './app.module';
import { BillingEnv } from './config/billing.env';

/** HTTP for health and metrics; the gateway reaches billing through RPC over Redis. */
export const billingApp: ServerAppDefinition<BillingEnv> = {
  service: 'billing',
  env: BillingEnv,
  rootModule: (config) => BillingModule.forRoot(config),
  configure: (app, config) => {
    const { host, port, username, password, db, tls } = redisOptionsFromUrl(config.REDIS_URL);
    // Channels carry REDIS_PREFIX; without retries Nest's Redis server never resubscribes after an
    // outage, while /health (another connection) recovers: billing would look healthy and answer nothing.
    const strategy = new PrefixedServerRedis(config.REDIS_PREFIX, {
      host,
      port,
      username,
      password,
      db,
      tls,
      retryAttempts: Number.MAX_SAFE_INTEGER,
      retryDelay: 1000,
    });
    app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  },
};
