import type { Route } from '../../shared/paths.js';
import { asRoute, hrefForRoute } from '../../shared/paths.js';
import type {
  Backlink,
  Breadcrumb,
  DocPageModel,
  HeadTag,
  NavLink,
  SidebarItem,
  SpecialPageModel,
  TagLink,
  TocItem,
} from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { DiagnosticList } from '../diagnostics.js';
import { KATEX_OUTPUT } from '../markdown/math.js';
import type { NoteDates } from '../notes/gitDates.js';
import type { NoteContent, NoteSummary, ParsedNote } from '../notes/note.js';
import { applyTrailingSlash } from '../notes/notePaths.js';
import { feedHeadTags } from './feeds.js';
import { resolveLastUpdate } from './lastUpdate.js';
import { flattenSidebar, MAX_REPEATED_TITLE, shortenTitle } from './sidebar.js';
import { resolveLocale } from './themeSettings.js';
import { type SiteSidebars, sidebarOfRoutes } from './sidebars.js';

export interface PageModelContext {
  readonly config: SiteConfig;
  /** The site's sidebars by id: a note's page shows the one that lists it (see sidebarOfRoutes). */
  readonly sidebars: SiteSidebars;
  /** Rendered notes give pages with content; summaries give pages whose content comes later (withNoteContent). */
  readonly docs: readonly (NoteSummary | ParsedNote)[];
  /** Each note's tags by note id (see resolveTags). */
  readonly tags?: ReadonlyMap<string, readonly TagLink[]>;
  /** When each note last changed, by source path (readNoteDates); absent when the site shows no dates. */
  readonly dates?: NoteDates;
  /** The notes linking to each note, by route (see collectSiteLinks); absent when the site shows no backlinks. */
  readonly backlinks?: ReadonlyMap<string, readonly Backlink[]>;
  /** Where front matter pointing to unknown notes is reported. */
  readonly diagnostics?: DiagnosticList;
  readonly displayPath?: (filePath: string) => string;
  /** Each sidebar's reading order and breadcrumbs (indexSidebars), when the caller made them already. */
  readonly navigation?: ReadonlyMap<string, SidebarNavigation>;
}

/** What previous/next and breadcrumbs follow in one sidebar: its pages in order, and each page's trail. */
export interface SidebarNavigation {
  readonly pages: readonly NavLink[];
  readonly indexOf: ReadonlyMap<string, number>;
  readonly crumbs: ReadonlyMap<string, Breadcrumb[]>;
}

/** Each sidebar's reading order (pager labels: a note's `pagination_label` first) and breadcrumbs, by sidebar id. */
export function indexSidebars(
  sidebars: SiteSidebars,
  docs: readonly Pick<NoteSummary, 'route' | 'frontMatter'>[],
): Map<string, SidebarNavigation> {
  const docsByRoute = new Map(docs.map((doc) => [doc.route as string, doc]));
  const result = new Map<string, SidebarNavigation>();
  for (const [id, items] of sidebars) {
    const pages = flattenSidebar(items).map((link) => {
      const label = docsByRoute.get(link.href)?.frontMatter.pagination_label;
      return { title: label !== undefined ? shortenTitle(label) : link.label, href: link.href };
    });
    result.set(id, {
      pages,
      indexOf: new Map(pages.map((link, index) => [link.href as string, index])),
      crumbs: collectBreadcrumbs(items),
    });
  }
  return result;
}

/** One page model per note: everything the theme renders, computed once at build time. */
export function buildNotePageModels(context: PageModelContext): DocPageModel[] {
  const docsById = new Map<string, NoteSummary>(context.docs.map((doc) => [doc.id as string, doc]));
  const navigation = context.navigation ?? indexSidebars(context.sidebars, context.docs);
  const owners = sidebarOfRoutes(context.sidebars);
  return context.docs.map((doc) => {
    const sidebarId = owners.get(doc.route);
    const nav = sidebarId !== undefined ? navigation.get(sidebarId) : undefined;
    const index = nav?.indexOf.get(doc.route);
    const report = (field: string, id: string) =>
      context.diagnostics?.add({
        severity: 'error',
        code: 'invalid-front-matter',
        file: context.displayPath?.(doc.filePath) ?? doc.filePath,
        message: `Front matter field \`${field}\` points to a note id that does not exist: "${id}".`,
        hint: `Use the id of an existing note (its path without extension, e.g. "${doc.id}"), or \`${field}: null\` for no link.`,
      });
    const neighbour = (field: 'pagination_prev' | 'pagination_next', step: number) =>
      pickNeighbour(
        doc.frontMatter[field],
        docsById,
        index === undefined ? undefined : nav?.pages[index + step],
        (id) => report(field, id),
      );
    const previous = neighbour('pagination_prev', -1);
    const next = neighbour('pagination_next', 1);
    const editUrl = computeEditUrl(doc, context.config);
    if (context.diagnostics)
      reportLongTitles(doc, context.diagnostics, () => context.displayPath?.(doc.filePath) ?? doc.filePath);
    // Cut wherever the title is repeated (its breadcrumb, heading, <title>, boot data, other pages): a note whose title
    // is its first heading still shows it whole there.
    const shortTitle = shortenTitle(doc.title);
    const tocLevels = pageTocLevels(doc, context.config.tableOfContents);
    const tags = context.tags?.get(doc.id);
    const { time: _time, ...lastUpdate } = resolveLastUpdate(doc, context.dates, context.config) ?? {};
    const inHead = describeInHead(doc, shortTitle, context.config);
    const backlinks = context.backlinks?.get(doc.route);
    return {
      kind: 'doc',
      route: doc.route,
      docId: doc.id,
      title: shortTitle,
      documentTitle: formatDocumentTitle(inHead.title, context.config),
      description: doc.description,
      keywords: doc.frontMatter.keywords ?? [],
      contentHtml: 'html' in doc ? doc.html : '',
      contentHasTitle: doc.contentHasTitle,
      hideTitle: doc.frontMatter.hide_title ?? false,
      toc: 'headings' in doc ? buildToc(doc.headings, tocLevels ?? context.config.tableOfContents) : [],
      hideTableOfContents: doc.frontMatter.hide_table_of_contents ?? false,
      breadcrumbs: nav?.crumbs.get(doc.route) ?? [],
      ...(previous && { previous }),
      ...(next && { next }),
      ...(editUrl && { editUrl }),
      head: buildHeadTags(
        {
          route: doc.route,
          title: inHead.title,
          description: inHead.description,
          keywords: doc.frontMatter.keywords ?? [],
          ...(doc.frontMatter.image !== undefined && { image: doc.frontMatter.image }),
        },
        context.config,
      ).concat(mathHeadTags(doc, context.config.baseUrl)),
      ...(sidebarId !== undefined && { sidebarId }),
      ...(tocLevels && { tocLevels }),
      ...(tags && { tags }),
      ...(Object.keys(lastUpdate).length > 0 && { lastUpdate }),
      ...(backlinks && { backlinks }),
    };
  });
}

/** The note's own table of contents levels (front matter), when it sets them. */
function pageTocLevels(
  doc: NoteSummary,
  levels: SiteConfig['tableOfContents'],
): SiteConfig['tableOfContents'] | undefined {
  const { toc_min_heading_level: min, toc_max_heading_level: max } = doc.frontMatter;
  if (min === undefined && max === undefined) return undefined;
  const minHeadingLevel = min ?? Math.min(levels.minHeadingLevel, max!);
  return { minHeadingLevel, maxHeadingLevel: Math.max(max ?? levels.maxHeadingLevel, minHeadingLevel) };
}

/** The /search page and the not-found page; their document titles are the theme's headings (translated when overridden). */
export function buildSpecialPageModels(
  config: SiteConfig,
  translations: Readonly<Record<string, string>> = {},
): SpecialPageModel[] {
  const searchRoute = applyTrailingSlash(
    asRoute(`/${config.search.searchPagePath.replace(/^\/|\/$/g, '')}`),
    config.trailingSlash,
  );
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
  return config.graph ? [search, buildGraphPageModel(config, translations), notFound] : [search, notFound];
}

/** The global graph page (`/graph`): every note and the links between them, drawn in the browser. */
function buildGraphPageModel(config: SiteConfig, translations: Readonly<Record<string, string>>): SpecialPageModel {
  const route = applyTrailingSlash(asRoute('/graph'), config.trailingSlash);
  const title = translations['theme.GraphPage.title'] ?? 'Graph of notes';
  const description = `Every note of ${config.title} and the links between them`;
  return {
    kind: 'graph',
    route,
    title,
    documentTitle: formatDocumentTitle(title, config),
    description,
    head: buildHeadTags({ route, title, description, keywords: [] }, config),
  };
}

/**
 * The title and description a note's head shows. A note at the home route keeps its own title (the reference site's
 * home is a note: "My Knowledge Wiki | Everything I know"); the site's tagline describes it when it has no text.
 */
export function describeInHead(
  doc: Pick<NoteSummary, 'route' | 'description'>,
  shortTitle: string,
  config: Pick<SiteConfig, 'tagline'>,
): { title: string; description: string } {
  const useTagline = doc.route === '/' && !doc.description && config.tagline;
  return { title: shortTitle, description: useTagline ? config.tagline : doc.description };
}

export function formatDocumentTitle(title: string, config: SiteConfig): string {
  return title ? `${title} ${config.titleDelimiter} ${config.title}` : config.title;
}

/**
 * A page model from the outline with its note's rendered content and table of contents; a page with math gets
 * KaTeX's stylesheet (copied into the output only when some note has math: checkLinks.ts).
 */
export function withNoteContent(
  page: DocPageModel,
  content: PageContent,
  levels: SiteConfig['tableOfContents'],
  baseUrl = '/',
): DocPageModel {
  // A page model built from the rendered note (wiki dev's relayout) has the stylesheet already.
  const extra = mathHeadTags(content, baseUrl).filter(
    (tag) => !page.head.some((has) => has.tag === 'link' && has.attributes.href === tag.attributes.href),
  );
  const head = extra.length > 0 ? [...page.head, ...extra] : page.head;
  return { ...page, contentHtml: content.html, toc: buildToc(content.headings, page.tocLevels ?? levels), head };
}

/** What a note's page shows of its rendered content (its links and ids are the link check's). */
export type PageContent = Pick<NoteContent, 'html' | 'headings' | 'usesMath'>;

/** KaTeX's stylesheet for a rendered note with math; nothing for any other note. */
function mathHeadTags(doc: NoteSummary | Partial<PageContent>, baseUrl: string): HeadTag[] {
  if (!('usesMath' in doc && doc.usesMath)) return [];
  return [
    {
      tag: 'link',
      attributes: { rel: 'stylesheet', href: hrefForRoute(asRoute(`/${KATEX_OUTPUT}/katex.min.css`), baseUrl) },
    },
  ];
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
  fromSidebar: NavLink | undefined,
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
  return fromSidebar;
}

/**
 * Warns of a title or label that other pages would repeat past MAX_REPEATED_TITLE characters (they show it cut).
 * `file`: the note as messages name it, made only for a message (most notes have none).
 */
function reportLongTitles(doc: NoteSummary, diagnostics: DiagnosticList, file: () => string): void {
  const over = (text: string | undefined): text is string => text !== undefined && text.length > MAX_REPEATED_TITLE;
  const size = (text: string) => `${text.length.toLocaleString('en-US')} characters long`;
  const { sidebar_label: sidebarLabel, pagination_label: paginationLabel } = doc.frontMatter;
  const warn = (message: string, hint: string) =>
    diagnostics.add({ severity: 'warning', code: 'long-title', file: file(), message, hint });
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

/**
 * Breadcrumbs for every page of the sidebar: the categories above it (linked when they have a page), then the page's
 * own sidebar label, with its route (so the theme knows the list already ends with the page, whatever its title).
 */
function collectBreadcrumbs(sidebar: readonly SidebarItem[]): Map<string, Breadcrumb[]> {
  const result = new Map<string, Breadcrumb[]>();
  const visit = (items: readonly SidebarItem[], trail: Breadcrumb[]): void => {
    for (const item of items) {
      if (item.type === 'html' || item.type === 'more' || (item.type === 'link' && item.docId === undefined)) continue;
      const crumb: Breadcrumb = item.href ? { label: item.label, href: item.href } : { label: item.label };
      if (item.href && !result.has(item.href)) result.set(item.href, [...trail, crumb]);
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
  /** Front matter `image`: an absolute URL, or a path of the site. */
  readonly image?: string;
}

/** An image as an absolute URL: a site path ('/img/a.png' or 'img/a.png') is put under the site's URL and base URL. */
export function absoluteImageUrl(image: string, config: Pick<SiteConfig, 'url' | 'baseUrl'>): string {
  if (/^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(image)) return image;
  const base = `${config.url.replace(/\/$/, '')}${config.baseUrl.replace(/\/?$/, '/')}`;
  return `${base}${encodeURI(image.replace(/^\//, ''))}`;
}

/** Description, keywords, canonical, hreflang alternates, Open Graph and robots tags for one page. */
export function buildHeadTags(input: HeadInput, config: SiteConfig): HeadTag[] {
  const url = `${config.url.replace(/\/$/, '')}${config.baseUrl.replace(/\/$/, '')}${encodeURI(input.route)}`;
  const tags: HeadTag[] = [
    { tag: 'meta', attributes: { property: 'og:title', content: formatDocumentTitle(input.title, config) } },
    { tag: 'meta', attributes: { property: 'og:url', content: url } },
    { tag: 'link', attributes: { rel: 'canonical', href: url } },
    { tag: 'link', attributes: { rel: 'alternate', href: url, hreflang: resolveLocale(config).htmlLang } },
    { tag: 'link', attributes: { rel: 'alternate', href: url, hreflang: 'x-default' } },
  ];
  if (input.description) {
    tags.push({ tag: 'meta', attributes: { name: 'description', content: input.description } });
    tags.push({ tag: 'meta', attributes: { property: 'og:description', content: input.description } });
  }
  if (input.keywords.length > 0)
    tags.push({ tag: 'meta', attributes: { name: 'keywords', content: input.keywords.join(', ') } });
  if (input.image !== undefined) {
    const image = absoluteImageUrl(input.image, config);
    tags.push({ tag: 'meta', attributes: { property: 'og:image', content: image } });
    tags.push({ tag: 'meta', attributes: { name: 'twitter:image', content: image } });
  }
  if (config.noIndex) tags.push({ tag: 'meta', attributes: { name: 'robots', content: 'noindex, nofollow' } });
  tags.push(...feedHeadTags(config));
  return tags;
}
