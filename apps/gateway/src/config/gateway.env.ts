import { BillingCallerEnv } from '@council/server-kit';
import { REGISTER_RATE_LIMIT } from '../rate-limit/rate-limit.constants';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';

export class GatewayEnv extends BillingCallerEnv {
  override PORT: number = 3000;

  /** Where users reach us; links in e-mails and redirects are built from it, never from Host. */
  @Matches(/^https?:\/\/[^/]+$/, {
    message: 'PUBLIC_URL must be an origin such as https://council.example (no path)',
  })
  PUBLIC_URL = 'http://localhost:3000';

  /** The built client (apps/web/dist); the gateway serves it on the same origin as /api. */
  @IsOptional()
  @IsString()
  WEB_DIST_DIR?: string;

  /** Bull Board is mounted only when both credentials are configured. */
  @IsOptional()
  @IsString()
  @MinLength(3)
  BULL_BOARD_USER?: string;

  @ValidateIf((env: GatewayEnv) => env.BULL_BOARD_USER !== undefined)
  @IsString({ message: 'BULL_BOARD_PASSWORD must be set when BULL_BOARD_USER is' })
  @MinLength(12, { message: 'BULL_BOARD_PASSWORD must be at least 12 characters' })
  BULL_BOARD_PASSWORD?: string;

  /** Signs the session cookie. Required in production; a fixed development value is used otherwise. */
  @ValidateIf((env: GatewayEnv) => env.NODE_ENV === 'production' || env.SESSION_SECRET !== undefined)
  @IsString({ message: 'SESSION_SECRET must be set in production (32+ random characters)' })
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  /** smtp://user:pass@host:587 or smtps://…; without it mail goes to the local outbox (log + folder). */
  @IsOptional()
  @Matches(/^smtps?:\/\/.+/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** The From header of every e-mail we send. */
  @IsString()
  MAIL_FROM = 'Council <no-reply@council.local>';

  /** Where the offline outbox writes .eml files when SMTP_URL is unset. */
  @IsOptional()
  @IsString()
  MAIL_OUTBOX_DIR?: string;

  /** Contact-form messages are sent here. */
  @IsString()
  SUPPORT_EMAIL = 'support@council.local';

  // Google and Apple sign-in (OpenID Connect). A provider whose client id is unset is off.
  @IsOptional() @IsString() GOOGLE_CLIENT_ID?: string;
  @ValidateIf((env: GatewayEnv) => env.GOOGLE_CLIENT_ID !== undefined)
  @IsString({ message: 'GOOGLE_CLIENT_SECRET must be set when GOOGLE_CLIENT_ID is' })
  GOOGLE_CLIENT_SECRET?: string;
  /** Issuer to discover; overridable so tests can use a local OpenID provider. */
  @IsUrl({ require_tld: false, require_protocol: true }) GOOGLE_ISSUER = 'https://accounts.google.com';

  @IsOptional() @IsString() APPLE_CLIENT_ID?: string;
  /** Apple's client secret is a JWT signed with the team's key; give it pre-signed here. */
  @ValidateIf((env: GatewayEnv) => env.APPLE_CLIENT_ID !== undefined)
  @IsString({ message: 'APPLE_CLIENT_SECRET must be set when APPLE_CLIENT_ID is' })
  APPLE_CLIENT_SECRET?: string;
  @IsUrl({ require_tld: false, require_protocol: true }) APPLE_ISSUER = 'https://appleid.apple.com';

  /** Express "trust proxy" value; unset means client IPs come from the socket only. */
  @IsOptional()
  @IsIn(['loopback', 'uniquelocal', '1', '2', '3'])
  TRUST_PROXY?: string;

  /**
   * How long the gateway waits for billing's answer (a retry on a failed connection included)
   * before answering 503. Billing replies in milliseconds; the wait only matters when it is down.
   */
  @IsInt()
  @Min(100)
  @Max(60_000)
  BILLING_RPC_TIMEOUT_MS: number = 10_000;

  /**
   * POST /api/questions?wait=true answers at the latest after this long; a question still running
   * then is answered as it stands (its status says so) and keeps streaming over Socket.IO.
   */
  @IsInt()
  @Min(1000)
  @Max(900_000)
  QUESTION_WAIT_TIMEOUT_MS: number = 300_000;

  /**
   * Registrations per client IP per hour (default REGISTER_RATE_LIMIT's 20). Raise it where many
   * people share one address (a campus behind one NAT), or for a test stack whose users all come
   * from 127.0.0.1.
   */
  @IsInt()
  @Min(1)
  @Max(100_000)
  REGISTER_LIMIT_PER_HOUR: number = REGISTER_RATE_LIMIT.points;
}
