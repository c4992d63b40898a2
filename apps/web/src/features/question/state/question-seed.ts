// Where a question's live state starts: the POST answer (responses still empty, DECISIONS 12), or a
// REST read, whose stored rows fold in the way the stream's entries do, so both read the same.

import {
  CONSENSUS_PROVIDER,
  type QuestionDetail,
  type QuestionResponse,
  QUESTION_CANCELLED_MESSAGE,
  type ResponseRow,
  capShortenedCouncil,
  isQuestionFinal,
} from '@council/contracts';
import { agreementFromStored } from './agreement-stream';
import { updateMember } from './answer.reducer';
import { addUsage, failedPhase } from './answer-phase';
import { withNote } from './debate.reducer';
import {
  type AnswerPhase,
  type AskerNote,
  type DebatePause,
  type QuestionSeed,
  type QuestionStreamState,
  emptyConsensus,
  emptyMember,
} from './question-state';

/** The pause a question read over REST reports (it is server state, so a reload finds it). */
function pauseOf(question: QuestionResponse): DebatePause | null {
  if (question.pausedAfterRound === null || question.pauseEndsAt === null) return null;
  if (isQuestionFinal(question.status)) return null;
  return { round: question.pausedAfterRound, endsAt: question.pauseEndsAt };
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
