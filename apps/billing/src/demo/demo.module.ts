import { Module } from '@nestjs/common';
import { StripeModule } from '../stripe/stripe.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { DemoCheckoutService } from './demo-checkout.service';
import { DemoObjectSource } from './demo-object-source';
import { DemoPurchasesService } from './demo-purchases.service';
import { DemoStore } from './demo.store';

@Module({
  imports: [StripeModule, WebhooksModule],
  providers: [DemoStore, DemoObjectSource, DemoCheckoutService, DemoPurchasesService],
  exports: [DemoCheckoutService, DemoPurchasesService],
})
export class DemoModule {}
