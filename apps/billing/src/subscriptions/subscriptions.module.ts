import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/checkout.module';
import { DemoModule } from '../demo/demo.module';
import { StripeModule } from '../stripe/stripe.module';
import { SubscriptionSyncModule } from './subscription-sync.module';
import { SubscriptionsService } from './subscriptions.service';

@Module({
  imports: [StripeModule, CheckoutModule, DemoModule, SubscriptionSyncModule],
  providers: [SubscriptionsService],
  exports: [SubscriptionsService],
})
export class SubscriptionsModule {}
