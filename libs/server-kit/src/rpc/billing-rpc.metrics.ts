import { Counter, type Registry } from 'prom-client';
import { registerOnce } from '../metrics/register-once';
import { type RpcOutcome } from './http-rpc.client';

export const BILLING_RPC_REQUESTS_METRIC = 'council_billing_rpc_requests_total';

/**
 * Billing RPC calls by call name and outcome (RpcOutcome), counted by the caller: `unreachable` is
 * what billing's own metrics can never show, a call that never reached it.
 */
export function billingRpcRequestsCounter(registry: Registry): Counter<'call' | 'outcome'> {
  return registerOnce(
    registry,
    BILLING_RPC_REQUESTS_METRIC,
    () =>
      new Counter({
        name: BILLING_RPC_REQUESTS_METRIC,
        help: 'Billing RPC calls made, by call and outcome (ok, unreachable, error)',
        labelNames: ['call', 'outcome'] as const,
        registers: [registry],
      }),
  );
}

/** HttpRpcClientOptions.onOutcome that counts on `counter`. */
export function countRpcOutcomes(
  counter: Pick<Counter<'call' | 'outcome'>, 'inc'>,
): (call: string, outcome: RpcOutcome) => void {
  return (call, outcome) => counter.inc({ call, outcome });
}
