/**
 * Generated-index categories (`link: { type: 'generated-index' }` in a `_category_` file or a sidebars file, the
 * default of every new Docusaurus site): each gets a page at `<routeBasePath>/category/<slug of its label>` (or its
 * `slug`) with its title, description and a card per child, as Docusaurus's DocCardList shows them.
 */
import GithubSlugger from 'github-slugger';
import { escapeHtml } from '../../shared/html.js';
import { asDocId, asRoute, type Route } from '../../shared/paths.js';
import type { DocCardItem, DocPageModel, SidebarCategory, SidebarItem } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { NoteSummary } from '../notes/note.js';
import { applyTrailingSlash } from '../notes/notePaths.js';
import { buildHeadTags, formatDocumentTitle, indexSidebars, type SidebarNavigation } from './pageModels.js';

/** A category's `link` when it asks for a generated index. */
export interface GeneratedIndexLink {
  readonly type: 'generated-index';
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly slug?: string | undefined;
}

/** What a generated-index page shows above its cards. */
export interface GeneratedIndex {
  readonly route: Route;
  readonly label: string;
  readonly title: string;
  readonly description?: string;
}

/** The generated indexes of a site's sidebars, collected as they are built (one slugger: repeated labels get -1, -2). */
export interface GeneratedIndexes {
  /** Records a category's generated index and returns its route. */
  add(label: string, link: GeneratedIndexLink): Route;
  readonly byRoute: ReadonlyMap<string, GeneratedIndex>;
}

/** Joins a docs route base ('/', '/docs/', 'docs') and a path into a route ('/docs/category/x'). */
export function joinDocsRoute(routeBasePath: string, rest: string, trailingSlash?: boolean): Route {
  const joined = `/${routeBasePath}/${rest}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  return applyTrailingSlash(asRoute(joined), trailingSlash);
}

export function createGeneratedIndexes(options: {
  readonly routeBasePath: string;
  readonly trailingSlash?: boolean | undefined;
}): GeneratedIndexes {
  const slugger = new GithubSlugger();
  const byRoute = new Map<string, GeneratedIndex>();
  return {
    byRoute,
    add(label, link) {
      const slug = link.slug ?? `/category/${slugger.slug(label)}`;
      const route = joinDocsRoute(options.routeBasePath, slug, options.trailingSlash);
      const title = link.title ?? label;
      byRoute.set(route, {
        route,
        label,
        title,
        ...(link.description !== undefined && { description: link.description }),
      });
      return route;
    },
  };
}

/** Every category of the sidebars that has a generated index, with the id of the sidebar it is in. */
export function findGeneratedIndexCategories(
  sidebars: ReadonlyMap<string, readonly SidebarItem[]>,
  indexes: GeneratedIndexes,
): { category: SidebarCategory; sidebarId: string; index: GeneratedIndex }[] {
  const found: { category: SidebarCategory; sidebarId: string; index: GeneratedIndex }[] = [];
  const seen = new Set<string>();
  const visit = (items: readonly SidebarItem[], sidebarId: string) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      const index = item.href !== undefined ? indexes.byRoute.get(item.href) : undefined;
      if (index && !seen.has(index.route)) {
        seen.add(index.route);
        found.push({ category: item, sidebarId, index });
      }
      visit(item.items, sidebarId);
    }
  };
  for (const [sidebarId, items] of sidebars) visit(items, sidebarId);
  return found;
}

/** The cards of a category's children: notes with their description, categories with their number of items. */
export function buildDocCards(
  items: readonly SidebarItem[],
  docsByRoute: ReadonlyMap<string, Pick<NoteSummary, 'description'>>,
): DocCardItem[] {
  const cards: DocCardItem[] = [];
  for (const item of items) {
    if (item.type === 'link') {
      const description = docsByRoute.get(item.href)?.description;
      cards.push({ title: item.label, href: item.href, kind: 'doc', ...(description && { description }) });
    } else if (item.type === 'category') {
      const href = item.href ?? firstPageOf(item.items);
      if (href !== undefined) cards.push({ title: item.label, href, kind: 'category', count: item.items.length });
    }
  }
  return cards;
}

/** Docusaurus links a category without a page of its own to its first page. */
function firstPageOf(items: readonly SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.href !== undefined) return item.href;
    if (item.type === 'category') {
      const inner = firstPageOf(item.items);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** The generated-index page's text above its cards: the description as a paragraph. */
export function generatedIndexHtml(index: GeneratedIndex): string {
  return index.description ? `<p class="generated-index__description">${escapeHtml(index.description)}</p>` : '';
}

/** The pages of the generated indexes: in their sidebar (breadcrumbs, previous/next), with a card per child. */
export function buildGeneratedIndexPageModels(input: {
  readonly config: SiteConfig;
  readonly sidebars: ReadonlyMap<string, readonly SidebarItem[]>;
  readonly indexes: GeneratedIndexes;
  readonly docs: readonly NoteSummary[];
  /** Each sidebar's reading order and breadcrumbs (indexSidebars), when the caller made them already. */
  readonly navigation?: ReadonlyMap<string, SidebarNavigation>;
}): DocPageModel[] {
  const docsByRoute = new Map(input.docs.map((doc) => [doc.route as string, doc]));
  const navigation = input.navigation ?? indexSidebars(input.sidebars, input.docs);
  return findGeneratedIndexCategories(input.sidebars, input.indexes).map(({ category, sidebarId, index }) => {
    const nav = navigation.get(sidebarId);
    const at = nav?.indexOf.get(index.route);
    const previous = at === undefined ? undefined : nav?.pages[at - 1];
    const next = at === undefined ? undefined : nav?.pages[at + 1];
    const description = index.description ?? '';
    return {
      kind: 'doc',
      route: index.route,
      docId: asDocId(index.route),
      title: index.title,
      documentTitle: formatDocumentTitle(index.title, input.config),
      description,
      keywords: [],
      contentHtml: generatedIndexHtml(index),
      contentHasTitle: false,
      hideTitle: false,
      toc: [],
      hideTableOfContents: true,
      breadcrumbs: nav?.crumbs.get(index.route) ?? [{ label: index.label }],
      ...(previous && { previous }),
      ...(next && { next }),
      head: buildHeadTags({ route: index.route, title: index.title, description, keywords: [] }, input.config),
      sidebarId,
      cards: buildDocCards(category.items, docsByRoute),
    };
  });
}
