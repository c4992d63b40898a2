import { BILLING_RPC, type BillingReleaseReply, type BillingRpcCalls } from '@council/contracts';
import { type BillingCallerEnv } from '../config/billing-caller.env';
import { type BillingRpcClientOptions, createBillingRpcClient } from '../rpc/billing-rpc.client';
import { type HttpRpcClient, type RpcAnswer } from '../rpc/http-rpc.client';
import { DEVELOPMENT_RPC_SECRET } from '../rpc/rpc-secret.util';
import { RELEASE_WAIT_MS } from './usage-release.waiter';

/** The workers' billing RPC at BILLING_URL (docs/billing-rpc.md): release and hold size, on one keep-alive pool. */
export class BillingReleaseClient {
  private readonly client: HttpRpcClient<BillingRpcCalls>;

  /** `requests`: where each call's outcome is counted (billingRpcRequestsCounter). */
  constructor(
    env: Pick<BillingCallerEnv, 'BILLING_URL' | 'BILLING_RPC_SECRET'>,
    requests?: BillingRpcClientOptions['requests'],
  ) {
    this.client = createBillingRpcClient({
      baseUrl: env.BILLING_URL,
      secret: env.BILLING_RPC_SECRET ?? DEVELOPMENT_RPC_SECRET,
      // The same bound as the wait for a queued release: a call billing does not answer in time
      // goes to the usage queue.
      timeoutMs: RELEASE_WAIT_MS,
      ...(requests ? { requests } : {}),
    });
  }

  release(request: { userId: number; questionId: number }): Promise<RpcAnswer<BillingReleaseReply>> {
    return this.client.call(BILLING_RPC.release, request);
  }

  /**
   * Adds to a running question's hold (DECISIONS 26); 0 when the balance has none, or when billing
   * does not answer in time (the call then stops, as if the balance were empty).
   */
  async topUpHold(request: {
    userId: number;
    questionId: number;
    tokens: number;
    key: string;
  }): Promise<number> {
    const answer = await this.client.call(BILLING_RPC.holdTopUp, request).catch(() => null);
    return answer?.ok ? answer.reply.added : 0;
  }

  /**
   * A debate pauses after `afterRound` for the asker's note: billing keeps only the next round's
   * hold. Resolves to what it keeps for that round, or null when billing did not answer.
   */
  async trimHold(request: {
    userId: number;
    questionId: number;
    afterRound: number;
  }): Promise<number | null> {
    const answer = await this.client.call(BILLING_RPC.holdTrim, request).catch(() => null);
    return answer?.ok ? answer.reply.kept : null;
  }

  /** Call once the workers that release have stopped, so no running job still calls. */
  close(): Promise<void> {
    return this.client.close();
  }
}
