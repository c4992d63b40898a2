import { AUTH_SCREEN } from '@council/contracts';
import { Columns3, type LucideIcon, Lightbulb, MessagesSquare } from 'lucide-react';

const PROMISE_ICONS: readonly LucideIcon[] = [Columns3, MessagesSquare, Lightbulb];

/** What signing up brings (spec §2): three named assistants side by side, debate and consensus, reasoning. */
export function AuthSidePanel() {
  const { panel } = AUTH_SCREEN;
  return (
    <aside
      aria-labelledby="auth-panel-title"
      className="relative isolate overflow-hidden bg-linear-to-br from-primary to-secondary-foreground p-6 text-primary-foreground sm:p-10"
    >
      <div
        aria-hidden="true"
        className="absolute -right-24 -top-24 -z-10 size-72 rounded-full bg-primary-foreground/10 blur-2xl"
      />
      <h2 id="auth-panel-title" className="text-xl font-bold tracking-tight sm:text-2xl">
        {panel.title}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-primary-foreground/90 sm:text-base">{panel.lead}</p>
      <ul aria-label="Assistants" className="mt-5 flex flex-wrap gap-2">
        {panel.assistants.map((name) => (
          <li
            key={name}
            className="rounded-full border border-primary-foreground/25 bg-primary-foreground/10 px-3 py-1 text-sm font-medium"
          >
            {name}
          </li>
        ))}
      </ul>
      <ul className="mt-8 grid gap-6">
        {panel.promises.map((promise, index) => {
          const Icon = PROMISE_ICONS[index] ?? Lightbulb;
          return (
            <li key={promise.title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-foreground/15">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{promise.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-primary-foreground/90">{promise.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
