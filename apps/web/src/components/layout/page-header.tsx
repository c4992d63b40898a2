import { type ReactNode } from 'react';
import { DocumentTitle } from './document-title';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
}

/** A screen's single <h1> (and tab title), with an optional lead paragraph. */
export function PageHeader({ title, description }: PageHeaderProps) {
  return (
    <header className="max-w-3xl">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{title}</h1>
      {description ? (
        <p className="mt-3 text-base leading-relaxed text-muted-foreground sm:text-lg">{description}</p>
      ) : null}
    </header>
  );
}
