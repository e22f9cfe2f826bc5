/** A Docusaurus config's `themeConfig` (navbar, footer, colour mode, announcement bar, Algolia) mapped onto this engine's options. */
import { navbarItemTypes } from './schema.js';

/** Collects what the mapping leaves out, and the routes of the parts not built (links to them are dropped). */
export interface Mapper {
  /** Records an option path that has no equivalent here (listed once, in one warning). */
  readonly ignore: (option: string) => void;
  /** Route prefixes of the blog, which is not built: navbar and footer links into it are left out. */
  readonly blogRoutes: string[];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// themeConfig options mapped below; every other one is listed as ignored.
const themeOptions = new Set(['navbar', 'footer', 'colorMode', 'announcementBar', 'algolia', 'tableOfContents']);

/** themeConfig -> navbar, footer, colorMode, announcementBar, search (Algolia) and tableOfContents. */
export function mapThemeConfig(value: unknown, mapper: Mapper): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const result: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(value))
    if (!themeOptions.has(key) && option !== undefined) mapper.ignore(`themeConfig.${key}`);
  if (isRecord(value.navbar)) result.navbar = mapNavbar(value.navbar, mapper);
  if (isRecord(value.footer)) result.footer = mapFooter(value.footer, mapper);
  const copied = {
    colorMode: ['defaultMode', 'disableSwitch', 'respectPrefersColorScheme'],
    announcementBar: ['id', 'content', 'backgroundColor', 'textColor', 'isCloseable'],
    tableOfContents: ['minHeadingLevel', 'maxHeadingLevel'],
  } as const;
  for (const [key, fields] of Object.entries(copied))
    if (isRecord(value[key])) result[key] = pick(value[key], fields, `themeConfig.${key}`, mapper);
  if (isRecord(value.algolia)) result.search = mapAlgolia(value.algolia, mapper);
  return result;
}

/** The listed fields of an object (undefined ones left out); the others are recorded as ignored under `at`. */
function pick(
  value: Record<string, unknown>,
  fields: readonly string[],
  at: string,
  mapper: Mapper,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    if (fields.includes(key)) result[key] = field;
    else mapper.ignore(`${at}.${key}`);
  }
  return result;
}

const logoFields = ['src', 'srcDark', 'alt', 'href', 'target', 'width', 'height'];

/** A logo, its image paths made site-absolute ('img/logo.svg' is served at /img/logo.svg, as Docusaurus does). */
function mapLogo(value: unknown, at: string, mapper: Mapper): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const logo = pick(value, logoFields, at, mapper);
  for (const key of ['src', 'srcDark'])
    if (typeof logo[key] === 'string' && !/^([a-z][a-z0-9+.-]*:|\/)/i.test(logo[key])) logo[key] = `/${logo[key]}`;
  return logo;
}

function mapNavbar(navbar: Record<string, unknown>, mapper: Mapper): Record<string, unknown> {
  const { logo, items, ...rest } = navbar;
  const result = pick(rest, ['title', 'hideOnScroll'], 'themeConfig.navbar', mapper);
  const mappedLogo = mapLogo(logo, 'themeConfig.navbar.logo', mapper);
  if (mappedLogo) result.logo = mappedLogo;
  if (Array.isArray(items)) result.items = mapNavbarItems(items, 'themeConfig.navbar.items', mapper);
  return result;
}

const knownNavbarItemTypes: ReadonlySet<string> = new Set(navbarItemTypes);
const navbarItemFields = ['type', 'position', 'label', 'to', 'href', 'value', 'docId', 'sidebarId', 'items'];

function mapNavbarItems(items: readonly unknown[], at: string, mapper: Mapper): Record<string, unknown>[] {
  return items.flatMap((item, index) => {
    const mapped = mapNavbarItem(item, `${at}[${index}]`, mapper);
    return mapped ? [mapped] : [];
  });
}

/** One navbar item; one of a type this engine lacks, or a link into the blog, is left out (and listed). */
function mapNavbarItem(item: unknown, at: string, mapper: Mapper): Record<string, unknown> | undefined {
  if (!isRecord(item)) return undefined;
  const type = typeof item.type === 'string' ? item.type : 'default';
  if (!knownNavbarItemTypes.has(type)) {
    mapper.ignore(`${at} (type "${type}")`);
    return undefined;
  }
  if (linksIntoBlog(item, mapper)) {
    mapper.ignore(`${at} (links to ${String(item.to)}: the blog is not built)`);
    return undefined;
  }
  const { 'aria-label': ariaLabel, ...rest } = item;
  const result = pick(rest, navbarItemFields, at, mapper);
  if (typeof ariaLabel === 'string') result.ariaLabel = ariaLabel;
  moveRelativeHref(result);
  if (Array.isArray(item.items)) {
    result.items = mapNavbarItems(item.items, `${at}.items`, mapper);
    if ((result.items as unknown[]).length === 0) return undefined;
  }
  return result;
}

/** A site-relative `href` ('/api/') is a `to` here: this engine's `href` is for full URLs. */
function moveRelativeHref(link: Record<string, unknown>): void {
  if (typeof link.href !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(link.href)) return;
  if (link.to === undefined) link.to = link.href;
  delete link.href;
}

function linksIntoBlog(link: Record<string, unknown>, mapper: Mapper): boolean {
  const to = typeof link.to === 'string' ? link.to : undefined;
  return to !== undefined && mapper.blogRoutes.some((route) => to === route || to.startsWith(`${route}/`));
}

function mapFooter(footer: Record<string, unknown>, mapper: Mapper): Record<string, unknown> {
  const at = 'themeConfig.footer';
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(footer))
    if (!['style', 'links', 'logo', 'copyright'].includes(key) && value !== undefined) mapper.ignore(`${at}.${key}`);
  if (footer.style !== undefined) result.style = footer.style;
  if (footer.copyright !== undefined) result.copyright = footer.copyright;
  const logo = mapLogo(footer.logo, `${at}.logo`, mapper);
  if (logo) result.logo = logo;
  if (!Array.isArray(footer.links)) return result;
  const columns = footer.links.some((column) => isRecord(column) && Array.isArray(column.items));
  result.links = columns
    ? footer.links.flatMap((column: unknown, index) => mapFooterColumn(column, `${at}.links[${index}]`, mapper))
    : mapFooterLinks(footer.links, `${at}.links`, mapper);
  return result;
}

function mapFooterColumn(column: unknown, at: string, mapper: Mapper): Record<string, unknown>[] {
  if (!isRecord(column) || !Array.isArray(column.items)) return [];
  for (const key of Object.keys(column)) if (key !== 'title' && key !== 'items') mapper.ignore(`${at}.${key}`);
  const items = mapFooterLinks(column.items, `${at}.items`, mapper);
  if (items.length === 0) return [];
  return [{ ...(typeof column.title === 'string' && { title: column.title }), items }];
}

/** Footer links with a label; an `html` item or a link into the blog is left out (and listed). */
function mapFooterLinks(links: readonly unknown[], at: string, mapper: Mapper): Record<string, unknown>[] {
  return links.flatMap((link, index) => {
    if (!isRecord(link)) return [];
    if (typeof link.label !== 'string') {
      mapper.ignore(`${at}[${index}]${link.html !== undefined ? ' (an html item)' : ''}`);
      return [];
    }
    if (linksIntoBlog(link, mapper)) {
      mapper.ignore(`${at}[${index}] (links to ${String(link.to)}: the blog is not built)`);
      return [];
    }
    const mapped = pick(link, ['label', 'to', 'href'], `${at}[${index}]`, mapper);
    moveRelativeHref(mapped);
    return [mapped];
  });
}

const algoliaFields = [
  'appId',
  'apiKey',
  'indexName',
  'contextualSearch',
  'externalUrlRegex',
  'replaceSearchResultPathname',
  'searchPagePath',
];

/** themeConfig.algolia -> search with the algolia provider (facetFilters are the search parameters kept). */
function mapAlgolia(algolia: Record<string, unknown>, mapper: Mapper): Record<string, unknown> {
  const at = 'themeConfig.algolia';
  const { searchParameters, ...rest } = algolia;
  const search: Record<string, unknown> = { provider: 'algolia', ...pick(rest, algoliaFields, at, mapper) };
  if (search.searchPagePath === false) {
    mapper.ignore(`${at}.searchPagePath (false: the search page is always built)`);
    delete search.searchPagePath;
  }
  if (isRecord(searchParameters)) {
    const kept = pick(searchParameters, ['facetFilters'], `${at}.searchParameters`, mapper);
    search.searchParameters = kept;
  }
  return search;
}
