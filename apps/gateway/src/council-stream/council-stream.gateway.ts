import { Inject, Logger } from '@nestjs/common';
import {
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  type QuestionSubscribeAck,
  QuestionSubscribeDto,
  QuestionUnsubscribeDto,
  SERVER_MESSAGES,
  SOCKET_NAMESPACE,
} from '@council/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { AUTHENTICATOR, type Authenticator } from '../auth/auth.passport';
import { GatewayEnv } from '../config/gateway.env';
import { QuestionsService } from '../questions/questions.service';
import { allowedOrigins } from '../security/security.util';
import { SESSION_MIDDLEWARE } from '../session/session.middleware';
import { type AuthUser } from '../users/users.util';
import { SOCKET_UNAUTHENTICATED_MESSAGE, SUBSCRIBE_INVALID_MESSAGE } from './council-stream.constants';
import { type CouncilNamespace, type CouncilSocket, CouncilStreamTailer } from './council-stream.tailer';
import { isAllowedSocketOrigin, isHandshakeRequest } from './council-stream.util';

type EngineMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: Error) => void) => void;

/** Runs an Express handler on engine.io's handshake request only (later polls carry a sid). */
function onHandshake(handler: RequestHandler): EngineMiddleware {
  return (req, res, next) => {
    if (!isHandshakeRequest(req.url)) return next();
    handler(req as Request, res as Response, next as NextFunction);
  };
}

/**
 * Socket.IO namespace /council on the gateway's HTTP server. The handshake must come from our
 * origin and carry a signed-in session cookie (the same session and Passport handlers as /api).
 * `question:subscribe { questionId, lastEntryId? }` checks ownership, replays what the client
 * missed and relays live entries; `question:unsubscribe` stops them.
 */
@WebSocketGateway({ namespace: SOCKET_NAMESPACE, serveClient: false })
export class CouncilStreamGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(CouncilStreamGateway.name);

  constructor(
    private readonly tailer: CouncilStreamTailer,
    private readonly questions: QuestionsService,
    private readonly env: GatewayEnv,
    @Inject(SESSION_MIDDLEWARE) private readonly sessionMiddleware: RequestHandler,
    @Inject(AUTHENTICATOR) private readonly authenticator: Authenticator,
  ) {}

  afterInit(namespace: CouncilNamespace): void {
    this.tailer.attach(namespace);
    const allowed = allowedOrigins(this.env.PUBLIC_URL, this.env.NODE_ENV === 'production');
    const engine = namespace.server.engine;
    engine.use(((req, _res, next) => {
      const origin = req.headers.origin;
      const site = req.headers['sec-fetch-site'];
      if (isAllowedSocketOrigin(origin, Array.isArray(site) ? site[0] : site, allowed)) return next();
      this.logger.warn(`Refused a socket handshake from origin ${origin ?? '?'}`);
      next(new Error('Foreign origin'));
    }) satisfies EngineMiddleware);
    for (const handler of [
      this.sessionMiddleware,
      this.authenticator.initialize() as RequestHandler,
      this.authenticator.session() as RequestHandler,
    ]) {
      engine.use(onHandshake(handler));
    }
    namespace.use((socket, next) => {
      const user = (socket.request as Request).user as AuthUser | undefined;
      if (!user) {
        const error = Object.assign(new Error(SOCKET_UNAUTHENTICATED_MESSAGE), {
          data: { code: 'UNAUTHENTICATED' },
        });
        return next(error);
      }
      socket.data = { userId: user.id, username: user.username };
      next();
    });
  }

  handleConnection(socket: CouncilSocket): void {
    socket.on('question:subscribe', (payload, ack) => {
      void this.subscribe(socket, payload).then(
        (reply) => (typeof ack === 'function' ? ack(reply) : undefined),
        (error: unknown) => {
          this.logger.error(
            `question:subscribe failed: ${error instanceof Error ? error.message : String(error)}`,
          );
          if (typeof ack === 'function') ack({ ok: false, code: 'INTERNAL', message: 'Could not subscribe' });
        },
      );
    });
    socket.on('question:unsubscribe', (payload) => {
      const dto = plainToInstance(QuestionUnsubscribeDto, payload ?? {});
      void validate(dto).then((errors) => {
        if (errors.length === 0) this.tailer.unsubscribe(socket, dto.questionId);
      });
    });
  }

  handleDisconnect(socket: CouncilSocket): void {
    this.tailer.socketGone(socket);
  }

  private async subscribe(socket: CouncilSocket, payload: unknown): Promise<QuestionSubscribeAck> {
    const dto = plainToInstance(QuestionSubscribeDto, payload ?? {});
    if (typeof payload !== 'object' || (await validate(dto)).length > 0) {
      return { ok: false, code: 'VALIDATION_FAILED', message: SUBSCRIBE_INVALID_MESSAGE };
    }
    const status = await this.questions.ownedStatus(socket.data.userId, dto.questionId);
    if (status === null) return { ok: false, code: 'NOT_FOUND', message: SERVER_MESSAGES.questionNotFound };
    await this.tailer.subscribe(socket, dto.questionId, dto.lastEntryId);
    return { ok: true, status };
  }
}
