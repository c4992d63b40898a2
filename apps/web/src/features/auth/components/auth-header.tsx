import { type ReactNode } from 'react';
import { DocumentTitle } from '@/components/layout/document-title';

interface AuthHeaderProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
}

/** The auth card's single <h1> (and tab title) for the current mode or view. */
export function AuthHeader({ title, description, icon }: AuthHeaderProps) {
  return (
    <header className="grid gap-2">
      <DocumentTitle title={title} />
      {icon ? (
        <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground [&_svg]:size-6">
          {icon}
        </div>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
      {description ? (
        <p className="text-sm leading-relaxed text-muted-foreground sm:text-base">{description}</p>
      ) : null}
    </header>
  );
}
