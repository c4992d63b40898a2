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
  REQUEST_MESSAGES,
  SERVER_MESSAGES,
  SOCKET_EVENTS_PER_WINDOW,
  SOCKET_EVENT_WINDOW_MS,
  SOCKET_FLOOD_WARNING_WINDOW_MS,
  SOCKET_NAMESPACE,
  SOCKET_REFUSED_EVENTS_BEFORE_DISCONNECT,
  SOCKET_SUBSCRIPTIONS_MAX,
  errorMessage,
} from '@council/contracts';
import { findHostileInput, hostileInputException } from '@council/server-kit';
import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { AUTHENTICATOR, type Authenticator } from '../auth/auth.passport';
import { GatewayEnv } from '../config/gateway.env';
import { QuestionResults } from '../questions/read/question-results.service';
import { allowedOrigins } from '../security/security.util';
import { SESSION_MIDDLEWARE } from '../session/session.middleware';
import { type AuthUser } from '../users/users.util';
import { SOCKET_UNAUTHENTICATED_MESSAGE, SUBSCRIBE_INVALID_MESSAGE } from './council-stream.constants';
import { type CouncilNamespace, type CouncilSocket, CouncilStreamTailer } from './council-stream.tailer';
import {
  OncePerWindow,
  SocketEventBudget,
  isAllowedSocketOrigin,
  isHandshakeRequest,
} from './council-stream.util';
import { SocketSessions } from './socket-sessions';

type Refusal = Extract<QuestionSubscribeAck, { ok: false }>;

/**
 * A socket payload checked as REST checks a body: a JSON object, no deeper than the request
 * pipeline allows, without U+0000 or lone surrogates, then the contract's DTO (unknown fields
 * refused). Answers the DTO, or the refusal to acknowledge.
 */
async function validatePayload<T extends object>(
  dtoClass: ClassConstructor<T>,
  payload: unknown,
): Promise<T | Refusal> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, code: 'VALIDATION_FAILED', message: REQUEST_MESSAGES.socketPayloadInvalid };
  }
  const hostile = findHostileInput(payload, 'payload');
  if (hostile)
    return { ok: false, code: 'VALIDATION_FAILED', message: hostileInputException(hostile).message };
  const dto = plainToInstance(dtoClass, payload);
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
  return errors.length > 0
    ? { ok: false, code: 'VALIDATION_FAILED', message: SUBSCRIBE_INVALID_MESSAGE }
    : dto;
}

function isRefusal(value: object): value is Refusal {
  return (value as { ok?: unknown }).ok === false;
}

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
    private readonly questions: QuestionResults,
    private readonly env: GatewayEnv,
    @Inject(SESSION_MIDDLEWARE) private readonly sessionMiddleware: RequestHandler,
    @Inject(AUTHENTICATOR) private readonly authenticator: Authenticator,
    private readonly sessions: SocketSessions,
  ) {}

  afterInit(namespace: CouncilNamespace): void {
    this.tailer.attach(namespace);
    this.sessions.attach(namespace);
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
      socket.data = {
        userId: user.id,
        username: user.username,
        sessionId: (socket.request as Request).sessionID,
      };
      next();
    });
  }

  handleConnection(socket: CouncilSocket): void {
    this.sessions.track(socket);
    // Every incoming event spends the socket's budget; a flood is refused, then disconnected,
    // without touching other sockets (the budget is the socket's own).
    const budget = new SocketEventBudget(
      SOCKET_EVENTS_PER_WINDOW,
      SOCKET_EVENT_WINDOW_MS,
      SOCKET_REFUSED_EVENTS_BEFORE_DISCONNECT,
    );
    // Events already received still pass through here after the disconnect: one warning, not one each.
    const floodWarning = new OncePerWindow(SOCKET_FLOOD_WARNING_WINDOW_MS);
    socket.use((packet, next) => {
      const now = Date.now();
      const decision = budget.take(now);
      if (decision === 'allow') return next();
      const ack = packet[packet.length - 1] as unknown;
      if (typeof ack === 'function') {
        (ack as (reply: Refusal) => void)({
          ok: false,
          code: 'RATE_LIMITED',
          message: REQUEST_MESSAGES.socketRateLimited,
        });
      }
      if (decision === 'disconnect') {
        if (floodWarning.take(now)) {
          this.logger.warn(`Disconnected socket ${socket.id} of user ${socket.data.userId}: event flood`);
        }
        socket.disconnect(true);
      }
    });
    socket.on('question:subscribe', (payload: unknown, ack: unknown) => {
      // A client that sends only the callback still gets its refusal: Socket.IO hands it over first.
      const answer = [ack, payload].find((each) => typeof each === 'function') as
        ((reply: QuestionSubscribeAck) => void) | undefined;
      void this.subscribe(socket, typeof payload === 'function' ? undefined : payload).then(
        (reply) => {
          answer?.(reply);
          // Its session has ended: the refusal goes out first, then the socket.
          if (!reply.ok && reply.code === 'UNAUTHENTICATED') socket.disconnect(true);
        },
        (error: unknown) => {
          this.logger.error(`question:subscribe failed: ${errorMessage(error)}`);
          answer?.({ ok: false, code: 'INTERNAL', message: 'Could not subscribe' });
        },
      );
    });
    socket.on('question:unsubscribe', (payload) => {
      validatePayload(QuestionUnsubscribeDto, payload)
        .then((dto) => {
          if (!isRefusal(dto)) this.tailer.unsubscribe(socket, dto.questionId);
        })
        .catch((error: unknown) => {
          this.logger.error(`question:unsubscribe failed: ${errorMessage(error)}`);
        });
    });
  }

  handleDisconnect(socket: CouncilSocket): void {
    this.tailer.socketGone(socket);
  }

  private async subscribe(socket: CouncilSocket, payload: unknown): Promise<QuestionSubscribeAck> {
    const dto = await validatePayload(QuestionSubscribeDto, payload);
    if (isRefusal(dto)) return dto;
    // Already following (the ask named this socket, or an earlier subscribe): ownership was checked
    // then, a repeat replays nothing, and the stream tells the status, so no query is needed.
    const followed = this.tailer.followedStatus(socket, dto.questionId);
    if (followed) return { ok: true, status: followed };
    // Its session may have ended on another gateway a moment ago: follow nothing new for it.
    if (!(await this.sessions.isLive(socket.data.sessionId))) {
      return { ok: false, code: 'UNAUTHENTICATED', message: SOCKET_UNAUTHENTICATED_MESSAGE };
    }
    const status = await this.questions.ownedStatus(socket.data.userId, dto.questionId);
    if (status === null) return { ok: false, code: 'NOT_FOUND', message: SERVER_MESSAGES.questionNotFound };
    if (
      !this.tailer.isFollowing(socket, dto.questionId) &&
      this.tailer.followedCount(socket) >= SOCKET_SUBSCRIPTIONS_MAX
    ) {
      return { ok: false, code: 'CONFLICT', message: REQUEST_MESSAGES.socketTooManySubscriptions };
    }
    await this.tailer.subscribe(socket, dto.questionId, dto.lastEntryId);
    return { ok: true, status };
  }
}
