import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { DEVELOPMENT_RPC_SECRET, DomainException, bearerToken, secretMatches } from '@council/server-kit';
import { type Request } from 'express';
import { BillingEnv } from '../config/billing.env';

export const RPC_UNAUTHENTICATED_MESSAGE = 'Internal RPC needs the BILLING_RPC_SECRET bearer token';

/**
 * Only the gateway may call the RPC routes: they trust the `userId` they are given, so a caller
 * without BILLING_RPC_SECRET (any other pod, a port-forward) is refused with 401 before validation.
 */
@Injectable()
export class RpcAuthGuard implements CanActivate {
  private readonly secret: string;

  constructor(config: BillingEnv) {
    this.secret = config.BILLING_RPC_SECRET ?? DEVELOPMENT_RPC_SECRET;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const token = bearerToken(request.headers.authorization);
    if (token === null || !secretMatches(token, this.secret)) {
      throw new DomainException('UNAUTHENTICATED', RPC_UNAUTHENTICATED_MESSAGE);
    }
    return true;
  }
}
