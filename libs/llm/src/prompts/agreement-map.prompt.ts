// The agreement-map request the debate leader's model answers while the consensus is written beside
// it: the members' final answers, numbered from 1 in council order with the rounds in which each
// changed position, and the JSON schema its reply must match (read back by readAgreementReply in
// @council/contracts). It reads no consensus, so it need not wait for one.

import { AGREEMENT_MAP_LIMITS, CLAIM_STANCES } from '@council/contracts';
import { type LlmJsonOutput, type LlmRequest } from '../llm.types';

/** One member as the map request shows it. */
export interface AgreementMapMember {
  memberOrder: number;
  /** e.g. "Claude (Claude Sonnet 4)". */
  label: string;
  /** Its final answer. */
  answer: string;
  /** Debate rounds in which it changed its position, ascending. */
  positionChanges: readonly number[];
}

export interface AgreementMapPromptInput {
  question: string;
  members: readonly AgreementMapMember[];
}

export const AGREEMENT_MAP_SYSTEM_PROMPT =
  'You map where the members of a council of AI assistants agree. You read their final answers ' +
  'and report, for each key claim, whether each member supports it, opposes it or does not ' +
  'address it. You report only what the answers say.';

/** The structured output: a `claims` list; members are named by their number in the request. */
export const AGREEMENT_MAP_OUTPUT: LlmJsonOutput = {
  name: 'record_agreement_map',
  description: "Record the council's key claims and where each member stands on each one.",
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['claims'],
    properties: {
      claims: {
        type: 'array',
        maxItems: AGREEMENT_MAP_LIMITS.maxClaims,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['claim', 'stances'],
          properties: {
            claim: { type: 'string', description: 'The claim, as one short sentence.' },
            stances: {
              type: 'array',
              description: 'Exactly one entry per member.',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['member', 'stance', 'reason', 'changedInRound'],
                properties: {
                  member: { type: 'integer', description: 'The member number.' },
                  stance: { type: 'string', enum: [...CLAIM_STANCES] },
                  reason: {
                    type: 'string',
                    description: 'When the member opposes: why, in one line. Otherwise empty.',
                  },
                  changedInRound: {
                    type: ['integer', 'null'],
                    description:
                      'The debate round in which the member changed its position to reach this stance, or null.',
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

const MEMBERS_HEADING = 'These are the members’ final answers:';

/** The user message of the map request. */
export function buildAgreementMapPrompt(input: AgreementMapPromptInput): string {
  return [
    'A council of AI assistants was asked:',
    `<question>\n${input.question.trim()}\n</question>`,
    MEMBERS_HEADING,
    input.members
      .map(
        (member, index) =>
          `<member number="${index + 1}" name="${escapeAttribute(member.label)}" ` +
          `changed_position_in_rounds="${member.positionChanges.join(',')}">\n${member.answer.trim()}\n</member>`,
      )
      .join('\n\n'),
    `List the key claims the council made (at most ${AGREEMENT_MAP_LIMITS.maxClaims}, each one short ` +
      'sentence), including the ones members disagree on. For every claim give every member, by ' +
      'number, exactly one stance: "supports", "opposes" or "silent" (its answer does not address ' +
      'the claim). When a member opposes, give its reason in one line. When a member reached its ' +
      'stance by changing position in a debate round listed for it, give that round as ' +
      'changedInRound; otherwise null.',
  ].join('\n\n');
}

/** The request the leader's model answers with the map. */
export function buildAgreementMapRequest(model: string, input: AgreementMapPromptInput): LlmRequest {
  return {
    model,
    system: AGREEMENT_MAP_SYSTEM_PROMPT,
    messages: [{ role: 'user', content: buildAgreementMapPrompt(input) }],
    maxTokens: AGREEMENT_MAP_LIMITS.maxOutputTokens,
    reasoning: false,
    temperature: 0,
    task: 'agreement',
    output: AGREEMENT_MAP_OUTPUT,
  };
}

/** A map request read back (the demo adapter answers from it). */
export interface AgreementMapPromptContent {
  question: string;
  members: Array<{ number: number; label: string; answer: string; positionChanges: number[] }>;
}

export function readAgreementMapPrompt(content: string): AgreementMapPromptContent | null {
  const question = /<question>\n?([\s\S]*?)\n?<\/question>/.exec(content)?.[1];
  if (question === undefined || !content.includes(MEMBERS_HEADING)) return null;
  const members = [
    ...content.matchAll(
      /<member number="(\d+)" name="([^"]*)" changed_position_in_rounds="([\d,]*)">\n?([\s\S]*?)\n?<\/member>/g,
    ),
  ].map((match) => ({
    number: Number(match[1]),
    label: unescapeAttribute(match[2]),
    answer: match[4],
    positionChanges: match[3] ? match[3].split(',').map(Number) : [],
  }));
  return { question, members };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function unescapeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}
