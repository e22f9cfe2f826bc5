/** `<DocCardList />`: the cards of the note's sidebar category, or of the `items` given (Docusaurus's sidebar items). */
import type { DocCardItem, ThemeSettings } from '../../shared/types.js';
import { DocCardList as DocCardListView } from '../DocCardList/index.js';
import { ThemeContextProvider } from '../ThemeContext/index.js';
import { useMdxPage } from './context.js';

/** An item of Docusaurus's `useCurrentSidebarCategory().items`, which docs pass to `<DocCardList items>`. */
export interface DocusaurusSidebarItem {
  readonly type: string;
  readonly label: string;
  readonly href?: string;
  readonly description?: string;
  readonly items?: readonly unknown[];
}

export interface DocCardListProps {
  readonly items?: readonly (DocCardItem | DocusaurusSidebarItem)[];
  readonly className?: string;
}

export function DocCardList({ items }: DocCardListProps) {
  const page = useMdxPage('DocCardList');
  const cards = items ? items.flatMap(toCard) : page.cards;
  // A note renders outside App: the card list reads only the base URL of the theme's settings.
  const site = { baseUrl: page.baseUrl } as ThemeSettings;
  return (
    <ThemeContextProvider value={{ site, route: '', hooks: {} }}>
      <DocCardListView items={cards} />
    </ThemeContextProvider>
  );
}

function toCard(item: DocCardItem | DocusaurusSidebarItem): DocCardItem[] {
  if ('kind' in item) return [item];
  if (item.href === undefined) return [];
  return [
    {
      title: item.label,
      href: item.href,
      kind: item.type === 'category' ? 'category' : 'doc',
      ...(item.description !== undefined && { description: item.description }),
      ...(item.items !== undefined && { count: item.items.length }),
    },
  ];
}
