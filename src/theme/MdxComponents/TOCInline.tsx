/** `<TOCInline />`: the note's headings (or the `toc` prop) as a nested list of links, within a level range. */
import { useMdxPage } from './context.js';

/** A heading as the engine lists it (`html`) or as Docusaurus's `toc` export does (`value`). */
export interface TocInlineItem {
  readonly id: string;
  readonly level: number;
  readonly html?: string;
  readonly value?: string;
}

export interface TOCInlineProps {
  readonly toc?: readonly TocInlineItem[];
  readonly minHeadingLevel?: number;
  readonly maxHeadingLevel?: number;
  readonly className?: string;
}

interface TocNode {
  readonly item: TocInlineItem;
  readonly children: TocNode[];
}

export function TOCInline({ toc, minHeadingLevel = 2, maxHeadingLevel = 3, className }: TOCInlineProps) {
  const page = useMdxPage('TOCInline');
  const items = (toc ?? page.toc).filter((item) => item.level >= minHeadingLevel && item.level <= maxHeadingLevel);
  const tree = nestHeadings(items);
  if (tree.length === 0) return null;
  return (
    <div className={['toc-inline', className].filter(Boolean).join(' ')}>
      <TocList nodes={tree} />
    </div>
  );
}

function TocList({ nodes }: { readonly nodes: readonly TocNode[] }) {
  return (
    <ul>
      {nodes.map(({ item, children }, index) => (
        <li key={`${index}:${item.id}`}>
          <a href={`#${item.id}`} dangerouslySetInnerHTML={{ __html: item.html ?? item.value ?? '' }} />
          {children.length > 0 && <TocList nodes={children} />}
        </li>
      ))}
    </ul>
  );
}

/** Each heading under the nearest one before it of a higher level (an h4 after an h2 nests under the h2). */
export function nestHeadings(items: readonly TocInlineItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    const node: TocNode = { item, children: [] };
    while (stack.length > 0 && stack[stack.length - 1]!.item.level >= item.level) stack.pop();
    (stack[stack.length - 1]?.children ?? roots).push(node);
    stack.push(node);
  }
  return roots;
}
