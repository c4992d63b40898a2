import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/checkout.module';
import { DemoModule } from '../demo/demo.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { BillingRpcController } from './billing-rpc.controller';
import { RpcAuthGuard } from './rpc-auth.guard';

@Module({
  imports: [SubscriptionsModule, CheckoutModule, WebhooksModule, ReservationsModule, DemoModule],
  controllers: [BillingRpcController],
  providers: [RpcAuthGuard],
})
export class RpcModule {}
