// Writes the demo adapter's answers (docs/decisions.md, "15. Providers without keys"): the example
// questions are played from hand-written scripts; any other question gets an honest card saying the
// member has no model configured and how to configure one.

import { DEMO_CARD, PROVIDER_KEY_VARIABLES, isBuiltInProvider } from '@council/contracts';
import { type LlmRequest, type LlmTask } from '../llm.types';
import { readAgreementMapPrompt } from '../prompts/agreement-map.prompt';
import { POSITION_UNCHANGED_LINE, readCouncilPrompt } from '../prompts/llm.prompts';
import { type DemoAnswer } from './demo-answer';
import { playAgreementMap } from './script/demo-agreement';
import { exampleFor, playOpening, playRevision, playSynthesis, voiceFor } from './script/demo-script';

export type { DemoAnswer } from './demo-answer';

/** The member the demo stands in for. */
export interface DemoMember {
  /** The provider without a key; picks the scripted voice. */
  provider?: string | null;
  /** The environment variable that would configure it, named on the card. */
  keyVariable?: string;
}

/** Same request and member → same answer. */
export function writeDemoAnswer(request: LlmRequest, member: DemoMember = {}): DemoAnswer {
  const lastUser = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  if (request.task === 'agreement') {
    const mapPrompt = readAgreementMapPrompt(lastUser);
    if (!mapPrompt || !exampleFor(mapPrompt.question)) {
      return { reasoning: '', text: JSON.stringify({ claims: [] }), card: true };
    }
    return { reasoning: '', text: playAgreementMap(mapPrompt) };
  }
  const prompt = readCouncilPrompt(lastUser);
  const task: LlmTask = request.task ?? prompt.task;
  const example = exampleFor(prompt.question);
  const keyVariable = member.keyVariable ?? keyVariableOf(member.provider ?? null);

  if (!example) {
    if (task === 'synthesis') return { reasoning: '', text: DEMO_CARD.consensus(keyVariable), card: true };
    if (task === 'revision') {
      return withNote(
        {
          reasoning: '',
          text: `${DEMO_CARD.revision(keyVariable)}\n\n${POSITION_UNCHANGED_LINE}`,
          card: true,
        },
        prompt.note,
      );
    }
    return { reasoning: '', text: DEMO_CARD.answer(keyVariable), card: true };
  }
  if (task === 'synthesis') return playSynthesis(example, prompt.answers, request.reasoning);
  const voice = voiceFor(member.provider ?? null, request.model);
  if (task === 'revision') {
    const round = Number(/Debate round (\d+)/.exec(lastUser)?.[1] ?? '1');
    return withNote(
      playRevision(example, voice, round, prompt.ownAnswer ?? '', prompt.answers, request.reasoning),
      prompt.note,
    );
  }
  return playOpening(example, voice, request.reasoning);
}

/** Says the asker's note was read, just above the revision's closing position line. */
function withNote(answer: DemoAnswer, note: string | null): DemoAnswer {
  if (!note?.trim()) return answer;
  const lines = answer.text.split('\n\n');
  const position = lines.pop() ?? '';
  return { ...answer, text: [...lines, DEMO_CARD.noteRead(note), position].join('\n\n') };
}

function keyVariableOf(provider: string | null): string {
  return isBuiltInProvider(provider) ? PROVIDER_KEY_VARIABLES[provider] : 'the provider’s API key variable';
}
