import {
  type CheckoutKind,
  type DemoSessionStatus,
  type PortalFlow,
  type SellableTier,
  type TokenPackId,
} from '@council/contracts';

/** A demo checkout (DECISIONS 14), kept in Redis while the user looks at the demo page. */
export interface DemoSession {
  id: string;
  userId: number;
  kind: CheckoutKind;
  status: DemoSessionStatus;
  /** topup */
  packId: TokenPackId | null;
  /** subscription and upgrade: the plan bought */
  tier: SellableTier | null;
  /** portal: what it was opened for (DECISIONS 21); null on the portal's home page */
  portalFlow: PortalFlow | null;
  /** upgrade and portal: the demo subscription acted on; subscription: the one it creates */
  subscriptionId: string | null;
  customerId: string;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
  /**
   * When its events were applied in full. A confirm repeated after that changes nothing: applying
   * them again would put back a plan a later checkout or cancellation replaced.
   */
  fulfilledAt?: string | null;
}

/** A demo token pack's charge (DECISIONS 27): what the demo refund and dispute controls act on. */
export interface DemoCharge {
  id: string;
  paymentIntentId: string;
  sessionId: string;
  userId: number;
  customerId: string;
  packId: TokenPackId;
  amount: number;
  amountRefunded: number;
  dispute: { id: string; status: string; amount: number } | null;
  createdAt: string;
}
