// Each billing RPC call's request and reply, so both ends compile against one map: the gateway's
// client sends `BillingRpcCalls[P]['request']` and reads `['reply']`; billing's controller
// implements BillingRpcHandlers, one method per BILLING_RPC key.

import { type BILLING_RPC, type BillingHealthReply } from './billing-rpc.constants';
import {
  type BillingDemoConfirmReply,
  type BillingDemoPurchaseReply,
  type BillingDemoPurchasesReply,
  type BillingDemoSessionReply,
  type BillingHoldReply,
  type BillingPortalReply,
  type BillingReleaseReply,
  type BillingReserveReply,
  type BillingSubscribeReply,
  type BillingSubscriptionReply,
  type BillingTopUpReply,
  type BillingWebhookReply,
} from './billing-rpc.replies';
import {
  type BillingDemoConfirmRequest,
  type BillingDemoDisputeRequest,
  type BillingDemoPurchasesRequest,
  type BillingDemoRefundRequest,
  type BillingDemoSessionRequest,
  type BillingHealthRequest,
  type BillingHoldTopUpRequest,
  type BillingHoldTrimRequest,
  type BillingPortalRequest,
  type BillingReleaseRequest,
  type BillingReserveRequest,
  type BillingSubscribeRequest,
  type BillingSubscriptionGetRequest,
  type BillingTopUpRequest,
  type BillingWebhookRequest,
} from './billing-rpc.requests';

interface Call<Request extends object, Reply> {
  request: Request;
  reply: Reply;
}

export interface BillingRpcCalls {
  [BILLING_RPC.health]: Call<BillingHealthRequest, BillingHealthReply>;
  [BILLING_RPC.subscriptionGet]: Call<BillingSubscriptionGetRequest, BillingSubscriptionReply>;
  [BILLING_RPC.subscriptionGetOrCreate]: Call<BillingSubscribeRequest, BillingSubscribeReply>;
  [BILLING_RPC.portalCreate]: Call<BillingPortalRequest, BillingPortalReply>;
  [BILLING_RPC.topUpCreate]: Call<BillingTopUpRequest, BillingTopUpReply>;
  [BILLING_RPC.webhookReceive]: Call<BillingWebhookRequest, BillingWebhookReply>;
  [BILLING_RPC.reserve]: Call<BillingReserveRequest, BillingReserveReply>;
  [BILLING_RPC.release]: Call<BillingReleaseRequest, BillingReleaseReply>;
  [BILLING_RPC.holdTopUp]: Call<BillingHoldTopUpRequest, BillingHoldReply>;
  [BILLING_RPC.holdTrim]: Call<BillingHoldTrimRequest, BillingHoldReply>;
  [BILLING_RPC.demoGet]: Call<BillingDemoSessionRequest, BillingDemoSessionReply>;
  [BILLING_RPC.demoConfirm]: Call<BillingDemoConfirmRequest, BillingDemoConfirmReply>;
  [BILLING_RPC.demoPurchases]: Call<BillingDemoPurchasesRequest, BillingDemoPurchasesReply>;
  [BILLING_RPC.demoRefund]: Call<BillingDemoRefundRequest, BillingDemoPurchaseReply>;
  [BILLING_RPC.demoDispute]: Call<BillingDemoDisputeRequest, BillingDemoPurchaseReply>;
}

export type BillingRpcRequest<P extends keyof BillingRpcCalls> = BillingRpcCalls[P]['request'];
export type BillingRpcReply<P extends keyof BillingRpcCalls> = BillingRpcCalls[P]['reply'];

/** What billing implements: the handler named like the BILLING_RPC key, for that key's call. */
export type BillingRpcHandlers = {
  [K in keyof typeof BILLING_RPC]: (
    request: BillingRpcRequest<(typeof BILLING_RPC)[K]>,
  ) => Promise<BillingRpcReply<(typeof BILLING_RPC)[K]>> | BillingRpcReply<(typeof BILLING_RPC)[K]>;
};
