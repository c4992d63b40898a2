import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { StripeModule } from '../stripe/stripe.module';
import { SubscriptionSyncService } from './subscription-sync.service';

@Module({
  imports: [LedgerModule, StripeModule],
  providers: [SubscriptionSyncService],
  exports: [SubscriptionSyncService],
})
export class SubscriptionSyncModule {}
