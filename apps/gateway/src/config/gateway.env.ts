import { BaseServerEnv } from '@council/server-kit';
import { IsIn, IsOptional, IsString, Matches, MinLength, ValidateIf } from 'class-validator';

export class GatewayEnv extends BaseServerEnv {
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

  /** Express "trust proxy" value; unset means client IPs come from the socket only. */
  @IsOptional()
  @IsIn(['loopback', 'uniquelocal', '1', '2', '3'])
  TRUST_PROXY?: string;
}
