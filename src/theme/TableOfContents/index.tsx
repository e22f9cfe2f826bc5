/** The note's table of contents: a sticky right column on desktop, a collapsible block above the content on mobile. */
import { useEffect, useState } from 'react';
import type { TocItem } from '../../shared/types.js';
import { useTranslate } from '../Translate/index.js';
import { clsx } from '../utils/index.js';

interface TocNode {
  readonly item: TocItem;
  readonly children: TocNode[];
}

/** Nests a flat heading list by level (h3 under the h2 before it); a deeper first heading stays at the top. */
export function buildTocTree(items: readonly TocItem[]): TocNode[] {
  const root: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    const node: TocNode = { item, children: [] };
    while (stack.length > 0 && stack[stack.length - 1]!.item.level >= item.level) stack.pop();
    const parent = stack[stack.length - 1];
    (parent ? parent.children : root).push(node);
    stack.push(node);
  }
  return root;
}

function TocList({
  nodes,
  className,
  activeId,
}: {
  nodes: readonly TocNode[];
  className: string;
  activeId?: string | undefined;
}) {
  return (
    <ul className={className}>
      {nodes.map(({ item, children }) => (
        <li key={item.id} className="table-of-contents__item">
          <a
            href={`#${item.id}`}
            className={clsx('table-of-contents__link', item.id === activeId && 'table-of-contents__link--active')}
            dangerouslySetInnerHTML={{ __html: item.html }}
          />
          {children.length > 0 && (
            <TocList nodes={children} className="table-of-contents__sublist" activeId={activeId} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** Tracks the heading the reader is at: the last one scrolled above the top quarter of the viewport. */
function useActiveHeading(items: readonly TocItem[]): string | undefined {
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const offset = window.innerHeight / 4;
      let current: string | undefined;
      for (const item of items) {
        const heading = document.getElementById(item.id);
        if (!heading) continue;
        if (heading.getBoundingClientRect().top > offset) break;
        current = item.id;
      }
      setActiveId(current ?? items[0]?.id);
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [items]);
  return activeId;
}

export interface TableOfContentsProps {
  readonly toc: readonly TocItem[];
}

/** Desktop: the sticky right-hand column. */
export function TableOfContents({ toc }: TableOfContentsProps) {
  const activeId = useActiveHeading(toc);
  const t = useTranslate();
  const title = t({
    id: 'theme.TOC.title',
    message: 'On this page',
    description: 'The title of the table of contents',
  });
  return (
    <nav className="toc-desktop" aria-label={title}>
      <p className="toc-desktop__title">{title}</p>
      <TocList nodes={buildTocTree(toc)} className="table-of-contents" activeId={activeId} />
    </nav>
  );
}

/** Mobile (≤ 996 px): a native disclosure, so it works before hydration and without JavaScript. */
export function TableOfContentsMobile({ toc }: TableOfContentsProps) {
  const t = useTranslate();
  return (
    <details className="toc-mobile">
      <summary className="toc-mobile__button">
        {t({ id: 'theme.TOCCollapsible.toggleButtonLabel', message: 'On this page' })}
      </summary>
      <nav
        className="toc-mobile__content"
        aria-label={t({ id: 'theme.TOCCollapsible.navAriaLabel', message: 'On this page (mobile)' })}
      >
        <TocList nodes={buildTocTree(toc)} className="toc-mobile__list" />
      </nav>
    </details>
  );
}
