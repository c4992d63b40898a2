// Socket.IO clients for integration tests of the council namespace.

import {
  type ClientToServerEvents,
  SOCKET_NAMESPACE,
  type ServerToClientEvents,
  type StreamEvent,
} from '@council/contracts';
import { type ManagerOptions, type Socket, type SocketOptions, io } from 'socket.io-client';

export type CouncilClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A client of the council namespace at `baseUrl`, over WebSocket only and never reconnecting, so a
 * refused handshake or a server-side disconnect stays visible to the test.
 */
export function openCouncilSocket(
  baseUrl: string,
  headers: Record<string, string>,
  options: Partial<ManagerOptions & SocketOptions> = {},
): CouncilClientSocket {
  return io(`${baseUrl}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    ...options,
  });
}

/** Resolves once the socket connects; rejects with its connect_error. */
export function socketConnected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

/** Resolves with the socket's connect_error; rejects if it connects after all. */
export function socketRefused(socket: Socket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error));
  });
}

/**
 * Calls `listener` with each stream event the socket receives, in order (the gateway sends them
 * in `question:events` frames).
 */
export function onStreamEvents(socket: CouncilClientSocket, listener: (event: StreamEvent) => void): void {
  socket.on('question:events', (events) => {
    for (const event of events) listener(event);
  });
}
