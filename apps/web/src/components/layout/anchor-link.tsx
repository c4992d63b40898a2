import { type ComponentProps, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { scrollToAnchor } from '@/lib/scroll-to-anchor';

interface AnchorLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  /** The target element's id, without "#". */
  targetId: string;
}

/**
 * A link to a section of the current page. It scrolls smoothly to 80 px above the section (like a
 * #anchor in the address), also when the address already ends in that anchor, and keeps the address
 * shareable by writing the anchor into it.
 */
export function AnchorLink({ targetId, onClick, ...props }: AnchorLinkProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const hash = `#${targetId}`;

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    if (!scrollToAnchor(hash)) return; // No such section: let the browser follow the link.
    event.preventDefault();
    // void: the router rejects only a navigation to another origin, and this one stays on the page.
    void navigate({ pathname, search, hash }, { replace: true, preventScrollReset: true });
  };

  return <a href={hash} onClick={handleClick} {...props} />;
}
