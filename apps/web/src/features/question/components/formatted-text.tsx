import { type ReactNode, useMemo } from 'react';
import { cn } from '@/lib/utils';
import { type InlineNode, parseBlocks } from '../utils/format-text';

interface FormattedTextProps {
  text: string;
  className?: string;
}

/** Answer text with the spec's simple formatting, built as React elements (never as HTML). */
export function FormattedText({ text, className }: FormattedTextProps) {
  const blocks = useMemo(() => parseBlocks(text), [text]);
  return (
    <div className={cn('space-y-3 text-sm leading-relaxed text-foreground break-words', className)}>
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'paragraph':
            return (
              <p key={index} className="whitespace-pre-line">
                {renderInline(block.children)}
              </p>
            );
          case 'heading':
            return (
              <p key={index} className="font-semibold">
                {renderInline(block.children)}
              </p>
            );
          case 'code':
            return (
              <pre key={index} className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
                <code>{block.text}</code>
              </pre>
            );
          case 'list': {
            const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{renderInline(item)}</li>);
            return block.ordered ? (
              <ol key={index} start={block.start} className="list-decimal space-y-1 pl-5">
                {items}
              </ol>
            ) : (
              <ul key={index} className="list-disc space-y-1 pl-5">
                {items}
              </ul>
            );
          }
        }
      })}
    </div>
  );
}

function renderInline(nodes: InlineNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return (
          <code key={index} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">
            {node.text}
          </code>
        );
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(node.children)}</em>;
    }
  });
}
