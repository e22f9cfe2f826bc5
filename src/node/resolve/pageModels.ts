import type { Route } from '../../shared/paths.js';
import { asRoute } from '../../shared/paths.js';
import type {
  Breadcrumb,
  DocPageModel,
  HeadTag,
  NavLink,
  SidebarItem,
  SpecialPageModel,
  TocItem,
} from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { DiagnosticList } from '../diagnostics.js';
import type { NoteContent, NoteSummary, ParsedNote } from '../notes/note.js';
import { flattenSidebar, MAX_REPEATED_TITLE, shortenTitle } from './sidebar.js';

export interface PageModelContext {
  readonly config: SiteConfig;
  readonly sidebar: readonly SidebarItem[];
  /** Rendered notes give pages with content; summaries give pages whose content comes later (withNoteContent). */
  readonly docs: readonly (NoteSummary | ParsedNote)[];
  /** Where front matter pointing to unknown notes is reported. */
  readonly diagnostics?: DiagnosticList;
  readonly displayPath?: (filePath: string) => string;
}

/** One page model per note: everything the theme renders, computed once at build time. */
export function buildNotePageModels(context: PageModelContext): DocPageModel[] {
  const navigation = flattenSidebar(context.sidebar);
  const navIndex = new Map(navigation.map((link, index) => [link.href as string, index]));
  const docsById = new Map<string, NoteSummary>(context.docs.map((doc) => [doc.id as string, doc]));
  const crumbs = collectBreadcrumbs(context.sidebar);
  return context.docs.map((doc) => {
    const index = navIndex.get(doc.route);
    const report = (field: string, id: string) =>
      context.diagnostics?.add({
        severity: 'error',
        code: 'invalid-front-matter',
        file: context.displayPath?.(doc.filePath) ?? doc.filePath,
        message: `Front matter field \`${field}\` points to a note id that does not exist: "${id}".`,
        hint: `Use the id of an existing note (its path without extension, e.g. "${doc.id}"), or \`${field}: null\` for no link.`,
      });
    const previous = pickNeighbour(
      doc.frontMatter.pagination_prev,
      docsById,
      index === undefined ? undefined : navigation[index - 1],
      (id) => report('pagination_prev', id),
    );
    const next = pickNeighbour(
      doc.frontMatter.pagination_next,
      docsById,
      index === undefined ? undefined : navigation[index + 1],
      (id) => report('pagination_next', id),
    );
    const editUrl = computeEditUrl(doc, context.config);
    if (context.diagnostics)
      reportLongTitles(doc, context.diagnostics, context.displayPath?.(doc.filePath) ?? doc.filePath);
    // Cut wherever the title is repeated (its breadcrumb, heading, <title>, boot data, other pages): a note whose title
    // is its first heading still shows it whole there.
    const shortTitle = shortenTitle(doc.title);
    return {
      kind: 'doc',
      route: doc.route,
      docId: doc.id,
      title: shortTitle,
      documentTitle: formatDocumentTitle(shortTitle, context.config),
      description: doc.description,
      keywords: doc.frontMatter.keywords ?? [],
      contentHtml: 'html' in doc ? doc.html : '',
      contentHasTitle: doc.contentHasTitle,
      hideTitle: doc.frontMatter.hide_title ?? false,
      toc: 'headings' in doc ? buildToc(doc.headings, context.config.tableOfContents) : [],
      hideTableOfContents: doc.frontMatter.hide_table_of_contents ?? false,
      breadcrumbs: crumbs.get(doc.route) ?? [{ label: shortTitle }],
      ...(previous && { previous }),
      ...(next && { next }),
      ...(editUrl && { editUrl }),
      head: buildHeadTags(
        { route: doc.route, title: shortTitle, description: doc.description, keywords: doc.frontMatter.keywords ?? [] },
        context.config,
      ),
    };
  });
}

/** The /search page and the not-found page; their document titles are the theme's headings (translated when overridden). */
export function buildSpecialPageModels(
  config: SiteConfig,
  translations: Readonly<Record<string, string>> = {},
): SpecialPageModel[] {
  const searchRoute = asRoute(`/${config.search.searchPagePath.replace(/^\/|\/$/g, '')}`);
  const searchTitle = translations['theme.SearchPage.title'] ?? 'Search the documentation';
  const notFoundTitle = translations['theme.NotFound.title'] ?? 'Page Not Found';
  const search: SpecialPageModel = {
    kind: 'search',
    route: searchRoute,
    title: 'Search',
    documentTitle: formatDocumentTitle(searchTitle, config),
    description: `Search ${config.title}`,
    head: buildHeadTags(
      { route: searchRoute, title: 'Search', description: `Search ${config.title}`, keywords: [] },
      config,
    ),
  };
  const notFound: SpecialPageModel = {
    kind: 'notFound',
    route: asRoute('/404'),
    title: notFoundTitle,
    documentTitle: formatDocumentTitle(notFoundTitle, config),
    description: '',
    head: config.noIndex ? [{ tag: 'meta', attributes: { name: 'robots', content: 'noindex, nofollow' } }] : [],
  };
  return [search, notFound];
}

export function formatDocumentTitle(title: string, config: SiteConfig): string {
  return title ? `${title} ${config.titleDelimiter} ${config.title}` : config.title;
}

/** A page model from the outline with its note's rendered content and table of contents. */
export function withNoteContent(
  page: DocPageModel,
  content: NoteContent,
  levels: SiteConfig['tableOfContents'],
): DocPageModel {
  return { ...page, contentHtml: content.html, toc: buildToc(content.headings, levels) };
}

function buildToc(
  headings: NoteContent['headings'],
  { minHeadingLevel, maxHeadingLevel }: SiteConfig['tableOfContents'],
): TocItem[] {
  return headings
    .filter((heading) => heading.level >= minHeadingLevel && heading.level <= maxHeadingLevel)
    .map((heading) => ({ id: heading.id, html: heading.html, level: heading.level }));
}

function pickNeighbour(
  override: string | null | undefined,
  docsById: ReadonlyMap<string, NoteSummary>,
  fromSidebar: { label: string; href: Route } | undefined,
  reportUnknown: (id: string) => void,
): NavLink | undefined {
  if (override === null) return undefined;
  if (override !== undefined) {
    const doc = docsById.get(override);
    if (!doc) reportUnknown(override);
    return doc
      ? {
          title: shortenTitle(doc.frontMatter.pagination_label ?? doc.frontMatter.sidebar_label ?? doc.title),
          href: doc.route,
        }
      : undefined;
  }
  return fromSidebar && { title: fromSidebar.label, href: fromSidebar.href };
}

/** Warns of a title or label that other pages would repeat past MAX_REPEATED_TITLE characters (they show it cut). */
function reportLongTitles(doc: NoteSummary, diagnostics: DiagnosticList, file: string): void {
  const over = (text: string | undefined): text is string => text !== undefined && text.length > MAX_REPEATED_TITLE;
  const size = (text: string) => `${text.length.toLocaleString('en-US')} characters long`;
  const { sidebar_label: sidebarLabel, pagination_label: paginationLabel } = doc.frontMatter;
  const warn = (message: string, hint: string) =>
    diagnostics.add({ severity: 'warning', code: 'long-title', file, message, hint });
  if (over(doc.title)) {
    const fromHeading = doc.frontMatter.title === undefined;
    warn(
      `Its title${fromHeading ? ' (its first heading)' : ''} is ${size(doc.title)}: its page's title and breadcrumb, and the sidebar and previous/next links of every page that shows it, have its first ${MAX_REPEATED_TITLE} characters.`,
      `Set a shorter \`title\` in its front matter (${MAX_REPEATED_TITLE} characters at most)${fromHeading ? ', or shorten its first heading' : ''}; \`sidebar_label\` can name it more briefly in the sidebar.`,
    );
  }
  if (over(sidebarLabel))
    warn(
      `Its \`sidebar_label\` is ${size(sidebarLabel)}: the sidebar and breadcrumbs show its first ${MAX_REPEATED_TITLE} characters.`,
      `Set a shorter \`sidebar_label\` (${MAX_REPEATED_TITLE} characters at most).`,
    );
  if (over(paginationLabel))
    warn(
      `Its \`pagination_label\` is ${size(paginationLabel)}: the previous/next links to it show its first ${MAX_REPEATED_TITLE} characters.`,
      `Set a shorter \`pagination_label\` (${MAX_REPEATED_TITLE} characters at most).`,
    );
}

function computeEditUrl(doc: NoteSummary, config: SiteConfig): string | undefined {
  if (doc.frontMatter.custom_edit_url !== undefined) return doc.frontMatter.custom_edit_url ?? undefined;
  if (!config.editUrl) return undefined;
  return `${config.editUrl.replace(/\/?$/, '/')}${doc.sourcePath}`;
}

/** Breadcrumbs for every sidebar link: the categories above it (linked when they have a page), then the page. */
function collectBreadcrumbs(sidebar: readonly SidebarItem[]): Map<string, Breadcrumb[]> {
  const result = new Map<string, Breadcrumb[]>();
  const visit = (items: readonly SidebarItem[], trail: Breadcrumb[]): void => {
    for (const item of items) {
      const crumb: Breadcrumb = item.href ? { label: item.label, href: item.href } : { label: item.label };
      if (item.href && !result.has(item.href)) result.set(item.href, [...trail, { label: item.label }]);
      if (item.type === 'category') visit(item.items, [...trail, crumb]);
    }
  };
  visit(sidebar, []);
  return result;
}

interface HeadInput {
  readonly route: Route;
  readonly title: string;
  readonly description: string;
  readonly keywords: readonly string[];
}

/** Description, keywords, canonical, hreflang alternates, Open Graph and robots tags for one page. */
export function buildHeadTags(input: HeadInput, config: SiteConfig): HeadTag[] {
  const url = `${config.url.replace(/\/$/, '')}${config.baseUrl.replace(/\/$/, '')}${encodeURI(input.route)}`;
  const tags: HeadTag[] = [
    { tag: 'meta', attributes: { property: 'og:title', content: formatDocumentTitle(input.title, config) } },
    { tag: 'meta', attributes: { property: 'og:url', content: url } },
    { tag: 'link', attributes: { rel: 'canonical', href: url } },
    { tag: 'link', attributes: { rel: 'alternate', href: url, hreflang: 'en' } },
    { tag: 'link', attributes: { rel: 'alternate', href: url, hreflang: 'x-default' } },
  ];
  if (input.description) {
    tags.push({ tag: 'meta', attributes: { name: 'description', content: input.description } });
    tags.push({ tag: 'meta', attributes: { property: 'og:description', content: input.description } });
  }
  if (input.keywords.length > 0)
    tags.push({ tag: 'meta', attributes: { name: 'keywords', content: input.keywords.join(', ') } });
  if (config.noIndex) tags.push({ tag: 'meta', attributes: { name: 'robots', content: 'noindex, nofollow' } });
  return tags;
}
