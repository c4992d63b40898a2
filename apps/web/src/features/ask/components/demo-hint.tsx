import { DEMO_EXAMPLE_QUESTIONS, DEMO_HINT, type AgentResponse } from '@council/contracts';
import { Info } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface DemoHintProps {
  /** The agents seated on the council, in order. */
  members: ReadonlyArray<Pick<AgentResponse, 'name' | 'demo'>>;
  /** Puts an example question in the question box. */
  onPickExample: (question: string) => void;
}

/**
 * Says which members have a model and which answer from the demo (docs/decisions.md, "15. Providers
 * without keys"), and offers the example questions the demo answers in full. Hidden when every
 * member is live.
 */
export function DemoHint({ members, onPickExample }: DemoHintProps) {
  const demo = unique(members.filter((member) => member.demo === true).map((member) => member.name));
  if (demo.length === 0) return null;
  const live = unique(members.filter((member) => member.demo !== true).map((member) => member.name));
  return (
    <section
      aria-label={DEMO_HINT.title}
      className="space-y-3 rounded-xl border border-border bg-secondary/40 p-4 text-sm"
    >
      <div className="flex gap-2">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="space-y-1">
          <p className="font-medium text-foreground">{DEMO_HINT.title}</p>
          <p className="text-muted-foreground">
            {live.length > 0 ? `${DEMO_HINT.live(live.join(', '))} ` : null}
            {DEMO_HINT.demo(demo.join(', '))}
          </p>
          <p className="text-muted-foreground">{live.length > 0 ? DEMO_HINT.someDemo : DEMO_HINT.allDemo}</p>
        </div>
      </div>
      <div role="group" aria-label={DEMO_HINT.examplesLabel} className="space-y-2">
        <p className="text-xs font-medium text-muted-foreground">{DEMO_HINT.examplesLabel}</p>
        <div className="flex flex-wrap gap-2">
          {DEMO_EXAMPLE_QUESTIONS.map((question) => (
            <Button
              key={question}
              type="button"
              variant="outline"
              size="sm"
              className="h-auto max-w-full shrink whitespace-normal py-1.5 text-left"
              onClick={() => onPickExample(question)}
            >
              {question}
            </Button>
          ))}
        </div>
      </div>
    </section>
  );
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}
