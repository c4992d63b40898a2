// Message patterns of the billing service's RPC (Nest microservice over Redis). The gateway is the
// only caller. Never rename a pattern once shipped: old and new replicas must keep talking.

export const BILLING_RPC = {
  health: 'billing.health',
} as const;

export type BillingMode = 'stripe' | 'demo';

export interface BillingHealthReply {
  status: 'ok';
  mode: BillingMode;
}
