import { Injectable } from '@nestjs/common';
import {
  type AskQuestionResult,
  CONVERSATION_TEXTS,
  type FollowUpDto,
  answerMaxOutputTokensFor,
  fitThread,
} from '@council/contracts';
import { threadTurnChars } from '@council/db';
import { DomainException } from '@council/server-kit';
import { type AuthUser } from '../../users/users.util';
import { AskQuestion } from '../ask/ask-question.service';
import { CatalogueSnapshotService } from '../data/catalogue-snapshot.service';
import { ConversationsRepository } from '../data/conversations.repository';
import { QuestionsRepository } from '../data/questions.repository';
import { isFinalStatus, planFollowUp } from '../questions.util';

/**
 * Following up (docs/decisions.md, "25. Follow-ups"): a new turn of the conversation for the same
 * council, once every turn before it has finished. Its members read their own threads, as long as
 * the smallest member's context window allows; the oldest turns are left out first.
 */
@Injectable()
export class FollowUpQuestion {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly conversations: ConversationsRepository,
    private readonly catalogue: CatalogueSnapshotService,
    private readonly ask: AskQuestion,
  ) {}

  async execute(
    user: AuthUser,
    questionId: number,
    dto: FollowUpDto,
    wait: boolean,
  ): Promise<AskQuestionResult> {
    const asked = await this.questions.findOwned(user.id, questionId);
    const conversationId = asked.conversationId ?? asked.id;
    const turns = await this.conversations.turns(conversationId);
    if (turns.some((turn) => !isFinalStatus(turn.status))) {
      throw new DomainException('CONFLICT', CONVERSATION_TEXTS.stillRunning);
    }
    const [council, catalogue, thread] = await Promise.all([
      this.questions.council(conversationId),
      this.catalogue.get(),
      this.conversations.thread(conversationId),
    ]);
    const leaderAgentId = [...turns].reverse().find((turn) => turn.debateLeaderId !== null)?.debateLeaderId;
    const plan = planFollowUp(user.subscriptionTier, dto, council, leaderAgentId ?? null, catalogue);
    const rolePromptLength = Math.max(
      0,
      ...plan.members.map(
        (member) => catalogue.roles.find((role) => role.id === member.roleId)?.prompt.length ?? 0,
      ),
    );
    const fit = fitThread({
      turns: thread.map((turn) => ({
        chars: Math.max(0, ...plan.members.map((member) => threadTurnChars(turn, member.order))),
      })),
      contextWindows: council.map((member) => member.model?.contextWindow ?? null),
      answerMaxOutputTokens: answerMaxOutputTokensFor(user.subscriptionTier),
      promptChars: dto.question.length + rolePromptLength,
    });
    return this.ask.start(user, dto, plan, catalogue, wait, {
      conversationId,
      threadOmittedTurns: fit.omittedTurns,
      threadChars: fit.threadChars,
    });
  }
}
