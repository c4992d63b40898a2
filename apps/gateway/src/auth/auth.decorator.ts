import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { SERVER_MESSAGES } from '@council/contracts';
import { DomainException } from '@council/server-kit';
import { type Request } from 'express';
import { type AuthUser } from '../users/users.util';

/** The signed-in user (AuthUser: no password or reset token), on routes behind AuthenticatedGuard. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const req = context.switchToHttp().getRequest<Request>();
  if (!req.user) throw new DomainException('UNAUTHENTICATED', SERVER_MESSAGES.authRequired);
  return req.user as AuthUser;
});

/** The signed-in user on a public route, or null for a visitor without a session. */
export const SignedInUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | null => {
    const req = context.switchToHttp().getRequest<Request>();
    const signedIn = typeof req.isAuthenticated === 'function' && req.isAuthenticated() && req.user;
    return signedIn ? (req.user as AuthUser) : null;
  },
);
