// @ts-check
// Pure helpers over what a Socket.IO client received from /council (unit-tested in
// scripts/test/faults-helpers.test.ts): what the user's screen shows, and whether every stream
// entry arrived exactly once and in order. The fault scenarios and the smoke test both use them.

/**
 * One event a client received: its name and payload (the fields read here; others pass through).
 * @typedef {{ event: string, payload: { [field: string]: unknown, memberOrder?: number | null, round?: number, kind?: string, text?: string } }} ReceivedEvent
 */

/**
 * Redis stream ids "<ms>-<seq>" compared numerically; negative when a comes first.
 * @param {string} a
 * @param {string} b
 */
export function compareEntryIds(a, b) {
  const [aMs, aSeq] = a.split('-').map(BigInt);
  const [bMs, bSeq] = b.split('-').map(BigInt);
  if (aMs !== bMs) return aMs < bMs ? -1 : 1;
  if (aSeq !== bSeq) return aSeq < bSeq ? -1 : 1;
  return 0;
}

/**
 * The text a client shows per member and round ("<memberOrder>:<round>" → text), and the
 * consensus under "consensus": deltas append, a reset (a retried attempt) starts afresh.
 * @param {Iterable<ReceivedEvent>} events
 * @returns {Map<string, string>}
 */
export function assembleTexts(events) {
  /** @type {Map<string, string>} */
  const texts = new Map();
  for (const { event, payload } of events) {
    const key = event.startsWith('consensus:') ? 'consensus' : `${payload.memberOrder}:${payload.round}`;
    if (event === 'answer:reset' || event === 'consensus:reset') texts.set(key, '');
    if ((event === 'answer:delta' || event === 'consensus:delta') && payload.kind === 'text') {
      texts.set(key, (texts.get(key) ?? '') + payload.text);
    }
  }
  return texts;
}

/**
 * Problems with the entry ids a client received for one question, compared with the stream's ids
 * (XRANGE): duplicates, entries out of order, entries missing, entries that are not in the stream.
 * An empty list means every entry arrived exactly once and in order.
 * @param {readonly string[]} receivedIds
 * @param {readonly string[]} streamIds
 * @returns {string[]}
 */
export function entryIdProblems(receivedIds, streamIds) {
  /** @type {string[]} */
  const problems = [];
  /** @type {Set<string>} */
  const seen = new Set();
  for (let index = 0; index < receivedIds.length; index += 1) {
    const id = receivedIds[index];
    if (seen.has(id)) problems.push(`entry ${id} arrived twice`);
    seen.add(id);
    if (index > 0 && compareEntryIds(receivedIds[index - 1], id) >= 0) {
      problems.push(`entry ${id} arrived after ${receivedIds[index - 1]} (out of order)`);
    }
  }
  const inStream = new Set(streamIds);
  const missing = streamIds.filter((id) => !seen.has(id));
  if (missing.length > 0) {
    problems.push(`${missing.length} entries never arrived: ${missing.slice(0, 5).join(', ')}…`);
  }
  const foreign = [...seen].filter((id) => !inStream.has(id));
  if (foreign.length > 0) problems.push(`entries not in the stream: ${foreign.slice(0, 5).join(', ')}`);
  return problems;
}
