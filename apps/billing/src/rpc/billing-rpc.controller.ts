import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BILLING_RPC,
  BillingDemoConfirmRequest,
  BillingDemoSessionRequest,
  type BillingDemoConfirmReply,
  type BillingDemoSessionReply,
  type BillingHealthReply,
  type BillingPortalReply,
  BillingPortalRequest,
  type BillingReleaseReply,
  BillingReleaseRequest,
  type BillingReserveReply,
  BillingReserveRequest,
  type BillingSubscribeReply,
  BillingSubscribeRequest,
  BillingSubscriptionGetRequest,
  type BillingSubscriptionReply,
  type BillingTopUpReply,
  BillingTopUpRequest,
  type BillingWebhookReply,
  BillingWebhookRequest,
} from '@council/contracts';
import { CheckoutService } from '../checkout/checkout.service';
import { BillingEnv } from '../config/billing.env';
import { DemoCheckoutService } from '../demo/demo-checkout.service';
import { ReservationsService } from '../reservations/reservations.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { WebhookIngressService } from '../webhooks/webhook-ingress.service';
import { BillingRpcExceptionFilter } from './billing-rpc.filter';

/**
 * RPC entry points the gateway calls over the Redis transport (libs/contracts rpc/). Each handler
 * validates its payload (global ValidationPipe) and calls one service method; failures leave as
 * ErrorBody RpcExceptions.
 */
@Controller()
@UseFilters(BillingRpcExceptionFilter)
export class BillingRpcController {
  constructor(
    private readonly config: BillingEnv,
    private readonly subscriptions: SubscriptionsService,
    private readonly checkout: CheckoutService,
    private readonly webhooks: WebhookIngressService,
    private readonly reservations: ReservationsService,
    private readonly demo: DemoCheckoutService,
  ) {}

  @MessagePattern(BILLING_RPC.health)
  health(): BillingHealthReply {
    return { status: 'ok', mode: this.config.billingMode };
  }

  @MessagePattern(BILLING_RPC.subscriptionGet)
  subscription(@Payload() request: BillingSubscriptionGetRequest): Promise<BillingSubscriptionReply> {
    return this.subscriptions.status(request.userId);
  }

  @MessagePattern(BILLING_RPC.subscriptionGetOrCreate)
  subscribe(@Payload() request: BillingSubscribeRequest): Promise<BillingSubscribeReply> {
    return this.subscriptions.getOrCreate(request.userId, request.tier, request.requestId);
  }

  @MessagePattern(BILLING_RPC.portalCreate)
  portal(@Payload() request: BillingPortalRequest): Promise<BillingPortalReply> {
    return this.subscriptions.portal(request.userId, request.returnUrl, request.requestId, request.flow);
  }

  @MessagePattern(BILLING_RPC.topUpCreate)
  topUp(@Payload() request: BillingTopUpRequest): Promise<BillingTopUpReply> {
    return this.checkout.createTopUp(request.userId, request.packageId, request.requestId);
  }

  @MessagePattern(BILLING_RPC.webhookReceive)
  webhook(@Payload() request: BillingWebhookRequest): Promise<BillingWebhookReply> {
    return this.webhooks.receive(request.rawBody, request.encoding, request.signature);
  }

  @MessagePattern(BILLING_RPC.reserve)
  reserve(@Payload() request: BillingReserveRequest): Promise<BillingReserveReply> {
    return this.reservations.reserve(request.userId, request.questionId, request.maxTokens);
  }

  @MessagePattern(BILLING_RPC.release)
  release(@Payload() request: BillingReleaseRequest): Promise<BillingReleaseReply> {
    return this.reservations.release(request.userId, request.questionId);
  }

  @MessagePattern(BILLING_RPC.demoGet)
  demoGet(@Payload() request: BillingDemoSessionRequest): Promise<BillingDemoSessionReply> {
    return this.demo.get(request.id, request.userId);
  }

  @MessagePattern(BILLING_RPC.demoConfirm)
  demoConfirm(@Payload() request: BillingDemoConfirmRequest): Promise<BillingDemoConfirmReply> {
    return this.demo.confirm(request.id, request.userId, request.action);
  }
}
