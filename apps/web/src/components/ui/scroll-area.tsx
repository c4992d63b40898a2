import * as ScrollAreaPrimitive from '@radix-ui/react-scroll-area';
import { type ComponentProps, type CSSProperties } from 'react';
import { cn } from '@/lib/utils';

interface ScrollAreaProps extends ComponentProps<typeof ScrollAreaPrimitive.Root> {
  /** A CSS length; the viewport scrolls beyond it. */
  maxHeight?: CSSProperties['maxHeight'];
  /** Names the scrollable region for keyboard and screen-reader users. */
  label?: string;
}

export function ScrollArea({ className, children, maxHeight, label, ...props }: ScrollAreaProps) {
  return (
    <ScrollAreaPrimitive.Root className={cn('relative overflow-hidden', className)} {...props}>
      <ScrollAreaPrimitive.Viewport
        className="size-full rounded-[inherit] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        style={{ maxHeight }}
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        {children}
      </ScrollAreaPrimitive.Viewport>
      <ScrollAreaPrimitive.Scrollbar
        orientation="vertical"
        className="flex w-2.5 touch-none select-none border-l border-l-transparent p-px transition-colors"
      >
        <ScrollAreaPrimitive.Thumb className="relative flex-1 rounded-full bg-border" />
      </ScrollAreaPrimitive.Scrollbar>
      <ScrollAreaPrimitive.Corner />
    </ScrollAreaPrimitive.Root>
  );
}
