import { Module } from '@nestjs/common';
import { REDIS_CLIENT, type RedisClient } from '@council/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { SESSION_MIDDLEWARE, createSessionMiddleware } from './session.middleware';
import { SessionService } from './session.service';

/**
 * Server-side sessions in Redis. The middleware itself is mounted by app.definition.ts (before
 * Nest's routes, see auth.middleware.ts); SessionService signs users in and out.
 */
@Module({
  providers: [
    {
      provide: SESSION_MIDDLEWARE,
      inject: [REDIS_CLIENT, GatewayEnv],
      useFactory: (redis: RedisClient, config: GatewayEnv) => createSessionMiddleware(redis, config),
    },
    SessionService,
  ],
  exports: [SESSION_MIDDLEWARE, SessionService],
})
export class SessionModule {}
