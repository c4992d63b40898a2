import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { BILLING_RPC, type BillingHealthReply } from '@council/contracts';
import { BillingEnv } from '../config/billing.env';

/** RPC entry points the gateway calls over the Redis transport. */
@Controller()
export class BillingRpcController {
  constructor(private readonly config: BillingEnv) {}

  @MessagePattern(BILLING_RPC.health)
  health(): BillingHealthReply {
    return { status: 'ok', mode: this.config.billingMode };
  }
}
