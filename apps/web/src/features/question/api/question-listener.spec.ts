import { ASKED_FRAMES_HELD_MAX, type StreamEvent } from '@council/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { askResultFixture } from '@/testing/ask.fixture';
import { FakeCouncilSocket } from '@/testing/fake-socket';
import { type QuestionStreamState } from '../state/question-state';
import { memberText } from '../state/question-views';
import { questionKeys } from './question-keys';
import { QuestionListener } from './question-listener';

const delta = (entryId: string, text: string, questionId = 42): StreamEvent => ({
  type: 'answer:delta',
  questionId,
  entryId,
  memberOrder: 0,
  round: 0,
  kind: 'text',
  text,
});

function connectedSocket(): FakeCouncilSocket {
  const socket = new FakeCouncilSocket();
  socket.id = 'socket-1';
  socket.connect();
  return socket;
}

const stateOf = (queryClient: QueryClient) =>
  queryClient.getQueryData<QuestionStreamState>(questionKeys.stream(42));

describe('QuestionListener', () => {
  it('needs a connected socket with an id to name', () => {
    const queryClient = new QueryClient();
    expect(QuestionListener.forAsk(queryClient, new FakeCouncilSocket().asSocket())).toBeNull();
    const socket = connectedSocket();
    expect(QuestionListener.forAsk(queryClient, socket.asSocket())?.socketId).toBe('socket-1');
  });

  it('folds the frames held before the answer in order, ignoring other questions, then follows on', () => {
    const queryClient = new QueryClient();
    const socket = connectedSocket();
    const asked = QuestionListener.forAsk(queryClient, socket.asSocket());
    socket.fire('question:events', [delta('1-0', 'Tea ')]);
    socket.fire('question:events', [delta('1-1', 'x', 7), delta('1-2', 'is ')]);
    expect(stateOf(queryClient)).toBeUndefined();

    asked?.seed(askResultFixture());
    expect(memberText(stateOf(queryClient)!.members[0]!)).toBe('Tea is ');
    socket.fire('question:events', [delta('1-2', 'is '), delta('2-0', 'calm')]);
    expect(memberText(stateOf(queryClient)!.members[0]!)).toBe('Tea is calm');

    // The results hold the same listener: still one, and none once they let go.
    const release = QuestionListener.of(queryClient, socket.asSocket(), 42).hold();
    expect(socket.listenerCount('question:events')).toBe(1);
    release();
    expect(socket.listenerCount('question:events')).toBe(0);
  });

  it('stops listening once the question ends, and holds at most ASKED_FRAMES_HELD_MAX frames', () => {
    const queryClient = new QueryClient();
    const socket = connectedSocket();
    const asked = QuestionListener.forAsk(queryClient, socket.asSocket());
    for (let index = 0; index <= ASKED_FRAMES_HELD_MAX; index += 1) {
      socket.fire('question:events', [delta(`1-${index}`, '.')]);
    }
    asked?.seed(askResultFixture());
    expect(memberText(stateOf(queryClient)!.members[0]!)).toHaveLength(ASKED_FRAMES_HELD_MAX);

    socket.fire('question:events', [
      { type: 'question:completed', questionId: 42, entryId: '9-0', totalTokensUsed: 10 },
    ]);
    expect(stateOf(queryClient)?.status).toBe('completed');
    expect(socket.listenerCount('question:events')).toBe(0);
  });

  it('unfollows a question whose ask screen went away before its results took over', () => {
    const queryClient = new QueryClient();
    const socket = connectedSocket();
    const left = QuestionListener.forAsk(queryClient, socket.asSocket());
    left?.abandon();
    expect(socket.listenerCount('question:events')).toBe(0);
    expect(socket.unsubscriptions).toEqual([]);
    // The answer still names the question: the gateway stops relaying it to this socket.
    left?.seed(askResultFixture());
    expect(socket.unsubscriptions).toEqual([42]);

    const shown = QuestionListener.forAsk(queryClient, socket.asSocket());
    shown?.seed(askResultFixture({ id: 43 }));
    const results = QuestionListener.of(queryClient, socket.asSocket(), 43);
    expect(results).toBe(shown);
    results.hold();
    shown?.abandon();
    expect(socket.unsubscriptions).toEqual([42]);
  });

  it('is one listener per question on a socket, whoever asks for it, until nothing holds it', () => {
    const queryClient = new QueryClient();
    const socket = connectedSocket();
    const page = QuestionListener.of(queryClient, socket.asSocket(), 42);
    expect(socket.listenerCount('question:events')).toBe(0);
    const releaseOne = page.hold();
    expect(QuestionListener.of(queryClient, socket.asSocket(), 42)).toBe(page);
    const releaseTwo = QuestionListener.of(queryClient, socket.asSocket(), 42).hold();
    expect(socket.listenerCount('question:events')).toBe(1);
    releaseOne();
    releaseOne();
    expect(socket.listenerCount('question:events')).toBe(1);
    releaseTwo();
    expect(socket.listenerCount('question:events')).toBe(0);
    expect(QuestionListener.of(queryClient, socket.asSocket(), 42)).not.toBe(page);
  });
});
