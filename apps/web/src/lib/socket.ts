// The one Socket.IO connection of the browser: the /council namespace on this origin, authenticated by
// the session cookie. Typed with the contracts' event maps, so both ends agree on names and payloads.
import {
  type ClientToServerEvents,
  SOCKET_NAMESPACE,
  SOCKET_PATH,
  type ServerToClientEvents,
} from '@council/contracts';
import { type Socket, io } from 'socket.io-client';

export type CouncilSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: CouncilSocket | null = null;

/** The shared socket, created on first use; it connects only when a caller calls connect(). */
export function getCouncilSocket(): CouncilSocket {
  socket ??= io(SOCKET_NAMESPACE, {
    path: SOCKET_PATH,
    withCredentials: true,
    autoConnect: false,
    transports: ['websocket', 'polling'],
  });
  return socket;
}

/** Tests swap the socket for a fake; pass null to go back to the real one. */
export function setCouncilSocket(replacement: CouncilSocket | null): void {
  socket = replacement;
}
