// Request bodies of the billing RPC (billing-rpc.constants.ts). Billing validates them with Nest's
// ValidationPipe (unknown fields are refused), so the gateway must send exactly these fields.

import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { DEBATE_MAX_ROUNDS, ID_MAX } from '../limits/limits.constants';
import { VALIDATION_MESSAGES as M } from '../messages/validation.messages';
import { PACK_IDS, type TokenPackId } from '../packs/packs.constants';
import { SELLABLE_TIERS, type SellableTier } from '../plans/plans.constants';
import {
  BILLING_REQUEST_ID_PATTERN,
  DEMO_ACTIONS,
  DEMO_DISPUTE_OUTCOMES,
  DEMO_PURCHASE_ID_PATTERN,
  DEMO_REFUND_MAX_PENCE,
  DEMO_SESSION_ID_PATTERN,
  type DemoAction,
  type DemoDisputeOutcome,
  MAX_RESERVATION_TOKENS,
  PORTAL_FLOWS,
  type PortalFlow,
} from './billing-rpc.constants';

/** billing.health: no fields. */
export class BillingHealthRequest {}

/** Every user-facing call carries the id of the user the gateway authenticated. */
export class BillingUserRequest {
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  userId: number;
}

/** billing.subscription.get */
export class BillingSubscriptionGetRequest extends BillingUserRequest {}

/** billing.subscription.getOrCreate */
export class BillingSubscribeRequest extends BillingUserRequest {
  @IsIn(SELLABLE_TIERS, { message: M.tierInvalid })
  tier: SellableTier;

  /** Derives the Stripe idempotency key: a repeated request returns the same checkout. */
  @Matches(BILLING_REQUEST_ID_PATTERN, { message: 'requestId must be 8-100 letters, digits, _ or -' })
  requestId: string;
}

/** billing.portal.create */
export class BillingPortalRequest extends BillingUserRequest {
  /** Must be on PUBLIC_URL's origin (no open redirect); absent → PUBLIC_URL + BILLING_RETURN_PATH. */
  @IsOptional()
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: M.returnUrlInvalid },
  )
  @MaxLength(2048, { message: M.returnUrlInvalid })
  returnUrl?: string;

  /** What the portal opens on (DECISIONS 21); absent, its home page. */
  @IsOptional()
  @IsIn(PORTAL_FLOWS)
  flow?: PortalFlow;

  @Matches(BILLING_REQUEST_ID_PATTERN, { message: 'requestId must be 8-100 letters, digits, _ or -' })
  requestId: string;
}

/** billing.topup.create */
export class BillingTopUpRequest extends BillingUserRequest {
  @IsIn(PACK_IDS, { message: M.packageInvalid })
  packageId: TokenPackId;

  @Matches(BILLING_REQUEST_ID_PATTERN, { message: 'requestId must be 8-100 letters, digits, _ or -' })
  requestId: string;
}

export const WEBHOOK_BODY_ENCODINGS = ['base64', 'utf8'] as const;
export type WebhookBodyEncoding = (typeof WEBHOOK_BODY_ENCODINGS)[number];

/**
 * billing.webhook.receive. `rawBody` is the request body exactly as received (before any JSON
 * parsing): the signature covers the bytes. Send it base64-encoded unless it is known to be UTF-8.
 */
export class BillingWebhookRequest {
  @IsString()
  @MaxLength(2_000_000)
  rawBody: string;

  @IsIn(WEBHOOK_BODY_ENCODINGS)
  encoding: WebhookBodyEncoding;

  /** The Stripe-Signature header; absent or empty is answered 400. */
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  signature?: string;
}

/** billing.reserve: before the question is queued (its row must exist). */
export class BillingReserveRequest extends BillingUserRequest {
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  questionId: number;

  /** The most the question may use; less is reserved when the balance is smaller. */
  @IsInt()
  @Min(1)
  @Max(MAX_RESERVATION_TOKENS)
  maxTokens: number;

  /**
   * maxTokens is the asker's own cap (TOKEN_CAP): held in full or refused with 402, and the
   * question is never charged beyond it.
   */
  @IsOptional()
  @IsBoolean()
  capped?: boolean;

  /** What the question keeps held while a debate waits for the asker's note (questionHold). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_RESERVATION_TOKENS)
  pauseHold?: number;
}

/** billing.hold.topUp: a call of a running question needs more than its hold (DECISIONS 26). */
export class BillingHoldTopUpRequest extends BillingUserRequest {
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  questionId: number;

  /** The most to add; less when the balance has less. */
  @IsInt()
  @Min(1)
  @Max(MAX_RESERVATION_TOKENS)
  tokens: number;

  /** Names this top-up: a retried call with the same key adds nothing more. */
  @Matches(BILLING_REQUEST_ID_PATTERN, { message: 'key must be 8-100 letters, digits, _ or -' })
  key: string;
}

/** billing.hold.trim: a debate pauses after `afterRound` for the asker's note. */
export class BillingHoldTrimRequest extends BillingUserRequest {
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  questionId: number;

  @IsInt()
  @Min(0)
  @Max(DEBATE_MAX_ROUNDS)
  afterRound: number;
}

/** billing.release */
export class BillingReleaseRequest extends BillingUserRequest {
  @IsInt()
  @Min(1)
  @Max(ID_MAX)
  questionId: number;
}

/** billing.demo.get and billing.demo.confirm: only the user who started the checkout sees it. */
export class BillingDemoSessionRequest extends BillingUserRequest {
  @Matches(DEMO_SESSION_ID_PATTERN, { message: 'Unknown demo checkout' })
  id: string;
}

/** billing.demo.confirm: the page's button; absent is `confirm`. */
export class BillingDemoConfirmRequest extends BillingDemoSessionRequest {
  @IsOptional()
  @IsIn(DEMO_ACTIONS)
  action?: DemoAction;
}

/** billing.demo.purchases: the account's demo token-pack purchases (DECISIONS 27). */
export class BillingDemoPurchasesRequest extends BillingUserRequest {}

/** A demo purchase of the user's; anyone else's is unknown (404). */
export class BillingDemoPurchaseRequest extends BillingUserRequest {
  @Matches(DEMO_PURCHASE_ID_PATTERN, { message: 'Unknown demo purchase' })
  id: string;
}

/** billing.demo.refund: `amountPence` refunds part of the charge; absent, whatever is left of it. */
export class BillingDemoRefundRequest extends BillingDemoPurchaseRequest {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(DEMO_REFUND_MAX_PENCE)
  amountPence?: number;
}

/** billing.demo.dispute: no outcome opens a dispute; `won` or `lost` closes it. */
export class BillingDemoDisputeRequest extends BillingDemoPurchaseRequest {
  @IsOptional()
  @IsIn(DEMO_DISPUTE_OUTCOMES)
  outcome?: DemoDisputeOutcome;
}
