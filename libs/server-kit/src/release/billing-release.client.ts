import { BILLING_RPC, type BillingReleaseReply, type BillingRpcCalls } from '@council/contracts';
import { type BillingCallerEnv } from '../config/billing-caller.env';
import { createBillingRpcClient } from '../rpc/billing-rpc.client';
import { type HttpRpcClient, type RpcAnswer } from '../rpc/http-rpc.client';
import { DEVELOPMENT_RPC_SECRET } from '../rpc/rpc-secret.util';
import { RELEASE_WAIT_MS } from './usage-release.waiter';

/** Billing's release RPC at BILLING_URL (docs/billing-rpc.md), on one keep-alive pool. */
export class BillingReleaseClient {
  private readonly client: HttpRpcClient<BillingRpcCalls>;

  constructor(env: Pick<BillingCallerEnv, 'BILLING_URL' | 'BILLING_RPC_SECRET'>) {
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

  /** Call once the workers that release have stopped, so no running job still calls. */
  close(): Promise<void> {
    return this.client.close();
  }
}
