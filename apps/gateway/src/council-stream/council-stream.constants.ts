/** XREAD BLOCK timeout of the tail loop; a new watch interrupts it at once (CLIENT UNBLOCK). */
export const STREAM_TAIL_BLOCK_MS = 2000;

/**
 * On a Redis Cluster: pause of the tail loop after a round of reads found nothing. A cluster
 * refuses one XREAD over streams in different slots, and a blocking read per question would hold a
 * connection each, so the loop polls instead; this bounds the added latency. A new watch ends it.
 */
export const STREAM_CLUSTER_POLL_MS = 25;

/** Most entries one XREAD returns per stream. */
export const STREAM_TAIL_COUNT = 500;

/** Pause before the tail loop retries after a Redis error. */
export const STREAM_TAIL_ERROR_PAUSE_MS = 500;

/** XRANGE page size of a replay. */
export const STREAM_REPLAY_BATCH = 1000;

/** Ack of a question:subscribe that failed validation. */
export const SUBSCRIBE_INVALID_MESSAGE =
  'questionId must be a positive integer and lastEntryId a stream entry id';

/** connect_error message of a handshake without a signed-in session. */
export const SOCKET_UNAUTHENTICATED_MESSAGE = 'Authentication required';

/**
 * How often each gateway checks that the sessions its sockets were opened with still exist, and
 * disconnects the sockets of sessions that ended (expired, or ended while the gateway missed the
 * announcement on sessionsEndedChannel).
 */
export const SOCKET_SESSION_SWEEP_MS = 60_000;
