// What workers append to a question's stream, and how it is flattened into Redis field/value
// strings. The gateway relays each entry as this same object, adding only questionId and the entry
// id (StreamEvent, socket/socket.events.ts), so the worker and the browser share one shape.

import {
  type AgreementClaim,
  type AgreementMapResult,
  isAgreementClaim,
  isAgreementMapResult,
} from '../agreement/agreement-map';

export const DELTA_KINDS = ['text', 'reasoning'] as const;
export type DeltaKind = (typeof DELTA_KINDS)[number];

export const DEBATE_ROUND_STATUSES = ['started', 'completed'] as const;
/** Why a question ended without completing: an error, or the asker pressed Stop (DECISIONS 18). */
export const QUESTION_END_REASONS = ['error', 'cancelled'] as const;
export type QuestionEndReason = (typeof QUESTION_END_REASONS)[number];
export type DebateRoundStatus = (typeof DEBATE_ROUND_STATUSES)[number];

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** A batch of a member's answer (round 0) or revision (round ≥ 1). */
export interface AnswerDeltaEntry {
  type: 'answer:delta';
  memberOrder: number;
  round: number;
  kind: DeltaKind;
  text: string;
}

export interface AnswerCompletedEntry extends TokenUsage {
  type: 'answer:completed';
  memberOrder: number;
  round: number;
  responseId: number;
  /** The question's token cap cut it off (TOKEN_CAP); absent from entries that were not cut. */
  stoppedAtLimit: boolean;
}

/** The member gave up for good; its response row carries `error` (a "Service Issue" card). */
export interface AnswerFailedEntry {
  type: 'answer:failed';
  memberOrder: number;
  round: number;
  responseId: number | null;
  error: string;
}

/**
 * A retried attempt of a member's answer (round 0) or revision (round ≥ 1) is starting: clients
 * drop the text and reasoning they have shown for this member and round; the deltas that follow
 * start the answer afresh. `attempt` is 1-based (2 for the first retry).
 */
export interface AnswerResetEntry {
  type: 'answer:reset';
  memberOrder: number;
  round: number;
  attempt: number;
}

export interface DebateRoundEntry {
  type: 'debate:round';
  round: number;
  status: DebateRoundStatus;
}

/** The debate waits for the asker's note until `endsAt` (ISO 8601), after round `round`. */
export interface DebatePausedEntry {
  type: 'debate:paused';
  round: number;
  endsAt: string;
}

/** The asker's note after round `round`; every member reads it in the next round. */
export interface DebateNoteEntry {
  type: 'debate:note';
  round: number;
  note: string;
}

/** The pause after round `round` is over (a note, Continue, or the countdown ran out). */
export interface DebateResumedEntry {
  type: 'debate:resumed';
  round: number;
}

export interface ConsensusDeltaEntry {
  type: 'consensus:delta';
  kind: DeltaKind;
  text: string;
}

export interface ConsensusCompletedEntry extends TokenUsage {
  type: 'consensus:completed';
  responseId: number;
  /** The question's token cap cut it off (TOKEN_CAP). */
  stoppedAtLimit: boolean;
}

/** Like answer:reset, for the consensus: drop the consensus text shown so far; it starts afresh. */
export interface ConsensusResetEntry {
  type: 'consensus:reset';
  attempt: number;
}

/** Shown as "Consensus Formation Failed"; the members' answers stand. */
export interface ConsensusFailedEntry {
  type: 'consensus:failed';
  responseId: number | null;
  error: string;
}

/**
 * A claim of the agreement map, as soon as the leader model has written it in full (`index` is its
 * place, 0-based). Drafts: the validated map follows in agreement:completed.
 */
export interface AgreementClaimEntry {
  type: 'agreement:claim';
  index: number;
  claim: AgreementClaim;
}

/** The map was asked for again (the first reply was malformed): drop the draft claims shown. */
export interface AgreementResetEntry {
  type: 'agreement:reset';
  attempt: number;
}

/** The stored map, or the note saying why there is none; before consensus:completed. */
export interface AgreementCompletedEntry {
  type: 'agreement:completed';
  map: AgreementMapResult;
}

/** Last entry of a stream: every response is final (some may carry errors). */
export interface QuestionCompletedEntry {
  type: 'question:completed';
  totalTokensUsed: number;
}

/** Last entry of a stream when the question as a whole could not be processed. */
export interface QuestionFailedEntry {
  type: 'question:failed';
  error: string;
  /** 'cancelled' after Stop: the answers so far are kept, nothing went wrong. */
  reason: QuestionEndReason;
}

export type StreamEntry =
  | AnswerDeltaEntry
  | AnswerCompletedEntry
  | AnswerFailedEntry
  | AnswerResetEntry
  | DebateRoundEntry
  | DebatePausedEntry
  | DebateNoteEntry
  | DebateResumedEntry
  | ConsensusDeltaEntry
  | ConsensusResetEntry
  | ConsensusCompletedEntry
  | ConsensusFailedEntry
  | AgreementClaimEntry
  | AgreementResetEntry
  | AgreementCompletedEntry
  | QuestionCompletedEntry
  | QuestionFailedEntry;

export type StreamEntryType = StreamEntry['type'];
export type StreamEntryOf<T extends StreamEntryType> = Extract<StreamEntry, { type: T }>;

/** After these a stream gets no more entries. */
export const FINAL_STREAM_ENTRY_TYPES: readonly StreamEntryType[] = ['question:completed', 'question:failed'];

/** One of `values`; `absent` when the field is missing (entries written before the field existed). */
interface EnumWithDefault {
  readonly values: readonly string[];
  readonly absent: string;
}
/** A JSON value that `accepts` recognises (stored as its JSON text). */
interface JsonField {
  readonly accepts: (value: unknown) => boolean;
}
/** `flag`: a boolean written only when true, so an absent field reads false. */
type FieldSpec = 'int' | 'id' | 'id?' | 'flag' | 'string' | readonly string[] | EnumWithDefault | JsonField;
type EntrySchema<T extends StreamEntryType> = {
  readonly [K in Exclude<keyof StreamEntryOf<T>, 'type'>]-?: FieldSpec;
};

const USAGE_FIELDS = { promptTokens: 'int', completionTokens: 'int', totalTokens: 'int' } as const;

/**
 * Field types per entry type. `id` is an entity id (a positive integer); `id?` is a nullable one,
 * stored by leaving the field out.
 */
const SCHEMAS: { readonly [T in StreamEntryType]: EntrySchema<T> } = {
  'answer:delta': { memberOrder: 'int', round: 'int', kind: DELTA_KINDS, text: 'string' },
  'answer:completed': {
    memberOrder: 'int',
    round: 'int',
    responseId: 'id',
    stoppedAtLimit: 'flag',
    ...USAGE_FIELDS,
  },
  'answer:failed': { memberOrder: 'int', round: 'int', responseId: 'id?', error: 'string' },
  'answer:reset': { memberOrder: 'int', round: 'int', attempt: 'int' },
  'debate:round': { round: 'int', status: DEBATE_ROUND_STATUSES },
  'debate:paused': { round: 'int', endsAt: 'string' },
  'debate:note': { round: 'int', note: 'string' },
  'debate:resumed': { round: 'int' },
  'consensus:delta': { kind: DELTA_KINDS, text: 'string' },
  'consensus:reset': { attempt: 'int' },
  'consensus:completed': { responseId: 'id', stoppedAtLimit: 'flag', ...USAGE_FIELDS },
  'consensus:failed': { responseId: 'id?', error: 'string' },
  'agreement:claim': { index: 'int', claim: { accepts: isAgreementClaim } },
  'agreement:reset': { attempt: 'int' },
  'agreement:completed': { map: { accepts: isAgreementMapResult } },
  'question:completed': { totalTokensUsed: 'int' },
  'question:failed': { error: 'string', reason: { values: QUESTION_END_REASONS, absent: 'error' } },
};

export function isStreamEntryType(value: unknown): value is StreamEntryType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SCHEMAS, value);
}

/** Flat field/value list for XADD (`redis.xadd(key, '*', ...encodeStreamEntry(entry))`). */
export function encodeStreamEntry(entry: StreamEntry): string[] {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (value === null || value === undefined || value === false) continue;
    fields.push(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return fields;
}

/**
 * Reads an entry back from XREAD's flat field list (or a field map). Returns null for anything that
 * does not match its schema, so a gateway never relays a malformed entry to browsers.
 */
export function decodeStreamEntry(
  fields: readonly string[] | Readonly<Record<string, string>>,
): StreamEntry | null {
  const map = Array.isArray(fields) ? pairsToMap(fields) : (fields as Readonly<Record<string, string>>);
  const type = map.type;
  if (!isStreamEntryType(type)) return null;
  const schema: Readonly<Record<string, FieldSpec>> = SCHEMAS[type];
  const entry: Record<string, unknown> = { type };
  for (const [key, spec] of Object.entries(schema)) {
    const raw = Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
    const value = decodeField(raw, spec);
    if (value === undefined) return null;
    entry[key] = value;
  }
  // Safe: every field of this type's schema was present and of the declared type.
  return entry as unknown as StreamEntry;
}

function decodeField(raw: string | undefined, spec: FieldSpec): unknown {
  if (spec === 'id?' && raw === undefined) return null;
  if (spec === 'flag') return raw === undefined ? false : raw === 'true' ? true : undefined;
  if (isJsonField(spec)) return raw === undefined ? undefined : decodeJson(raw, spec);
  if (isEnumWithDefault(spec))
    return raw === undefined ? spec.absent : spec.values.includes(raw) ? raw : undefined;
  if (raw === undefined) return undefined;
  if (spec === 'string') return raw;
  if (spec === 'int') return /^-?\d+$/.test(raw) ? Number(raw) : undefined;
  if (spec === 'id' || spec === 'id?') return decodeId(raw);
  return spec.includes(raw) ? raw : undefined;
}

function isEnumWithDefault(spec: FieldSpec): spec is EnumWithDefault {
  return typeof spec === 'object' && 'absent' in spec;
}

function isJsonField(spec: FieldSpec): spec is JsonField {
  return typeof spec === 'object' && 'accepts' in spec;
}

function decodeJson(raw: string, spec: JsonField): unknown {
  try {
    const value: unknown = JSON.parse(raw);
    return spec.accepts(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function decodeId(raw: string): number | undefined {
  const id = /^[1-9]\d*$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

function pairsToMap(fields: readonly string[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (let index = 0; index + 1 < fields.length; index += 2) {
    map[fields[index]] = fields[index + 1];
  }
  return map;
}
