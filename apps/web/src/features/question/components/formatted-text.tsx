import { memo } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remend from 'remend';
import { cn } from '@/lib/utils';
import { remarkPlainAnswer } from '../utils/remark-plain-answer';

interface FormattedTextProps {
  text: string;
  className?: string;
  /**
   * The text stops mid-way (still streaming, or cut off): markers it left open (`**bold`, a
   * half-written link, an unclosed code fence) are closed, so no raw marker shows.
   */
  partial?: boolean;
}

const REMARK_PLUGINS = [remarkPlainAnswer];

type HastContent = NonNullable<ExtraProps['node']>['children'];

function textOf(nodes: HastContent): string {
  return nodes
    .map((node) => ('value' in node ? node.value : 'children' in node ? textOf(node.children) : ''))
    .join('');
}

// An answer's headings stay bold paragraphs, so they never join the page's heading outline.
const Heading: Components['h1'] = ({ children }) => <p className="font-semibold">{children}</p>;

const COMPONENTS: Components = {
  p: ({ children }) => <p className="whitespace-pre-line">{children}</p>,
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  ul: ({ children }) => <ul className="list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children, start }) => (
    <ol start={start} className="list-decimal space-y-1 pl-5">
      {children}
    </ol>
  ),
  // Inline code; a code block's <code> is written by `pre` below.
  code: ({ children }) => (
    <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{children}</code>
  ),
  pre: ({ node }) => (
    <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
      <code>{textOf(node?.children ?? []).replace(/\n$/, '')}</code>
    </pre>
  ),
  // Links leave the app in a new tab without handing it this page (react-markdown drops unsafe URLs).
  a: ({ children, href }) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-medium text-primary underline underline-offset-2"
    >
      {children}
    </a>
  ),
  // No remote images from a model's answer: its description stands in.
  img: ({ alt }) => <>{alt}</>,
  blockquote: ({ children }) => (
    <blockquote className="space-y-3 border-l-4 border-border pl-3 text-muted-foreground">
      {children}
    </blockquote>
  ),
  hr: () => <hr className="border-border" />,
};

/**
 * Answer text as markdown, built as React elements (never as HTML), with the same renderer whether
 * the text is whole or `partial`. Memoized: a streaming question re-renders every card per chunk.
 */
export const FormattedText = memo(function FormattedText({
  text,
  className,
  partial = false,
}: FormattedTextProps) {
  return (
    <div className={cn('space-y-3 text-sm leading-relaxed text-foreground break-words', className)}>
      <Markdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS}>
        {partial ? remend(text) : text}
      </Markdown>
    </div>
  );
});
