import { validate } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { type Namespace, type Server } from 'socket.io';
import { type Socket as ClientSocket } from 'socket.io-client';
import { QuestionSubscribeDto, QuestionUnsubscribeDto } from './socket.dto';
import {
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerToClientEvents,
  type SocketData,
  SOCKET_NAMESPACE,
  questionRoom,
} from './socket.events';

// Compile-time checks: the interfaces fit Socket.IO's generics on both ends. Never called.
function _typeChecks(
  server: Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>,
) {
  const namespace: Namespace<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData> =
    server.of(SOCKET_NAMESPACE);
  namespace.on('connection', (socket) => {
    const userId: number = socket.data.userId;
    socket.on('question:subscribe', ({ questionId, lastEntryId }, ack) => {
      void lastEntryId;
      ack({ ok: true, status: 'running' });
      socket.emit('question:events', [
        {
          type: 'answer:delta',
          questionId,
          entryId: '1-0',
          memberOrder: 0,
          round: 0,
          kind: 'text',
          text: String(userId),
        },
        { type: 'question:completed', questionId, entryId: '1-1', totalTokensUsed: 3 },
      ]);
      const poem = { type: 'consensus:delta', questionId, entryId: '1-1', kind: 'poem', text: '' } as const;
      // @ts-expect-error kind must be text or reasoning
      socket.emit('question:events', [poem]);
      const delta = {
        type: 'question:completed',
        questionId,
        entryId: '1-2',
        kind: 'text',
        text: '',
      } as const;
      // @ts-expect-error an event carries its own type's fields
      socket.emit('question:events', [delta]);
      // @ts-expect-error an event carries its question and its entry id
      socket.emit('question:events', [{ type: 'question:completed', totalTokensUsed: 3 }]);
    });
  });
}

function _clientChecks(socket: ClientSocket<ServerToClientEvents, ClientToServerEvents>) {
  socket.emit('question:subscribe', { questionId: 42 }, (reply) => {
    if (!reply.ok) void reply.code;
  });
  // @ts-expect-error question ids are numbers
  socket.emit('question:unsubscribe', { questionId: '42' });
  socket.on('question:events', (events) => {
    for (const event of events) if (event.type === 'question:completed') void event.totalTokensUsed;
  });
  // @ts-expect-error not an event of ours
  socket.emit('question:delete', { questionId: 42 });
}

describe('socket contract', () => {
  it('uses the /council namespace and per-question rooms', () => {
    expect(SOCKET_NAMESPACE).toBe('/council');
    expect(questionRoom(42)).toBe('question:42');
    expect(typeof _typeChecks).toBe('function');
    expect(typeof _clientChecks).toBe('function');
  });

  it('validates question:subscribe payloads', async () => {
    const ok = plainToInstance(QuestionSubscribeDto, { questionId: 42, lastEntryId: '1700000000000-3' });
    expect(await validate(ok)).toHaveLength(0);
    const bad = plainToInstance(QuestionSubscribeDto, { questionId: 'nope', lastEntryId: '$' });
    const errors = await validate(bad);
    expect(errors.map((error) => error.property).sort()).toEqual(['lastEntryId', 'questionId']);
  });

  it('takes entry ids only within Redis bounds (unsigned 64-bit parts)', async () => {
    const check = async (lastEntryId: unknown) =>
      (await validate(plainToInstance(QuestionSubscribeDto, { questionId: 1, lastEntryId }))).length;
    expect(await check('18446744073709551615-18446744073709551615')).toBe(0);
    expect(await check('0-0')).toBe(0);
    expect(await check('18446744073709551616-0')).toBe(1);
    expect(await check('1-99999999999999999999')).toBe(1);
    expect(await check(12)).toBe(1);
    expect(await check('1-')).toBe(1);
  });

  it('takes question ids as positive integer numbers only', async () => {
    for (const questionId of [
      '42',
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      0,
      -3,
      4.2,
      null,
      undefined,
      2_147_483_648,
      1e20,
    ]) {
      const subscribe = await validate(plainToInstance(QuestionSubscribeDto, { questionId }));
      const unsubscribe = await validate(plainToInstance(QuestionUnsubscribeDto, { questionId }));
      expect(subscribe.map((error) => error.property)).toEqual(['questionId']);
      expect(unsubscribe.map((error) => error.property)).toEqual(['questionId']);
    }
    expect(await validate(plainToInstance(QuestionUnsubscribeDto, { questionId: 7 }))).toHaveLength(0);
  });
});
