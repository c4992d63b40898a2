import { type DynamicModule, Module } from '@nestjs/common';
import { coreImports } from '@council/server-kit';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { CouncilStreamModule } from './council-stream/council-stream.module';
import { type GatewayEnv } from './config/gateway.env';
import { OAuthModule } from './oauth/oauth.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { QuestionsModule } from './questions/questions.module';
import { QueuesModule } from './queues/queues.module';
import { SupportModule } from './support/support.module';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayEnv): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        // PORT is public: metrics only on METRICS_PORT, never beside the API.
        ...coreImports('gateway', config, { metricsOnAppPort: false }),
        QueuesModule,
        CatalogueModule,
        SupportModule,
        AuthModule,
        PasswordResetModule,
        OAuthModule,
        BillingModule,
        QuestionsModule,
        CouncilStreamModule,
      ],
    };
  }
}
