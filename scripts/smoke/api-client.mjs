// A new user's view of a running Council: REST calls with a session cookie and our Origin, as the
// browser sends them, and a Socket.IO connection that follows one question to its end.
import { io } from 'socket.io-client';
import { assembleTexts } from '../lib/stream-events.mjs';

export class ApiClient {
  /** `baseUrl` is where we connect; `origin` is the PUBLIC_URL the gateway expects in Origin. */
  constructor(baseUrl, origin) {
    this.baseUrl = baseUrl;
    this.origin = origin;
    this.cookie = null;
  }

  /** Resolves { status, body } (JSON when the answer is JSON, else text); keeps council.sid. */
  async call(method, pathname, body, { signedOut = false, accept = 'application/json' } = {}) {
    const headers = { origin: this.origin, accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie && !signedOut) headers.cookie = this.cookie;
    const response = await fetch(`${this.baseUrl}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    });
    if (!signedOut) {
      const session = response.headers.getSetCookie().find((line) => line.startsWith('council.sid='));
      if (session) this.cookie = session.split(';')[0];
    }
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return {
      status: response.status,
      body: isJson && text ? JSON.parse(text) : text,
      headers: response.headers,
    };
  }

  /** Like call(), but any status other than `expected` is an error showing what came back. */
  async expect(expected, method, pathname, body, options) {
    const reply = await this.call(method, pathname, body, options);
    if (reply.status !== expected) {
      const shown = typeof reply.body === 'string' ? reply.body.slice(0, 300) : JSON.stringify(reply.body);
      throw new Error(`${method} ${pathname} answered ${reply.status}, expected ${expected}: ${shown}`);
    }
    return reply.body;
  }

  /** Opens /council with the session cookie; resolves a QuestionStream. */
  async openStream() {
    const socket = io(`${this.baseUrl}/council`, {
      transports: ['websocket'],
      extraHeaders: { cookie: this.cookie, origin: this.origin },
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', (cause) =>
        reject(new Error(`Socket.IO connect failed: ${cause.message}`)),
      );
    });
    return new QuestionStream(socket);
  }
}

/** Every event one socket received, and a way to wait for a question's final event. */
export class QuestionStream {
  constructor(socket) {
    this.socket = socket;
    this.events = [];
    this.waiters = new Set();
    // The gateway sends stream events in `question:events` frames of stream entries, each with
    // its `type`, its question and its entry id.
    socket.on('question:events', (events) => {
      for (const entry of events) this.events.push({ event: entry.type, payload: entry });
      for (const waiter of this.waiters) waiter();
    });
  }

  async subscribe(questionId) {
    const ack = await this.socket.timeout(10_000).emitWithAck('question:subscribe', { questionId });
    if (!ack?.ok) throw new Error(`question:subscribe was refused: ${JSON.stringify(ack)}`);
  }

  eventsOf(questionId) {
    return this.events.filter((entry) => entry.payload?.questionId === questionId);
  }

  /** Resolves the name of the final event (question:completed or question:failed). */
  finished(questionId, timeoutMs) {
    const final = () =>
      this.eventsOf(questionId).find(
        (entry) => entry.event === 'question:completed' || entry.event === 'question:failed',
      )?.event;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`question ${questionId} did not finish within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const check = () => {
        const event = final();
        if (!event) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(event);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** What the screen shows per "<memberOrder>:<round>" (and "consensus"). */
  texts(questionId) {
    return assembleTexts(this.eventsOf(questionId));
  }

  close() {
    this.socket.disconnect();
  }
}
