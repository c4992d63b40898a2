/** The catalogue has no active agent (with an active model) for some provider: it was never seeded. */
export const CATALOGUE_EMPTY_MESSAGE = 'The council catalogue is not available; try again later';

/** Enqueueing the question's flow failed after its tokens were reserved (they are given back). */
export const QUEUE_UNAVAILABLE_MESSAGE = 'The question could not be queued; no tokens were used. Try again';

/** Cancelling a question that has already completed or failed. */
export const QUESTION_FINISHED_MESSAGE = 'The question has already finished';

/** Injection name of the FlowProducer that enqueues question flows. */
export const QUESTION_FLOW_PRODUCER = 'council-questions';

/** How often ?wait=true re-reads the question while it runs. */
export const QUESTION_WAIT_POLL_MS = 250;

/** Retry of a response that is not a failed member answer (completed, pending, or the consensus). */
export const RETRY_NOT_FAILED_MESSAGE = 'Only a failed council member answer can be retried';

/** Retry while the question is still running (its flow may still read the member's answer). */
export const RETRY_WHILE_RUNNING_MESSAGE = 'Wait until the question has finished before retrying an answer';

/** Retry on a cancelled question. */
export const RETRY_CANCELLED_MESSAGE = 'A cancelled question cannot be retried';

/** Retry asked for a response that is not one of the question's. */
export const RESPONSE_NOT_FOUND_MESSAGE = 'Response not found';

/**
 * How long the ask path reuses its read of the active catalogue (agents, models, roles). Only the
 * seeder changes it, at deploy time, so a few seconds of staleness is harmless, while reading it on
 * every ask cost three queries. An entry retired meanwhile stays askable that long (its rows are
 * never deleted), and a new one is refused that long.
 */
export const CATALOGUE_CACHE_TTL_MS = 5_000;
