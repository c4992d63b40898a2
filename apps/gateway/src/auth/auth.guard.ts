import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { SERVER_MESSAGES } from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { type Request } from 'express';

/**
 * Lets a request through only with a signed-in session (401 `UNAUTHENTICATED` otherwise). Put it on
 * every protected route: `@UseGuards(AuthenticatedGuard)`, then read the user with `@CurrentUser()`.
 */
@Injectable()
export class AuthenticatedGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (typeof req.isAuthenticated === 'function' && req.isAuthenticated() && req.user) return true;
    throw new DomainException('UNAUTHENTICATED', SERVER_MESSAGES.authRequired);
  }
}
