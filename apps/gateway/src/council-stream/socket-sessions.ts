import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { errorMessage } from '@council/contracts';
import { REDIS_CLIENT, type RedisClient, createRedisClient } from '@council/server-kit';
import { GatewayEnv } from '../config/gateway.env';
import { sessionKeyPrefix, sessionsEndedChannel } from '../session/session.constants';
import { SOCKET_SESSION_SWEEP_MS } from './council-stream.constants';
import { type CouncilNamespace, type CouncilSocket } from './council-stream.tailer';

const sessionRoom = (sessionId: string): string => `session:${sessionId}`;

/** The session ids of an announcement on sessionsEndedChannel; anything else gives none. */
export function endedSessionIds(message: string): string[] {
  try {
    const parsed: unknown = JSON.parse(message);
    return Array.isArray(parsed)
      ? parsed.filter((id): id is string => typeof id === 'string' && id !== '')
      : [];
  } catch {
    return [];
  }
}

/**
 * A socket lives no longer than the session it was opened with: logout, a password reset ending
 * the user's other sessions, or a new sign-in replacing the session disconnects its sockets on every
 * gateway (SessionService announces the ended ids on a pub/sub channel), and a socket whose session
 * is gone follows no new question. A periodic sweep catches sessions that expired, or whose
 * announcement this gateway missed.
 */
@Injectable()
export class SocketSessions implements OnApplicationShutdown {
  private readonly logger = new Logger(SocketSessions.name);
  private namespace: CouncilNamespace | null = null;
  private subscriber: RedisClient | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly env: GatewayEnv,
  ) {}

  attach(namespace: CouncilNamespace): void {
    this.namespace = namespace;
    const channel = sessionsEndedChannel(this.env.REDIS_PREFIX);
    // Pub/sub needs a connection of its own (a subscribed connection takes no other command).
    const subscriber = createRedisClient(this.env, { maxRetriesPerRequest: null });
    subscriber.on('error', (error: Error) => this.logger.warn(`Sessions-ended subscriber: ${error.message}`));
    subscriber.on('message', (from: string, message: string) => {
      if (from === channel) this.disconnect(endedSessionIds(message));
    });
    subscriber.subscribe(channel).catch((error: unknown) => {
      this.logger.warn(`Could not subscribe to ended sessions: ${errorMessage(error)}`);
    });
    this.subscriber = subscriber;
    this.sweepTimer = setInterval(() => void this.sweep(), SOCKET_SESSION_SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** Files a new socket under its session, so ending the session finds it. */
  track(socket: CouncilSocket): void {
    void socket.join(sessionRoom(socket.data.sessionId));
  }

  /** Whether the session still exists in the store. */
  async isLive(sessionId: string): Promise<boolean> {
    return (await this.redis.exists(sessionKeyPrefix(this.env.REDIS_PREFIX) + sessionId)) === 1;
  }

  /** Disconnects this gateway's sockets whose sessions have ended. */
  async sweep(): Promise<void> {
    const namespace = this.namespace;
    if (!namespace) return;
    const sessionIds = new Set([...namespace.sockets.values()].map((socket) => socket.data.sessionId));
    try {
      const live = await Promise.all([...sessionIds].map((id) => this.isLive(id)));
      this.disconnect([...sessionIds].filter((_, index) => !live[index]));
    } catch (error) {
      this.logger.warn(`Could not check the sockets' sessions: ${errorMessage(error)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.subscriber?.disconnect();
    this.subscriber = null;
  }

  private disconnect(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0 || !this.namespace) return;
    this.namespace.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }
}
