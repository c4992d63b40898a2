import { JOBS, answerMaxOutputTokensFor } from '@council/contracts';
import {
  type AgreementMapMember,
  type LlmRequest,
  type LlmTask,
  buildCouncilRequest,
  type ThreadTurn,
  buildDebateLog,
  latestCouncilAnswers,
  memberLabel,
} from '@council/llm';
import { type ConversationThreadRepository } from './data/conversation-thread.repository';
import { type DebateNotesRepository } from './data/debate-notes.repository';
import { type JobContext, type JobMember } from './data/job-start.repository';
import { type QuestionAgentsRepository } from './data/question-agents.repository';
import { type ResponsesRepository } from './data/responses.repository';
import { type ProviderJobName, type ProviderJobTarget } from './provider-job.types';

const TASKS: Record<ProviderJobName, LlmTask> = {
  [JOBS.memberAnswer]: 'answer',
  [JOBS.debateRevision]: 'revision',
  [JOBS.synthesis]: 'synthesis',
};

/** What a provider job reads of the council to build its request and the debate transcript. */
export class CouncilInputsService {
  constructor(
    private readonly members: QuestionAgentsRepository,
    private readonly responses: ResponsesRepository,
    private readonly notes: DebateNotesRepository,
    private readonly conversations: ConversationThreadRepository,
  ) {}

  /** The provider request; revisions and the synthesis read the council's latest answers first. */
  async request(target: ProviderJobTarget, context: JobContext, member: JobMember): Promise<LlmRequest> {
    const { data } = target;
    const latest =
      target.name === JOBS.memberAnswer
        ? []
        : latestCouncilAnswers(
            await this.members.withNames(data.questionId),
            await this.responses.latestOfMembers(
              data.questionId,
              target.consensus ? data.round : data.round - 1,
            ),
          );
    return buildCouncilRequest({
      task: TASKS[target.name],
      question: context.question,
      model: member.apiModel,
      rolePrompt: member.rolePrompt,
      // The limit the question's reservation was sized from (estimateQuestionTokens).
      maxTokens: answerMaxOutputTokensFor(context.tier),
      reasoning: data.showReasoning,
      round: data.round,
      memberOrder: data.memberOrder,
      latest,
      note:
        target.name === JOBS.debateRevision
          ? ((await this.notes.ofQuestion(data.questionId)).find(
              (entry) => entry.afterRound === data.round - 1,
            )?.note ?? null)
          : null,
      thread: await this.thread(context, data.questionId, data.memberOrder),
    });
  }

  /**
   * A follow-up's member reads its own thread: the earlier questions, its own final answers and
   * each consensus, never the other members' raw answers (docs/decisions.md, "25. Follow-ups").
   * The synthesis is the leader's call, so it reads the leader's thread.
   */
  private async thread(context: JobContext, questionId: number, memberOrder: number): Promise<ThreadTurn[]> {
    if (context.conversationId === null) return [];
    const turns = await this.conversations.before(
      context.conversationId,
      questionId,
      context.threadOmittedTurns,
    );
    return turns.map((turn) => ({
      question: turn.question,
      ownAnswer: turn.answers[memberOrder] ?? null,
      consensus: turn.consensus,
    }));
  }

  /** The members whose final answers (up to `round`) the agreement map describes, in council order. */
  async agreementMembers(questionId: number, round: number): Promise<AgreementMapMember[]> {
    const [members, answers, changes] = await Promise.all([
      this.members.withNames(questionId),
      this.responses.latestOfMembers(questionId, round),
      this.responses.positionChanges(questionId),
    ]);
    return members.flatMap((member) => {
      const answer = answers.find((candidate) => candidate.memberOrder === member.order);
      return answer
        ? [
            {
              memberOrder: member.order,
              label: memberLabel(member),
              answer: answer.response,
              positionChanges: (changes.get(member.order) ?? []).filter((changed) => changed <= answer.round),
            },
          ]
        : [];
    });
  }

  /** The debate transcript (markdown), stored as the consensus's debateLog. */
  async debateLog(questionId: number): Promise<string> {
    return buildDebateLog(
      await this.members.withNames(questionId),
      await this.responses.completedOfQuestion(questionId),
      await this.notes.ofQuestion(questionId),
    );
  }
}
