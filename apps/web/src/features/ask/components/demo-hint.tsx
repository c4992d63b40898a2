import {
  DEMO_EXAMPLE_QUESTIONS,
  DEMO_HINT,
  type AgentResponse,
  type MemberAnswerKind,
  NO_MODEL_REFUSAL,
  memberAnswerKind,
  nobodyCanAnswer,
} from '@council/contracts';
import { CircleAlert, Info } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface DemoHintProps {
  /** The agents seated on the council, in order. */
  members: ReadonlyArray<Pick<AgentResponse, 'name' | 'demo'>>;
  /** The question as typed: which members can answer depends on it. */
  question: string;
  /** Puts an example question in the question box. */
  onPickExample: (question: string) => void;
}

/**
 * Says, before the ask, which members will answer the question as typed with their model, which
 * from the example script and which can only show the "no model configured" card, which costs
 * nothing (docs/decisions.md, "22. A card that is not an answer"); when nobody could answer, says
 * the question will not be asked. Offers the example questions. Hidden when every member is live.
 */
export function DemoHint({ members, question, onPickExample }: DemoHintProps) {
  if (members.every((member) => member.demo !== true)) return null;
  const typed = question.trim();
  const kinds = members.map((member) => memberAnswerKind(member.demo === true, typed));
  const names = (kind: MemberAnswerKind) =>
    unique(members.filter((_, index) => kinds[index] === kind).map((member) => member.name));
  const live = names('live');
  const refused = typed !== '' && nobodyCanAnswer(kinds);
  const lines = [
    live.length > 0 ? DEMO_HINT.live(live.join(', ')) : null,
    typed === '' ? null : withNames(names('example'), DEMO_HINT.example),
    typed === '' ? DEMO_HINT.demo(names('no-model').concat(names('example')).join(', ')) : null,
    typed === '' ? null : withNames(names('no-model'), DEMO_HINT.noModel),
  ].filter((line): line is string => line !== null);
  return (
    <section
      aria-label={DEMO_HINT.title}
      className="space-y-3 rounded-xl border border-border bg-secondary/40 p-4 text-sm"
    >
      <div className="flex gap-2">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="space-y-1">
          <p className="font-medium text-foreground">{DEMO_HINT.title}</p>
          <p className="text-muted-foreground">{lines.join(' ')}</p>
          <p className="text-muted-foreground">{live.length > 0 ? DEMO_HINT.someDemo : DEMO_HINT.allDemo}</p>
        </div>
      </div>
      {refused ? (
        <p role="alert" className="flex gap-2 font-medium text-destructive">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {NO_MODEL_REFUSAL}
        </p>
      ) : null}
      <div role="group" aria-label={DEMO_HINT.examplesLabel} className="space-y-2">
        <p className="text-xs font-medium text-muted-foreground">{DEMO_HINT.examplesLabel}</p>
        <div className="flex flex-wrap gap-2">
          {DEMO_EXAMPLE_QUESTIONS.map((example) => (
            <Button
              key={example}
              type="button"
              variant="outline"
              size="sm"
              className="h-auto max-w-full shrink whitespace-normal py-1.5 text-left"
              onClick={() => onPickExample(example)}
            >
              {example}
            </Button>
          ))}
        </div>
      </div>
    </section>
  );
}

function withNames(names: string[], line: (names: string) => string): string | null {
  return names.length > 0 ? line(names.join(', ')) : null;
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}
