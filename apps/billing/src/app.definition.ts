import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { type ServerAppDefinition, redisOptionsFromUrl } from '@council/server-kit';
import { BillingModule } from './app.module';
import { BillingEnv } from './config/billing.env';

/** HTTP for health and metrics; the gateway reaches billing through RPC over Redis. */
export const billingApp: ServerAppDefinition<BillingEnv> = {
  service: 'billing',
  env: BillingEnv,
  rootModule: (config) => BillingModule.forRoot(config),
  configure: (app, config) => {
    const { host, port, username, password, db, tls } = redisOptionsFromUrl(config.REDIS_URL);
    app.connectMicroservice<MicroserviceOptions>(
      { transport: Transport.REDIS, options: { host, port, username, password, db, tls } },
      { inheritAppConfig: true },
    );
  },
};
