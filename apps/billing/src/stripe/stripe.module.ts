import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { StripeCustomersService } from './stripe-customers.service';
import { StripeObjectSource } from './stripe-object-source';
import { StripePricesService } from './stripe-prices.service';
import { StripeSdkService } from './stripe-sdk.service';

const PROVIDERS = [StripeSdkService, StripePricesService, StripeCustomersService, StripeObjectSource];

@Module({ imports: [LedgerModule], providers: PROVIDERS, exports: PROVIDERS })
export class StripeModule {}
