import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { UsersModule } from '../users/users.module';
import { UsersService } from '../users/users.service';
import { AuthController } from './auth.controller';
import { AuthenticatedGuard } from './auth.guard';
import { AUTHENTICATOR, createAuthenticator } from './auth.passport';
import { AuthService } from './auth.service';

/**
 * Sign-up, login, logout and the current user, on Passport (local strategy) over Redis sessions.
 * Exports AuthenticatedGuard (use with `@CurrentUser()` from auth.decorator.ts) and the app's
 * Passport instance (AUTHENTICATOR) for further strategies.
 */
@Module({
  imports: [UsersModule, SessionModule, RateLimitModule],
  controllers: [AuthController],
  providers: [
    { provide: AUTHENTICATOR, inject: [UsersService], useFactory: createAuthenticator },
    AuthService,
    AuthenticatedGuard,
  ],
  exports: [AUTHENTICATOR, AuthenticatedGuard, UsersModule, SessionModule],
})
export class AuthModule {}
