import { type ReactNode } from 'react';
import { DocumentTitle } from './document-title';
import { cn } from '@/lib/utils';

interface StatePanelProps {
  icon: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
  /** 1 when the panel stands in for the whole screen (it then sets the tab title too). */
  headingLevel?: 1 | 2;
  className?: string;
}

/** An empty, not-found or error state: an icon, a heading, a line of text and an action. */
export function StatePanel({
  icon,
  title,
  text,
  action,
  tone = 'neutral',
  headingLevel = 2,
  className,
}: StatePanelProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-14 text-center',
        className,
      )}
    >
      {headingLevel === 1 ? <DocumentTitle title={title} /> : null}
      <span
        className={cn(
          'flex size-14 items-center justify-center rounded-full',
          tone === 'error' ? 'bg-destructive/10 text-destructive' : 'bg-secondary text-primary',
        )}
      >
        {icon}
      </span>
      <Heading
        className={cn(
          'mt-4 font-semibold tracking-tight text-foreground',
          headingLevel === 1 ? 'text-2xl sm:text-3xl' : 'text-xl',
        )}
      >
        {title}
      </Heading>
      {text ? <p className="mt-2 max-w-md break-words text-sm text-muted-foreground">{text}</p> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </section>
  );
}
