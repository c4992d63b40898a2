import { Injectable } from '@nestjs/common';
import { BILLING_RPC, type BillingReleaseReply, type BillingRpcCalls } from '@council/contracts';
import {
  DEVELOPMENT_RPC_SECRET,
  type HttpRpcClient,
  type RpcAnswer,
  createBillingRpcClient,
} from '@council/server-kit';
import { ConsensusWorkerEnv } from '../config/consensus-worker.env';
import { RELEASE_WAIT_MS } from './usage-release.waiter';

/** Billing's release RPC at BILLING_URL (docs/billing-rpc.md), on one keep-alive pool. */
@Injectable()
export class BillingReleaseClient {
  private readonly client: HttpRpcClient<BillingRpcCalls>;

  constructor(env: ConsensusWorkerEnv) {
    this.client = createBillingRpcClient({
      baseUrl: env.BILLING_URL,
      secret: env.BILLING_RPC_SECRET ?? DEVELOPMENT_RPC_SECRET,
      // The same bound as the wait for a queued release: a call billing does not answer in time
      // goes to the usage queue.
      timeoutMs: RELEASE_WAIT_MS,
    });
  }

  release(request: { userId: number; questionId: number }): Promise<RpcAnswer<BillingReleaseReply>> {
    return this.client.call(BILLING_RPC.release, request);
  }

  /** Called by ConsensusProcessor once its worker has stopped, so no running job still calls. */
  close(): Promise<void> {
    return this.client.close();
  }
}
