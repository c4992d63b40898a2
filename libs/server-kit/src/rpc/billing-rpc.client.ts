import { type BillingRpcCalls, billingRpcPath } from '@council/contracts';
import { type Counter } from 'prom-client';
import { countRpcOutcomes } from './billing-rpc.metrics';
import { HttpRpcClient } from './http-rpc.client';

/**
 * Keep-alive sockets one caller holds to billing at most. A reserve takes a few milliseconds, so
 * this covers hundreds of asks a second; more only queue briefly for a free socket.
 */
export const BILLING_RPC_CONNECTIONS = 32;

/**
 * Requests per socket before it is replaced: the Service picks a replica per connection, so this
 * spreads a steady load onto replicas added since (about one reconnect per thousand calls).
 */
export const BILLING_RPC_REQUESTS_PER_CONNECTION = 1000;

export interface BillingRpcClientOptions {
  /** BILLING_URL: the one address in front of every billing replica. */
  baseUrl: string;
  /** BILLING_RPC_SECRET. */
  secret: string;
  /** BILLING_RPC_TIMEOUT_MS. */
  timeoutMs: number;
  /** Where each call's outcome is counted (billingRpcRequestsCounter on the process's registry). */
  requests?: Pick<Counter<'call' | 'outcome'>, 'inc'>;
}

/** The client the gateway calls billing with; tests and the benchmark use the very same one. */
export function createBillingRpcClient(options: BillingRpcClientOptions): HttpRpcClient<BillingRpcCalls> {
  const { requests, ...connection } = options;
  return new HttpRpcClient<BillingRpcCalls>(
    {
      ...connection,
      ...(requests ? { onOutcome: countRpcOutcomes(requests) } : {}),
      connections: BILLING_RPC_CONNECTIONS,
      maxRequestsPerConnection: BILLING_RPC_REQUESTS_PER_CONNECTION,
    },
    billingRpcPath,
  );
}
