// Billing requests of spec §7.

import { IsIn, IsInt, IsOptional, IsUrl, Max, MaxLength, Min } from 'class-validator';
import { VALIDATION_MESSAGES as M } from '../messages/validation.messages';
import { PACK_IDS, type TokenPackId } from '../packs/packs.constants';
import { SELLABLE_TIERS, type SellableTier } from '../plans/plans.constants';
import {
  DEMO_ACTIONS,
  DEMO_DISPUTE_OUTCOMES,
  DEMO_REFUND_MAX_PENCE,
  type DemoAction,
  type DemoDisputeOutcome,
  PORTAL_FLOWS,
  type PortalFlow,
} from '../rpc/billing-rpc.constants';

/** POST /api/get-or-create-subscription */
export class SubscribeDto {
  @IsIn(SELLABLE_TIERS, { message: M.tierInvalid })
  tier: SellableTier;
}

/**
 * POST /api/create-customer-portal-session. The client sends its current address; absent, the
 * server uses its own /subscription. The server must also check the origin is ours (no open redirect).
 */
export class CustomerPortalDto {
  @IsOptional()
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: M.returnUrlInvalid },
  )
  @MaxLength(2048, { message: M.returnUrlInvalid })
  returnUrl?: string;

  /**
   * Manage Payment Method opens the portal on the card (`payment_method`), Cancel Subscription on
   * cancelling at the end of the paid period (`cancel`); DECISIONS 21.
   */
  @IsOptional()
  @IsIn(PORTAL_FLOWS)
  flow?: PortalFlow;
}

/** POST /api/billing/demo/:id/confirm: which of the demo page's buttons (absent: confirm). */
export class DemoConfirmDto {
  @IsOptional()
  @IsIn(DEMO_ACTIONS)
  action?: DemoAction;
}

/**
 * POST /api/billing/demo/purchases/:id/refund (DECISIONS 27): `amountPence` refunds part of the
 * purchase (at most what is left of it); absent, the rest of it.
 */
export class DemoRefundDto {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(DEMO_REFUND_MAX_PENCE)
  amountPence?: number;
}

/** POST /api/billing/demo/purchases/:id/dispute: no outcome opens a dispute; won or lost closes it. */
export class DemoDisputeDto {
  @IsOptional()
  @IsIn(DEMO_DISPUTE_OUTCOMES)
  outcome?: DemoDisputeOutcome;
}

/** POST /api/top-up-tokens */
export class TopUpTokensDto {
  @IsIn(PACK_IDS, { message: M.packageInvalid })
  packageId: TokenPackId;
}
