import { Module } from '@nestjs/common';
import { BillingQueuesModule } from '../queues/billing-queues.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { UsageProcessor } from './usage.processor';

@Module({ imports: [ReservationsModule, BillingQueuesModule], providers: [UsageProcessor] })
export class UsageModule {}
