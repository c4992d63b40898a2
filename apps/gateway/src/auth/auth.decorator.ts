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
