import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { UsersModule } from '../users/users.module';
import { OAuthController } from './oauth.controller';
import { OAuthService } from './oauth.service';

/**
 * Google and Apple sign-in (OpenID Connect through openid-client): GET /api/auth/google and
 * /api/auth/apple, and their callbacks. Accounts come from UsersService (linked by provider and
 * subject), sessions from SessionService (Passport's login, a new session id).
 */
@Module({
  imports: [UsersModule, SessionModule, RateLimitModule],
  controllers: [OAuthController],
  providers: [OAuthService],
})
export class OAuthModule {}
