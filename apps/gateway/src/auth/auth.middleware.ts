import { type INestApplicationContext } from '@nestjs/common';
import { type RequestHandler } from 'express';
import { SESSION_MIDDLEWARE } from '../session/session.middleware';
import { AUTHENTICATOR, type Authenticator } from './auth.passport';

/**
 * What turns a request's cookie into `req.user`: the session (Redis), then Passport. Mounted on
 * /api by app.definition.ts before Nest's routes; Socket.IO can run the same handlers on its
 * handshake (`io.engine.use(handler)` for each), so both see one session.
 */
export function authRequestHandlers(app: INestApplicationContext): RequestHandler[] {
  const authenticator = app.get<Authenticator>(AUTHENTICATOR);
  return [
    app.get<RequestHandler>(SESSION_MIDDLEWARE),
    authenticator.initialize() as RequestHandler,
    authenticator.session() as RequestHandler,
  ];
}
