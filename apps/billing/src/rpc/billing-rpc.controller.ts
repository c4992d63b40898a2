import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  BILLING_RPC,
  BILLING_RPC_PATH_PREFIX,
  BillingDemoConfirmRequest,
  BillingDemoDisputeRequest,
  type BillingDemoPurchaseReply,
  type BillingDemoPurchasesReply,
  BillingDemoPurchasesRequest,
  BillingDemoRefundRequest,
  BillingDemoSessionRequest,
  type BillingDemoConfirmReply,
  type BillingDemoSessionReply,
  BillingHealthRequest,
  type BillingHoldReply,
  BillingHoldTopUpRequest,
  BillingHoldTrimRequest,
  type BillingHealthReply,
  type BillingPortalReply,
  BillingPortalRequest,
  type BillingReleaseReply,
  BillingReleaseRequest,
  type BillingReserveReply,
  BillingReserveRequest,
  type BillingRpcHandlers,
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
import { DemoPurchasesService } from '../demo/demo-purchases.service';
import { HoldSizeService } from '../reservations/hold-size.service';
import { ReservationsService } from '../reservations/reservations.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { WebhookIngressService } from '../webhooks/webhook-ingress.service';
import { RpcAuthGuard } from './rpc-auth.guard';

/**
 * The RPC the gateway calls (libs/contracts rpc/): `POST /rpc/<call>` with the call's request as
 * JSON, through the Service, so exactly one replica handles each request. Each handler's body is
 * validated by the global ValidationPipe (400) and it calls one service method; failures leave
 * through the global filter as `{ statusCode, code, message }` with that status.
 */
@ApiExcludeController()
@Controller(BILLING_RPC_PATH_PREFIX)
@UseGuards(RpcAuthGuard)
export class BillingRpcController implements BillingRpcHandlers {
  constructor(
    private readonly config: BillingEnv,
    private readonly subscriptions: SubscriptionsService,
    private readonly checkout: CheckoutService,
    private readonly webhooks: WebhookIngressService,
    private readonly reservations: ReservationsService,
    private readonly holds: HoldSizeService,
    private readonly demo: DemoCheckoutService,
    private readonly purchases: DemoPurchasesService,
  ) {}

  @Post(BILLING_RPC.health)
  @HttpCode(HttpStatus.OK)
  health(@Body() _request: BillingHealthRequest): BillingHealthReply {
    return { status: 'ok', mode: this.config.billingMode };
  }

  @Post(BILLING_RPC.subscriptionGet)
  @HttpCode(HttpStatus.OK)
  subscriptionGet(@Body() request: BillingSubscriptionGetRequest): Promise<BillingSubscriptionReply> {
    return this.subscriptions.status(request.userId);
  }

  @Post(BILLING_RPC.subscriptionGetOrCreate)
  @HttpCode(HttpStatus.OK)
  subscriptionGetOrCreate(@Body() request: BillingSubscribeRequest): Promise<BillingSubscribeReply> {
    return this.subscriptions.getOrCreate(request.userId, request.tier, request.requestId);
  }

  @Post(BILLING_RPC.portalCreate)
  @HttpCode(HttpStatus.OK)
  portalCreate(@Body() request: BillingPortalRequest): Promise<BillingPortalReply> {
    return this.subscriptions.portal(request.userId, request.returnUrl, request.requestId, request.flow);
  }

  @Post(BILLING_RPC.topUpCreate)
  @HttpCode(HttpStatus.OK)
  topUpCreate(@Body() request: BillingTopUpRequest): Promise<BillingTopUpReply> {
    return this.checkout.createTopUp(request.userId, request.packageId, request.requestId);
  }

  @Post(BILLING_RPC.webhookReceive)
  @HttpCode(HttpStatus.OK)
  webhookReceive(@Body() request: BillingWebhookRequest): Promise<BillingWebhookReply> {
    return this.webhooks.receive(request.rawBody, request.encoding, request.signature);
  }

  @Post(BILLING_RPC.reserve)
  @HttpCode(HttpStatus.OK)
  reserve(@Body() request: BillingReserveRequest): Promise<BillingReserveReply> {
    return this.reservations.reserve(
      request.userId,
      request.questionId,
      request.maxTokens,
      request.capped,
      request.pauseHold ?? null,
    );
  }

  @Post(BILLING_RPC.holdTopUp)
  @HttpCode(HttpStatus.OK)
  holdTopUp(@Body() request: BillingHoldTopUpRequest): Promise<BillingHoldReply> {
    return this.holds.topUp(request.userId, request.questionId, request.tokens, request.key);
  }

  @Post(BILLING_RPC.holdTrim)
  @HttpCode(HttpStatus.OK)
  holdTrim(@Body() request: BillingHoldTrimRequest): Promise<BillingHoldReply> {
    return this.holds.trim(request.userId, request.questionId, request.afterRound);
  }

  @Post(BILLING_RPC.release)
  @HttpCode(HttpStatus.OK)
  release(@Body() request: BillingReleaseRequest): Promise<BillingReleaseReply> {
    return this.reservations.release(request.userId, request.questionId);
  }

  @Post(BILLING_RPC.demoGet)
  @HttpCode(HttpStatus.OK)
  demoGet(@Body() request: BillingDemoSessionRequest): Promise<BillingDemoSessionReply> {
    return this.demo.get(request.id, request.userId);
  }

  @Post(BILLING_RPC.demoConfirm)
  @HttpCode(HttpStatus.OK)
  demoConfirm(@Body() request: BillingDemoConfirmRequest): Promise<BillingDemoConfirmReply> {
    return this.demo.confirm(request.id, request.userId, request.action);
  }

  @Post(BILLING_RPC.demoPurchases)
  @HttpCode(HttpStatus.OK)
  demoPurchases(@Body() request: BillingDemoPurchasesRequest): Promise<BillingDemoPurchasesReply> {
    return this.purchases.list(request.userId);
  }

  @Post(BILLING_RPC.demoRefund)
  @HttpCode(HttpStatus.OK)
  demoRefund(@Body() request: BillingDemoRefundRequest): Promise<BillingDemoPurchaseReply> {
    return this.purchases.refund(request.userId, request.id, request.amountPence);
  }

  @Post(BILLING_RPC.demoDispute)
  @HttpCode(HttpStatus.OK)
  demoDispute(@Body() request: BillingDemoDisputeRequest): Promise<BillingDemoPurchaseReply> {
    return this.purchases.dispute(request.userId, request.id, request.outcome);
  }
}
