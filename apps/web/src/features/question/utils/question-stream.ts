// The live state of one question, folded from the Socket.IO events of libs/contracts. It lives in the
// TanStack Query cache (questionKeys.stream) and every socket event goes through applyStreamEvent via
// setQueryData. Events carry their Redis stream entry id; anything at or before the last applied id
// is a replay we already have, so a reconnect never duplicates text.

import {
  type AgentResponse,
  type AskQuestionResult,
  CONSENSUS_PROVIDER,
  type DebateNote,
  compareEntryIds,
  isQuestionFinal,
  type ModelResponse,
  type QuestionDetail,
  type QuestionResponse,
  type QuestionStatus,
  QUESTION_CANCELLED_MESSAGE,
  type ResponseRow,
  parseRevision,
  type ResponseState,
  type RoleResponse,
  type StreamEvent as WireStreamEvent,
  type StreamEventName,
  type StreamEventPayloads,
  BALANCE_STOP_TEXTS,
  TOKEN_CAP_TEXTS,
  type TokenUsage,
  capShortenedCouncil,
  statusAfterEntry,
} from '@council/contracts';
import {
  type AgreementStream,
  NO_AGREEMENT,
  agreementFromStored,
  resetDrafts,
  withAgreementMap,
  withDraftClaim,
} from './agreement-stream';

/**
 * Where a member (or the consensus) is in its current round. `capped`: the question's token cap left
 * no room to start it (TOKEN_CAP_TEXTS.notStarted, consensusNotWritten): stored as failed, but it is
 * the limit the asker chose, not a fault, so it is neither retried nor shown as an error.
 */
export type AnswerPhase = 'pending' | 'active' | 'completed' | 'failed' | 'cancelled' | 'capped';

export interface MemberStream {
  order: number;
  agent: AgentResponse | null;
  model: ModelResponse | null;
  role: RoleResponse | null;
  /** Answer text per round: 0 is the first answer, 1..n the debate revisions. */
  rounds: string[];
  reasoning: string;
  /** The latest round this member has been asked for. */
  round: number;
  phase: AnswerPhase;
  /** Whether text (not only reasoning) has arrived in the current round. */
  hasText: boolean;
  responseId: number | null;
  error: string | null;
  /** The token cap cut the current round's answer off; its text is kept. */
  stoppedAtLimit: boolean;
  usage: TokenUsage;
}

export interface ConsensusStream {
  text: string;
  reasoning: string;
  phase: AnswerPhase;
  hasText: boolean;
  responseId: number | null;
  error: string | null;
  /** The token cap cut the consensus off; its text is kept. */
  stoppedAtLimit: boolean;
  usage: TokenUsage;
  /** The agreement map drawn with the consensus: drafts while it streams, then the stored map. */
  agreement: AgreementStream;
}

export interface DebateRoundRecord {
  round: number;
  status: 'started' | 'completed';
}

/** "Let me weigh in": the debate waits for the asker's note after `round` until `endsAt` (ISO). */
export interface DebatePause {
  round: number;
  endsAt: string;
}

/** The asker's note after round `afterRound` (0: the opening answers). */
export type AskerNote = Pick<DebateNote, 'afterRound' | 'note'>;

/** What a question's live state starts from: the POST answer, or a REST read with its notes. */
export type QuestionSeed = AskQuestionResult & { notes?: readonly AskerNote[] };

export interface QuestionStreamState {
  questionId: number;
  question: string;
  showDebate: boolean;
  showReasoning: boolean;
  debateLeaderId: number | null;
  /** The asker's "Stop at N tokens"; null without one (a stopped answer then ran out of balance). */
  tokenCap: number | null;
  /** The debate pauses after each round for the asker's note. */
  weighIn: boolean;
  status: QuestionStatus;
  lastEntryId: string | null;
  members: MemberStream[];
  consensus: ConsensusStream | null;
  /** The debate round running now, if any. */
  debateRound: number | null;
  debateRounds: DebateRoundRecord[];
  /** While the debate waits for the asker's note; else null. */
  pause: DebatePause | null;
  /** The asker's notes between rounds, oldest round first. */
  notes: AskerNote[];
  totalTokensUsed: number;
  /**
   * The token cap cut or stopped some member's answer, in any round (capShortenedCouncil): a
   * consensus then says it was written from what there was.
   */
  capShortened: boolean;
  /** question:failed: the question as a whole could not be processed. */
  error: string | null;
}

/** A socket stream event as the state folds it (the wire sends [name, payload] pairs). */
export type StreamEvent = {
  [K in StreamEventName]: { type: K; payload: StreamEventPayloads[K] };
}[StreamEventName];

/** The events of one `question:events` frame, as the state folds them. */
export function streamEventsOf(events: readonly WireStreamEvent[]): StreamEvent[] {
  // Each pair's name matches its payload (WireStreamEvent); the object keeps that pairing.
  return events.map(([type, payload]) => ({ type, payload }) as StreamEvent);
}

const NO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

function emptyMember(
  order: number,
  agent: AgentResponse | null,
  model: ModelResponse | null,
  role: RoleResponse | null,
): MemberStream {
  return {
    order,
    agent,
    model,
    role,
    rounds: [],
    reasoning: '',
    round: 0,
    phase: 'pending',
    hasText: false,
    responseId: null,
    error: null,
    stoppedAtLimit: false,
    usage: NO_USAGE,
  };
}

function emptyConsensus(): ConsensusStream {
  return {
    text: '',
    reasoning: '',
    phase: 'pending',
    hasText: false,
    responseId: null,
    error: null,
    stoppedAtLimit: false,
    usage: NO_USAGE,
    agreement: NO_AGREEMENT,
  };
}

/** The pause a question read over REST reports (it is server state, so a reload finds it). */
function pauseOf(question: QuestionResponse): DebatePause | null {
  if (question.pausedAfterRound === null || question.pauseEndsAt === null) return null;
  if (isQuestionFinal(question.status)) return null;
  return { round: question.pausedAfterRound, endsAt: question.pauseEndsAt };
}

/** Adds the note after `note.afterRound`, or replaces it (the stream's copy wins over ours). */
function withNote(notes: readonly AskerNote[], note: AskerNote): AskerNote[] {
  return [...notes.filter((other) => other.afterRound !== note.afterRound), note].sort(
    (a, b) => a.afterRound - b.afterRound,
  );
}

/** The state right after POST /api/questions (responses still empty, DECISIONS 12). */
export function createQuestionStream(result: QuestionSeed): QuestionStreamState {
  const { question } = result;
  const state: QuestionStreamState = {
    questionId: question.id,
    question: question.question,
    showDebate: question.showDebate,
    showReasoning: question.showReasoning,
    debateLeaderId: question.debateLeaderId,
    tokenCap: question.tokenCap ?? null,
    weighIn: question.weighIn ?? false,
    status: question.status,
    lastEntryId: null,
    members: [...result.agents]
      .sort((a, b) => a.order - b.order)
      .map((member) => emptyMember(member.order, member.agent, member.model, member.role)),
    consensus: question.showDebate ? emptyConsensus() : null,
    debateRound: null,
    debateRounds: [],
    pause: pauseOf(question),
    notes: (result.notes ?? []).reduce<AskerNote[]>(
      (notes, { afterRound, note }) => withNote(notes, { afterRound, note }),
      [],
    ),
    totalTokensUsed: question.totalTokensUsed,
    capShortened: false,
    error: null,
  };
  return result.responses.reduce(applyResponseRow, state);
}

/** The state of a question read over REST (GET /api/questions/{id}). */
export function questionStreamFromDetail(detail: QuestionDetail): QuestionStreamState {
  return createQuestionStream({
    question: detail.question,
    agents: detail.question.questionAgents,
    responses: detail.answers,
    notes: detail.notes,
  });
}

/** Folds a stored response row in: the latest round per member wins. */
export function applyResponseRow(state: QuestionStreamState, row: ResponseRow): QuestionStreamState {
  const usage = {
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    totalTokens: row.totalTokens,
  };
  // A member cut off by Stop is stored as failed with the cancel marker, its partial text kept.
  const phase: AnswerPhase =
    row.error === QUESTION_CANCELLED_MESSAGE
      ? 'cancelled'
      : row.error !== null
        ? failedPhase(row.error)
        : row.status === 'completed'
          ? 'completed'
          : row.status === 'failed'
            ? 'failed'
            : row.status === 'streaming'
              ? 'active'
              : 'pending';
  const capShortened = state.capShortened || capShortenedCouncil([row]);
  if (row.provider === CONSENSUS_PROVIDER) {
    return {
      ...state,
      capShortened,
      consensus: {
        ...(state.consensus ?? emptyConsensus()),
        text: row.response,
        reasoning: row.reasoning ?? '',
        phase,
        hasText: row.response.length > 0,
        responseId: row.id,
        error: row.error,
        stoppedAtLimit: row.stoppedAtLimit,
        usage,
        agreement: agreementFromStored(row.agreementMap),
      },
    };
  }
  return updateMember({ ...state, capShortened }, row.memberOrder ?? -1, (member) => {
    const rounds = [...member.rounds];
    rounds[row.round] = row.response;
    // A card's token counts are the member's whole spend on the question, every round, as live.
    const total = addUsage(member.usage, usage);
    if (row.round < member.round) return { ...member, rounds, usage: total };
    return {
      ...member,
      rounds,
      reasoning: row.reasoning ?? '',
      round: row.round,
      phase,
      hasText: row.response.length > 0,
      responseId: row.id,
      error: row.error,
      stoppedAtLimit: row.stoppedAtLimit,
      usage: total,
    };
  });
}

/**
 * A failure the token cap caused is the asker's limit, not a fault (AnswerPhase `capped`); so is
 * a call the balance could not pay to start (DECISIONS 26).
 */
function failedPhase(error: string): AnswerPhase {
  return error === TOKEN_CAP_TEXTS.notStarted ||
    error === TOKEN_CAP_TEXTS.consensusNotWritten ||
    error === BALANCE_STOP_TEXTS.notStarted
    ? 'capped'
    : 'failed';
}

/** Whether this answer makes capShortened true, told by the contracts' own rule. */
function shortensCouncil(memberOrder: number, stoppedAtLimit: boolean, error: string | null): boolean {
  return capShortenedCouncil([{ memberOrder, stoppedAtLimit, error }]);
}

function withRevisionAnswer(rounds: string[], round: number): string[] {
  const text = rounds[round];
  if (text === undefined) return rounds;
  const next = [...rounds];
  next[round] = parseRevision(text).answer;
  return next;
}

function updateMember(
  state: QuestionStreamState,
  order: number,
  change: (member: MemberStream) => MemberStream,
): QuestionStreamState {
  if (!state.members.some((member) => member.order === order)) return state;
  return {
    ...state,
    members: state.members.map((member) => (member.order === order ? change(member) : member)),
  };
}

function withConsensusAgreement(
  state: QuestionStreamState,
  change: (agreement: AgreementStream) => AgreementStream,
): QuestionStreamState {
  const consensus = state.consensus ?? emptyConsensus();
  return { ...state, consensus: { ...consensus, agreement: change(consensus.agreement) } };
}

/**
 * The token counts a stopped question's stored rows know and the stream did not carry: only the
 * counts are taken, so nothing shown (text, states) is replaced by an older read.
 */
export function withStoredUsage(
  state: QuestionStreamState,
  stored: QuestionStreamState,
): QuestionStreamState {
  const more = (shown: TokenUsage, read: TokenUsage | undefined): TokenUsage =>
    read && read.totalTokens > shown.totalTokens ? read : shown;
  return {
    ...state,
    members: state.members.map((member) => ({
      ...member,
      usage: more(member.usage, stored.members.find((other) => other.order === member.order)?.usage),
    })),
    consensus: state.consensus
      ? { ...state.consensus, usage: more(state.consensus.usage, stored.consensus?.usage) }
      : state.consensus,
    totalTokensUsed: Math.max(state.totalTokensUsed, stored.totalTokensUsed),
  };
}

function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

function usageOf(payload: TokenUsage): TokenUsage {
  return {
    promptTokens: payload.promptTokens,
    completionTokens: payload.completionTokens,
    totalTokens: payload.totalTokens,
  };
}

/**
 * Applies one socket event. Events of another question, and replays at or before lastEntryId, leave
 * the state untouched (the same object, so React does not re-render).
 */
export function applyStreamEvent(state: QuestionStreamState, event: StreamEvent): QuestionStreamState {
  const { payload } = event;
  if (payload.questionId !== state.questionId) return state;
  if (state.lastEntryId !== null && compareEntryIds(payload.entryId, state.lastEntryId) <= 0) return state;
  const next: QuestionStreamState = {
    ...state,
    lastEntryId: payload.entryId,
    status: isQuestionFinal(state.status) ? state.status : 'running',
  };

  switch (event.type) {
    case 'answer:delta': {
      const { memberOrder, round, kind, text } = event.payload;
      return updateMember(next, memberOrder, (member) => {
        const newRound = round > member.round;
        const rounds = [...member.rounds];
        if (kind === 'text') rounds[round] = (rounds[round] ?? '') + text;
        return {
          ...member,
          rounds,
          reasoning: kind === 'reasoning' ? (newRound ? text : member.reasoning + text) : member.reasoning,
          round: Math.max(member.round, round),
          phase: 'active',
          hasText: kind === 'text' || (!newRound && member.hasText),
          error: null,
          // Text still arriving has not been cut off.
          stoppedAtLimit: false,
        };
      });
    }
    case 'answer:completed': {
      const { memberOrder, round, responseId, stoppedAtLimit } = event.payload;
      const capShortened = next.capShortened || shortensCouncil(memberOrder, stoppedAtLimit, null);
      return updateMember({ ...next, capShortened }, memberOrder, (member) => ({
        ...member,
        // A finished revision drops its position line, as the stored revision does.
        rounds: round > 0 ? withRevisionAnswer(member.rounds, round) : member.rounds,
        round: Math.max(member.round, round),
        phase: 'completed',
        responseId,
        error: null,
        stoppedAtLimit,
        usage: addUsage(member.usage, usageOf(event.payload)),
      }));
    }
    case 'answer:failed': {
      const { memberOrder, round, responseId, error } = event.payload;
      const capShortened = next.capShortened || shortensCouncil(memberOrder, false, error);
      return updateMember({ ...next, capShortened }, memberOrder, (member) => ({
        ...member,
        round: Math.max(member.round, round),
        phase: failedPhase(error),
        responseId: responseId ?? member.responseId,
        error,
        stoppedAtLimit: false,
      }));
    }
    case 'answer:reset': {
      // A retried attempt starts: drop what this member showed for the round; fresh deltas follow.
      const { memberOrder, round } = event.payload;
      return updateMember(next, memberOrder, (member) => {
        const rounds = [...member.rounds];
        rounds[round] = '';
        return {
          ...member,
          rounds,
          reasoning: '',
          round: Math.max(member.round, round),
          phase: 'pending',
          hasText: false,
          error: null,
          stoppedAtLimit: false,
        };
      });
    }
    case 'consensus:reset': {
      const consensus = next.consensus ?? emptyConsensus();
      return {
        ...next,
        consensus: {
          ...consensus,
          text: '',
          reasoning: '',
          phase: 'pending',
          hasText: false,
          error: null,
          stoppedAtLimit: false,
          // The map is drawn beside the synthesis and keeps its own state: a new attempt of the
          // prose leaves it alone (an attempt of the map itself starts with agreement:reset).
        },
      };
    }
    case 'agreement:claim': {
      const { index, claim } = event.payload;
      return withConsensusAgreement(next, (agreement) => withDraftClaim(agreement, { index, claim }));
    }
    case 'agreement:reset':
      return withConsensusAgreement(next, resetDrafts);
    case 'agreement:completed': {
      const { map } = event.payload;
      return withConsensusAgreement(next, () => withAgreementMap(map));
    }
    case 'debate:round': {
      const { round, status } = event.payload;
      const debateRounds = [...next.debateRounds, { round, status }];
      if (status === 'completed') {
        return { ...next, debateRounds, debateRound: next.debateRound === round ? null : next.debateRound };
      }
      return {
        ...next,
        debateRounds,
        debateRound: round,
        pause: null,
        // Every member still in the debate is asked for a revision: it is "thinking" again.
        members: next.members.map((member) =>
          member.phase === 'failed' || member.phase === 'cancelled' || member.phase === 'capped'
            ? member
            : { ...member, round, phase: 'pending', hasText: false, stoppedAtLimit: false },
        ),
      };
    }
    case 'debate:paused': {
      const { round, endsAt } = event.payload;
      return { ...next, debateRound: null, pause: { round, endsAt } };
    }
    case 'debate:note': {
      const { round, note } = event.payload;
      return { ...next, notes: withNote(next.notes, { afterRound: round, note }) };
    }
    case 'debate:resumed':
      return withoutPause(next, event.payload.round);
    case 'consensus:delta': {
      const { kind, text } = event.payload;
      const consensus = next.consensus ?? emptyConsensus();
      return {
        ...next,
        debateRound: null,
        pause: null,
        consensus: {
          ...consensus,
          text: kind === 'text' ? consensus.text + text : consensus.text,
          reasoning: kind === 'reasoning' ? consensus.reasoning + text : consensus.reasoning,
          phase: 'active',
          hasText: consensus.hasText || kind === 'text',
        },
      };
    }
    case 'consensus:completed': {
      const consensus = next.consensus ?? emptyConsensus();
      return {
        ...next,
        consensus: {
          ...consensus,
          phase: 'completed',
          responseId: event.payload.responseId,
          error: null,
          stoppedAtLimit: event.payload.stoppedAtLimit,
          usage: usageOf(event.payload),
        },
      };
    }
    case 'consensus:failed': {
      const consensus = next.consensus ?? emptyConsensus();
      return {
        ...next,
        debateRound: null,
        consensus: {
          ...consensus,
          phase: failedPhase(event.payload.error),
          responseId: event.payload.responseId ?? consensus.responseId,
          error: event.payload.error,
        },
      };
    }
    case 'question:completed':
      return {
        ...next,
        status: statusAfterEntry(event.type),
        debateRound: null,
        pause: null,
        totalTokensUsed: event.payload.totalTokensUsed,
      };
    case 'question:failed': {
      const { error, reason } = event.payload;
      const status = statusAfterEntry(event.type, reason);
      // Stop is not a failure: the answers so far stay as they are (DECISIONS 18).
      if (status === 'cancelled') return markCancelled(next);
      return {
        ...next,
        status,
        debateRound: null,
        pause: null,
        error,
        members: next.members.map((member) =>
          member.phase === 'completed' || member.phase === 'failed' || member.phase === 'capped'
            ? member
            : { ...member, phase: 'failed', error },
        ),
      };
    }
  }
}

/**
 * Before a subscription from the stream's first entry (no lastEntryId yet, e.g. a question read over
 * REST after a reload): the replay rebuilds every answer, so the stored partial texts, phases and
 * counts are dropped first; keeping them would show each replayed answer twice. The pause and the
 * notes stay: the replay sets and ends pauses in order and replaces notes by round, so it arrives
 * at the same place without the panel flickering away meanwhile.
 */
export function clearForReplay(state: QuestionStreamState): QuestionStreamState {
  if (state.lastEntryId !== null || isQuestionFinal(state.status)) return state;
  return {
    ...state,
    members: state.members.map((member) =>
      emptyMember(member.order, member.agent, member.model, member.role),
    ),
    consensus: state.consensus ? emptyConsensus() : null,
    debateRound: null,
    debateRounds: [],
    capShortened: false,
  };
}

/** After POST …/cancel: unfinished answers are kept as they are and marked stopped. */
export function markCancelled(state: QuestionStreamState): QuestionStreamState {
  const stop = <T extends { phase: AnswerPhase }>(answer: T): T =>
    answer.phase === 'pending' || answer.phase === 'active' ? { ...answer, phase: 'cancelled' } : answer;
  return {
    ...state,
    status: 'cancelled',
    debateRound: null,
    pause: null,
    members: state.members.map(stop),
    consensus: state.consensus ? stop(state.consensus) : null,
  };
}

/**
 * The pause after `round` is over (the stream's debate:resumed, or our note or Continue was
 * accepted): a later pause, should one already be shown, stays.
 */
export function withoutPause(state: QuestionStreamState, round: number): QuestionStreamState {
  if (state.pause === null || state.pause.round > round) return state;
  return { ...state, pause: null };
}

/** After POST …/notes: the note is in, and the debate no longer waits. */
export function withNoteSent(state: QuestionStreamState, round: number, note: string): QuestionStreamState {
  return { ...withoutPause(state, round), notes: withNote(state.notes, { afterRound: round, note }) };
}

/**
 * After POST …/retry: the member starts over; its new attempt streams in under later entry ids.
 * `fromEntryId`: the stream entry that starts an answer given again (the reply's streamEntryId).
 * The state already shows everything before it, so the stream is followed from there: a state read
 * over REST (no entry applied yet) is not replayed from the first entry, which would drop the
 * other members' answers when the earlier stream has expired.
 */
export function markRetrying(
  state: QuestionStreamState,
  order: number,
  fromEntryId: string | null = null,
): QuestionStreamState {
  const retried = updateMember(state, order, (member) => ({
    ...emptyMember(member.order, member.agent, member.model, member.role),
  }));
  const lastEntryId =
    fromEntryId !== null &&
    (state.lastEntryId === null || compareEntryIds(fromEntryId, state.lastEntryId) > 0)
      ? fromEntryId
      : state.lastEntryId;
  return { ...retried, status: 'running', error: null, lastEntryId };
}

/** The text a member card shows: its latest round that has any text. */
export function memberText(member: MemberStream): string {
  for (let round = member.rounds.length - 1; round >= 0; round -= 1) {
    const text = member.rounds[round];
    if (text) return text;
  }
  return '';
}

/** The badge of a card (spec: queued, thinking, streaming, done, failed; plus stopped after Stop). */
export function answerState(
  answer: { phase: AnswerPhase; hasText: boolean; reasoning: string },
  questionStatus: QuestionStatus,
): ResponseState {
  switch (answer.phase) {
    case 'completed':
      return 'done';
    case 'failed':
      return 'failed';
    case 'cancelled':
    case 'capped':
      return 'stopped';
    case 'active':
      if (questionStatus === 'cancelled') return 'stopped';
      return answer.hasText ? 'streaming' : 'thinking';
    case 'pending':
      if (questionStatus === 'cancelled') return 'stopped';
      return questionStatus === 'running' ? 'thinking' : 'queued';
  }
}

/** The red single-error panel: no answer came through and at least one error did. */
export function singleErrorMessage(state: QuestionStreamState): string | null {
  if (state.members.length === 0) return state.error;
  const allFailed = state.members.every((member) => member.phase === 'failed');
  if (!allFailed) return null;
  return state.error ?? state.members.find((member) => member.error)?.error ?? null;
}

/** A question still worth listening to. */
export function isStreaming(state: QuestionStreamState): boolean {
  return !isQuestionFinal(state.status);
}

/** One section of the debate log: a round and what each member said in it. */
export interface TranscriptRound {
  round: number;
  /** Live, a round the debate has started but not finished. */
  inProgress: boolean;
  entries: { member: MemberStream; text: string }[];
  /** The asker's note after this round, which every member read in the next one. */
  note: string | null;
}

/**
 * The debate log, built the same way live and read back: from the members' answers per round
 * (round 0, the opening answers, first) and the asker's notes between them, so both views always
 * show the same transcript.
 */
export function debateTranscript(state: QuestionStreamState): TranscriptRound[] {
  const last = Math.max(
    -1,
    ...state.members.map((member) => member.rounds.length - 1),
    ...state.debateRounds.map((record) => record.round),
    ...state.notes.map((note) => note.afterRound),
  );
  const transcript: TranscriptRound[] = [];
  for (let round = 0; round <= last; round += 1) {
    const entries = state.members.flatMap((member) => {
      const text = member.rounds[round];
      return text ? [{ member, text }] : [];
    });
    const started = state.debateRounds.some((record) => record.round === round);
    const completed = state.debateRounds.some(
      (record) => record.round === round && record.status === 'completed',
    );
    const inProgress = round > 0 && started && !completed && !isQuestionFinal(state.status);
    const note = state.notes.find((candidate) => candidate.afterRound === round)?.note ?? null;
    if (entries.length > 0 || inProgress || note !== null) {
      transcript.push({ round, inProgress, entries, note });
    }
  }
  return transcript;
}
