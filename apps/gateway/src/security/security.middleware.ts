import { Logger } from '@nestjs/common';
import { DomainException } from '@council/server-kit';
import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { type GatewayEnv } from '../config/gateway.env';
import { FOREIGN_ORIGIN_MESSAGE, HSTS_MAX_AGE_SECONDS } from './security.constants';
import { allowedOrigins, checkRequestOrigin, contentSecurityPolicy } from './security.util';

/**
 * helmet on every answer: the CSP of contentSecurityPolicy(), HSTS when served over https, and
 * helmet's defaults otherwise (nosniff, Referrer-Policy: no-referrer, which keeps reset tokens in
 * URLs away from other sites, X-Frame-Options, COOP/CORP same-origin, ...).
 */
export function securityHeaders(config: Pick<GatewayEnv, 'PUBLIC_URL'>): RequestHandler {
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config.PUBLIC_URL) },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    // For browsers without frame-ancestors: never framed, as the CSP says.
    xFrameOptions: { action: 'deny' },
  });
}

/**
 * Refuses state-changing requests from other sites with 403 FORBIDDEN (see checkRequestOrigin).
 * Mounted before the body parsers, so a refused request's body is never read.
 */
export function originCheck(config: Pick<GatewayEnv, 'PUBLIC_URL' | 'NODE_ENV'>): RequestHandler {
  const allowed = allowedOrigins(config.PUBLIC_URL, config.NODE_ENV === 'production');
  const logger = new Logger('OriginCheck');
  return (req: Request, _res: Response, next: NextFunction) => {
    const decision = checkRequestOrigin(
      {
        method: req.method,
        path: req.path,
        origin: req.get('origin'),
        secFetchSite: req.get('sec-fetch-site'),
      },
      allowed,
    );
    if (decision.allowed) return next();
    logger.warn(`Refused ${req.method} ${req.path}: ${decision.reason}`);
    next(new DomainException('FORBIDDEN', FOREIGN_ORIGIN_MESSAGE));
  };
}
