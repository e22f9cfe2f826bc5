import crypto from 'node:crypto';
import { escapeAttribute, escapeHtml } from '../../shared/html.js';
import { hrefForRoute, type Route } from '../../shared/paths.js';
import type { RuntimeSettings } from '../../shared/runtime.js';
import type { CustomPageModel, SidebarCategory, SidebarItem, SpecialPageModel } from '../../shared/types.js';
import {
  childSidebarList,
  type ListInTree,
  ROOT_SIDEBAR_LIST,
  SIDEBAR_CHUNK_SIZE,
  SIDEBAR_LISTING_PAGE_SIZE,
  SIDEBAR_WIDE_LIST,
  sidebarChunkFile,
  sidebarListingFile,
  sidebarListingUrl,
  sidebarMoreItem,
  sidebarSkeleton,
  sidebarSkeletonItem,
} from '../../shared/sidebar.js';
import type { SiteConfig } from '../config/schema.js';
import { buildSearchRuntime } from '../search/index.js';

export interface RuntimeFilesInput {
  readonly config: SiteConfig;
  readonly sidebar: readonly SidebarItem[];
  readonly specialPages: readonly (SpecialPageModel | CustomPageModel)[];
  /** Which sidebar this is ('' for none), when the site has several: the browser compares it with a page's. */
  readonly sidebarId?: string;
  /** The link graph file's site-relative path, when the site has the graph. */
  readonly graphPath?: string;
}

export interface RuntimeFiles {
  /** The `runtime` object of every page's boot script. */
  readonly runtime: RuntimeSettings;
  /**
   * Site-relative path -> text: the full sidebar, its top level (the skeleton), one file per top-level category, and
   * for each wide list its chunk files and listing pages. Made when first read.
   */
  readonly files: ReadonlyMap<string, string>;
  /** A digest of the sidebar's JSON (its files are named by the first characters). */
  readonly sidebarDigest: string;
}

/** Beside the branch files (`<index>.json`), so everything a sidebar is made of shares the hashed folder. */
const SKELETON_FILE = 'top.json';

/**
 * The browser runtime's settings and the sidebar files it loads: the top level (the skeleton every page hydrates from,
 * cached once), and each top-level category on its own (at most about 2 KB gzipped on the corpus), so a page or a
 * navigation fetches only the branch it shows. The whole tree (about 17 KB gzipped) is written too, for tools; the
 * browser never reads it, so the boot data does not name it. A wide list (see SIDEBAR_WIDE_LIST) is left out of the file
 * that holds it (a placeholder) and written in chunk files of SIDEBAR_CHUNK_SIZE items, so no file a page loads grows
 * with the width of a folder; its listing pages list every note for readers without JavaScript.
 */
export function buildRuntimeFiles(input: RuntimeFilesInput): RuntimeFiles {
  const { config, sidebar } = input;
  const base = config.baseUrl;
  const sidebarJson = JSON.stringify(sidebar);
  const sidebarDigest = crypto.createHash('sha256').update(sidebarJson).digest('hex');
  const name = `sidebar-${sidebarDigest.slice(0, 10)}`;
  const filesUrl = `${base}assets/${name}/`;
  const { trackingID, anonymizeIP } = config.analytics;
  const runtime: RuntimeSettings = {
    baseUrl: base,
    sidebarBranchUrl: filesUrl,
    sidebarSkeletonUrl: `${base}assets/${name}/${SKELETON_FILE}`,
    dataUrl: `${base}__data/`,
    // Custom pages too: their code is not in the entry, so going there is a normal page load.
    fullPageRoutes: input.specialPages.filter((page) => page.kind !== 'notFound').map((page) => page.route),
    ...(input.sidebarId !== undefined && { sidebarId: input.sidebarId }),
    ...(trackingID !== '' && { analytics: { trackingID, anonymizeIP } }),
    ...(input.graphPath !== undefined && { graphUrl: `${base}${input.graphPath}` }),
    search: buildSearchRuntime(config),
  };
  // Made when first read: `wiki build` links the last build's files instead while the sidebar is the same.
  let files: Map<string, string> | undefined;
  return {
    runtime,
    sidebarDigest,
    get files() {
      return (files ??= buildSidebarFiles(sidebar, sidebarJson, { name, baseUrl: base, filesUrl }));
    },
  };
}

/** The sidebar's files (see buildRuntimeFiles), under `assets/<name>`. */
function buildSidebarFiles(
  sidebar: readonly SidebarItem[],
  sidebarJson: string,
  { name, baseUrl, filesUrl }: { readonly name: string; readonly baseUrl: string; readonly filesUrl: string },
): Map<string, string> {
  const files = new Map<string, string>([
    [`assets/${name}.json`, sidebarJson],
    [`assets/${name}/${SKELETON_FILE}`, JSON.stringify(sidebarSkeleton(sidebar, filesUrl))],
  ]);
  sidebar.forEach((item, index) => {
    if (item.type === 'category')
      files.set(
        `assets/${name}/${index}.json`,
        JSON.stringify(sidebarFileItem(item, ROOT_SIDEBAR_LIST, index, filesUrl)),
      );
  });
  for (const list of findWideSidebarLists(sidebar)) {
    for (let chunk = 0; chunk * SIDEBAR_CHUNK_SIZE < list.items.length; chunk++) {
      files.set(
        `assets/${name}/${sidebarChunkFile(list.list, chunk)}`,
        JSON.stringify(sidebarChunkItems(list, chunk, filesUrl)),
      );
    }
    for (const [page, html] of renderListingPages(list, { baseUrl, filesUrl }).entries())
      files.set(`assets/${name}/${sidebarListingFile(list.list, page)}`, html);
  }
  return files;
}

/** A wide list of the full tree: its id, its category's label and its items. */
interface WideSidebarList extends ListInTree {
  /** The category whose items these are (undefined for the top level). */
  readonly category?: SidebarCategory;
}

/** Every wide list of the tree, outer lists before the lists inside them. */
function findWideSidebarLists(items: readonly SidebarItem[]): WideSidebarList[] {
  const lists: WideSidebarList[] = [];
  const visit = (list: WideSidebarList) => {
    if (list.items.length > SIDEBAR_WIDE_LIST) lists.push(list);
    list.items.forEach((item, at) => {
      if (item.type === 'category')
        visit({ items: item.items, list: childSidebarList(list.list, at), label: item.label, category: item });
    });
  };
  visit({ items, list: ROOT_SIDEBAR_LIST, label: '' });
  return lists;
}

/**
 * An item as a branch or chunk file holds it: its subtree, with each wide list in it left to its chunk files (a
 * placeholder, see isSidebarPlaceholder). `list` is the id of the list it is in, `at` its index there. An item with no
 * wide list inside is returned as it is, so the files of sites without wide lists are what they always were.
 */
function sidebarFileItem(item: SidebarItem, list: string, at: number, filesUrl: string): SidebarItem {
  if (item.type !== 'category') return item;
  const items = sidebarFileList({ items: item.items, list: childSidebarList(list, at), label: item.label }, filesUrl);
  return items === item.items ? item : { ...item, items };
}

/** A list as a file holds it (see sidebarFileItem): a placeholder when it is wide. */
function sidebarFileList(list: ListInTree, filesUrl: string): readonly SidebarItem[] {
  if (list.items.length > SIDEBAR_WIDE_LIST) return [sidebarMoreItem(list, [], filesUrl)];
  const items = list.items.map((item, at) => sidebarFileItem(item, list.list, at, filesUrl));
  return items.every((item, at) => item === list.items[at]) ? list.items : items;
}

/** The items of chunk file `chunk` of a wide list: top-level categories closed (their branch files hold them). */
function sidebarChunkItems(list: WideSidebarList, chunk: number, filesUrl: string): SidebarItem[] {
  const start = chunk * SIDEBAR_CHUNK_SIZE;
  return list.items
    .slice(start, start + SIDEBAR_CHUNK_SIZE)
    .map((item, i) =>
      list.list === ROOT_SIDEBAR_LIST
        ? sidebarSkeletonItem(item)
        : sidebarFileItem(item, list.list, start + i, filesUrl),
    );
}

/** A line of a listing page: a note or a category, and how deep it is under the list. */
interface ListingEntry {
  readonly label: string;
  readonly href?: Route;
  readonly depth: number;
}

function listingEntries(items: readonly SidebarItem[], depth = 0): ListingEntry[] {
  return items.flatMap((item) => {
    if (item.type === 'more' || item.type === 'html') return [];
    const entry: ListingEntry = { label: item.label, ...(item.href !== undefined && { href: item.href }), depth };
    return item.type === 'category' ? [entry, ...listingEntries(item.items, depth + 1)] : [entry];
  });
}

/**
 * The pages listing every note of a wide list, SIDEBAR_LISTING_PAGE_SIZE a page: where its "Show all" leads without
 * JavaScript, so every note has a link to it that needs none. Plain HTML with its few styles inline: it sits in the
 * hashed sidebar folder (cached for good) and depends on nothing but the sidebar and the base URL.
 */
function renderListingPages(
  list: WideSidebarList,
  urls: { readonly baseUrl: string; readonly filesUrl: string },
): string[] {
  const entries = listingEntries(list.items);
  const pageCount = Math.max(1, Math.ceil(entries.length / SIDEBAR_LISTING_PAGE_SIZE));
  const name = list.label || 'All notes';
  const back = list.category?.href !== undefined ? hrefForRoute(list.category.href, urls.baseUrl) : urls.baseUrl;
  return Array.from({ length: pageCount }, (_unused, page) => {
    const start = page * SIDEBAR_LISTING_PAGE_SIZE;
    const shown = entries.slice(start, start + SIDEBAR_LISTING_PAGE_SIZE);
    const items = shown.map((entry) => {
      const text = escapeHtml(entry.label);
      return `<li class="d${Math.min(entry.depth, 9)}">${entry.href !== undefined ? `<a href="${escapeAttribute(hrefForRoute(entry.href, urls.baseUrl))}">${text}</a>` : text}</li>`;
    });
    const pager = [
      page > 0
        ? `<a rel="prev" href="${escapeAttribute(sidebarListingUrl(urls.filesUrl, list.list, page - 1))}">Previous ${SIDEBAR_LISTING_PAGE_SIZE}</a>`
        : '',
      page + 1 < pageCount
        ? `<a rel="next" href="${escapeAttribute(sidebarListingUrl(urls.filesUrl, list.list, page + 1))}">Next ${Math.min(SIDEBAR_LISTING_PAGE_SIZE, entries.length - start - SIDEBAR_LISTING_PAGE_SIZE)}</a>`
        : '',
    ].filter(Boolean);
    const range = `${(start + 1).toLocaleString('en-US')}–${(start + shown.length).toLocaleString('en-US')} of ${entries.length.toLocaleString('en-US')}`;
    return [
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<meta name="robots" content="noindex, follow">',
      `<title>${escapeHtml(name)}: ${range}</title>`,
      `<style>${LISTING_STYLE}</style>`,
      '</head>',
      '<body>',
      `<p><a href="${escapeAttribute(back)}">${escapeHtml(list.category?.href !== undefined ? name : 'Home')}</a></p>`,
      `<h1>${escapeHtml(name)}</h1>`,
      `<p>${range}</p>`,
      `<ol start="${start + 1}">${items.join('')}</ol>`,
      ...(pager.length > 0 ? [`<nav>${pager.join(' ')}</nav>`] : []),
      '</body>',
      '</html>',
      '',
    ].join('\n');
  });
}

const LISTING_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1c1e21}a{color:#2e8555}li{margin:.1rem 0}' +
  Array.from({ length: 9 }, (_unused, depth) => `.d${depth + 1}{margin-left:${depth + 1}.5rem}`).join('') +
  'nav a{margin-right:1rem}';
