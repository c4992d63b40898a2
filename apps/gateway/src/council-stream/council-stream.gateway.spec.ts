import { Logger } from '@nestjs/common';
import { SOCKET_EVENTS_PER_WINDOW, SOCKET_REFUSED_EVENTS_BEFORE_DISCONNECT } from '@council/contracts';
import { type RequestHandler } from 'express';
import { type Authenticator } from '../auth/auth.passport';
import { GatewayEnv } from '../config/gateway.env';
import { type QuestionResults } from '../questions/read/question-results.service';
import { CouncilStreamGateway } from './council-stream.gateway';
import { type CouncilSocket, type CouncilStreamTailer } from './council-stream.tailer';
import { type SocketSessions } from './socket-sessions';

type EventMiddleware = (packet: unknown[], next: (error?: Error) => void) => void;

/** A connected socket as the gateway sees it; its event middleware is fed by hand. */
function fakeSocket(id: string) {
  let middleware: EventMiddleware | undefined;
  const socket = {
    id,
    data: { userId: 7, username: 'ada', sessionId: 'sid' },
    use: (fn: EventMiddleware) => {
      middleware = fn;
    },
    on: jest.fn(),
    disconnect: jest.fn(),
  };
  const send = (events: number): void => {
    for (let index = 0; index < events; index += 1) {
      middleware?.(['question:subscribe', { questionId: 1 }], () => undefined);
    }
  };
  return { socket: socket as unknown as CouncilSocket, send, disconnect: socket.disconnect };
}

// Enough to be disconnected, then the events Socket.IO had already received, which still arrive.
const FLOOD = SOCKET_EVENTS_PER_WINDOW + SOCKET_REFUSED_EVENTS_BEFORE_DISCONNECT + 50;

describe('CouncilStreamGateway event flood', () => {
  let warned: jest.SpyInstance;
  let gateway: CouncilStreamGateway;

  beforeEach(() => {
    warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    gateway = new CouncilStreamGateway(
      {} as CouncilStreamTailer,
      {} as QuestionResults,
      new GatewayEnv(),
      (() => undefined) as RequestHandler,
      {} as Authenticator,
      { track: jest.fn() } as unknown as SocketSessions,
    );
  });

  afterEach(() => jest.restoreAllMocks());

  const floodWarnings = (): string[] =>
    warned.mock.calls
      .map(([message]) => String(message))
      .filter((message) => message.includes('event flood'));

  it('warns once for a flooding socket, and once more for a second one', () => {
    const first = fakeSocket('first');
    gateway.handleConnection(first.socket);
    first.send(FLOOD);
    expect(first.disconnect).toHaveBeenCalled();
    expect(floodWarnings()).toEqual(['Disconnected socket first of user 7: event flood']);

    const second = fakeSocket('second');
    gateway.handleConnection(second.socket);
    second.send(FLOOD);
    expect(floodWarnings()).toEqual([
      'Disconnected socket first of user 7: event flood',
      'Disconnected socket second of user 7: event flood',
    ]);
  });
});
