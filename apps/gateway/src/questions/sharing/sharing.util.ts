// Pure helpers of sharing: link ids and URLs, and which stored answers a shared page shows.

import { randomBytes } from 'node:crypto';
import { type QuestionResponse, type SharedResponse, type SharedRound, sharedPath } from '@council/contracts';
import { type QuestionAgentEntity, type QuestionEntity } from '@council/db';
import { isShareActive } from '../history/history.util';
import { SHARE_ID_BYTES } from './sharing.constants';

/** The share fields of a question as the owner reads them. */
export type ShareState = Pick<
  QuestionResponse,
  'isShared' | 'shareId' | 'shareTitle' | 'shareDescription' | 'shareExpiresAt'
>;

/** A new, unguessable link id; base64url, so it sits in a URL as it is. */
export function generateShareId(): string {
  return randomBytes(SHARE_ID_BYTES).toString('base64url');
}

/**
 * Whether `value` can be a link id at all (URL-safe, within the column's 64 characters). Anything
 * else is answered 404 without a query.
 */
export function isShareIdFormat(value: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(value);
}

/** The public link on PUBLIC_URL (never the request's Host): /shared/{shareId} of the web app. */
export function shareLink(publicUrl: string, shareId: string): string {
  return `${new URL(publicUrl).origin}${sharedPath(shareId)}`;
}

/** A council's agent names by member order: a shared page names members as the Ask screen does. */
export function agentNamesByOrder(
  council: readonly Pick<QuestionAgentEntity, 'order' | 'agent'>[],
): Map<number, string> {
  return new Map(
    council.flatMap((member) => (member.agent ? [[member.order, member.agent.name] as const] : [])),
  );
}

/**
 * What a shared page shows of one stored answer, given what the question was asked to show and its
 * council's agent names (agentNamesByOrder).
 */
export function toSharedResponse(
  row: Omit<SharedResponse, 'agentName'>,
  question: { showReasoning: boolean; showDebate: boolean },
  agentNames: ReadonlyMap<number, string>,
): SharedResponse {
  return {
    id: row.id,
    provider: row.provider,
    // The consensus speaks for the council, not for one agent.
    agentName: row.memberOrder === null ? null : (agentNames.get(row.memberOrder) ?? null),
    model: row.model,
    response: row.response,
    // Reasoning and the debate log are part of the page only when the question asked for them.
    reasoning: question.showReasoning ? row.reasoning : null,
    totalTokens: row.totalTokens,
    memberOrder: row.memberOrder,
    round: row.round,
    positionChanged: row.positionChanged,
    debateLog: question.showDebate ? row.debateLog : null,
    agreementMap: row.agreementMap,
    stoppedAtLimit: row.stoppedAtLimit,
  };
}

/** A debate's answers (by round, then member) grouped into its rounds, oldest first. */
export function groupRounds(answers: readonly SharedResponse[]): SharedRound[] {
  const rounds: SharedRound[] = [];
  for (const answer of answers) {
    const last = rounds.at(-1);
    if (last && last.round === answer.round) last.answers.push(answer);
    else rounds.push({ round: answer.round, answers: [answer] });
  }
  return rounds;
}

/**
 * A conversation's share state, which lives on its first question (docs/decisions.md, "25.
 * Follow-ups"): what every turn of it reports. Shared means the link works right now.
 */
export function conversationShare(
  first: Pick<QuestionEntity, 'isShared' | 'shareId' | 'shareTitle' | 'shareDescription' | 'shareExpiresAt'>,
  now: Date,
): ShareState {
  return {
    isShared: isShareActive(first, now),
    shareId: first.shareId,
    shareTitle: first.shareTitle,
    shareDescription: first.shareDescription,
    shareExpiresAt: first.shareExpiresAt ? first.shareExpiresAt.toISOString() : null,
  };
}
