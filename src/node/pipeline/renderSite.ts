import type { ComponentType } from 'react';
import { escapeHtml } from '../../shared/html.js';
import { hrefForRoute, htmlPathForRoute, pageDataPath, type Route } from '../../shared/paths.js';
import {
  indexSidebarRoutes,
  pageSidebarBranches,
  pageSidebarWindows,
  pruneSidebar,
  sidebarChunkFile,
  type SidebarRouteIndex,
  sidebarShapeKeys,
} from '../../shared/sidebar.js';
import type { RuntimeSettings } from '../../shared/runtime.js';
import type {
  CustomPageModel,
  DocPageModel,
  SidebarItem,
  SpecialPageModel,
  ThemeSettings,
} from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { PageRenderer } from '../render/loadRenderer.js';
import type { GraphFile } from '../resolve/graph.js';
import type { ClientAssets } from './clientBundle.js';
import type { PagePool } from './renderPool.js';
import type { SiteFile } from '../siteWriter.js';
import { RecentMap } from '../../shared/recentMap.js';
import { createSidebarHtmlCache, RECENT_BRANCHES } from '../render/sidebarCache.js';
import { buildRuntimeFiles } from './runtimeData.js';

export interface RenderSiteInput {
  /** The sidebar every page renders with when `sidebars` is not given; else the first of them. */
  readonly sidebar: readonly SidebarItem[];
  /**
   * Every sidebar by id: a note's page renders with the one its `sidebarId` names (none when it has none), each with
   * its own sidebar files. The other pages boot with `sidebar`'s.
   */
  readonly sidebars?: ReadonlyMap<string, readonly SidebarItem[]>;
  /** Pages with no note behind them (generated-index categories, tags), rendered after the notes' pages as theirs are. */
  readonly generatedPages?: readonly DocPageModel[];
  /** The notes' pages with their content, rendered as they come (`wiki build` renders each note as it is pulled). */
  readonly notePages: Iterable<DocPageModel>;
  /** The search and not-found pages, and the site's custom pages. */
  readonly specialPages: readonly (SpecialPageModel | CustomPageModel)[];
  readonly renderer: PageRenderer;
  readonly theme: ThemeSettings;
  readonly config: SiteConfig;
  readonly client: ClientAssets;
  /** The note file behind a page's route, for the message when its page fails to render. */
  readonly sourceOf?: (route: string) => string | undefined;
  /** Another thread that renders and writes the note pages it takes (`wiki build`'s render pool). */
  readonly pool?: PagePool;
  /**
   * The note page to render, or undefined when its files were put in place without rendering it (`wiki build`'s
   * cache: unchanged pages, whose notes' HTML need not even be read).
   */
  readonly toRender?: (page: DocPageModel, settings: DocPageSettings) => DocPageModel | undefined;
  /**
   * True when a built-in page's file (`relPath`) was put in place without rendering it (`wiki build`'s cache: its model
   * and the settings it renders with are the last build's).
   */
  readonly reuseSpecialPage?: (page: SpecialPageModel, relPath: string, settings: DocPageSettings) => boolean;
  /**
   * True when a sidebar's files (`id`: its sidebar id, '*' for the one sidebar) were put in place without making them
   * (`wiki build`'s cache: the same sidebar, by `digest`, as the last build's); `files` makes them.
   */
  readonly reuseSidebarFiles?: (id: string, digest: string, files: () => readonly SiteFile[]) => boolean;
  /** The link graph file: written with the pages, its URL in every page's runtime settings. */
  readonly graph?: GraphFile | undefined;
}

/** What every note's page is rendered with (plain data: it is also sent to the render pool's thread). */
export interface DocPageSettings {
  readonly theme: ThemeSettings;
  readonly sidebar: readonly SidebarItem[];
  readonly stylesheets: readonly string[];
  readonly scripts: readonly string[];
  readonly modulePreloads: readonly string[];
  readonly runtime: RuntimeSettings;
  /** `"site":...,"runtime":...` of the boot JSON, serialised once: the same for every page. */
  readonly sharedBootJson: string;
  /** A digest of `sidebar`'s JSON: what the build cache keys pages on instead of the whole tree. */
  readonly sidebarDigest: string;
}

/**
 * Every page as static HTML, plus the per-route data files and the full sidebar for in-browser navigation.
 * A generator, so `wiki build` writes each page as it is rendered instead of holding the whole site in memory.
 */
export function* renderSite(input: RenderSiteInput): Generator<SiteFile> {
  const { client, renderer, specialPages } = input;
  yield* client.files;
  if (input.graph) yield [input.graph.path, input.graph.json];
  const shells = createSidebarShells(input);
  const first = shells.first();
  yield* first.files;
  const { settings } = first;
  input.pool?.start(settings);
  const docRoutes: Route[] = [];
  for (const pulled of chainPages(input.notePages, input.generatedPages ?? [])) {
    docRoutes.push(pulled.route);
    const shell = shells.of(pulled);
    if (shell.files.length > 0) yield* shell.files.splice(0);
    const page = input.toRender ? input.toRender(pulled, shell.settings) : pulled;
    if (!page) continue;
    // A page of another sidebar goes to the pool with that sidebar's settings.
    const other = shell === first ? undefined : shell.settings;
    if (!input.pool?.offer(page, input.sourceOf?.(page.route), other))
      yield* renderNotePage(shell.render, page, input.sourceOf);
  }
  for (const page of specialPages) {
    const relPath = page.kind === 'notFound' ? '404.html' : htmlPathForRoute(page.route);
    // A custom page renders the site's component, whose source its model does not show: it is always rendered.
    if (page.kind !== 'custom' && input.reuseSpecialPage?.(page, relPath, settings)) continue;
    const bootJson = `{"page":${JSON.stringify(page)},${settings.sharedBootJson}}`;
    const pageComponent =
      page.kind === 'custom' ? (renderer.pageModules.get(page.route)?.default as ComponentType | undefined) : undefined;
    const html = renderer.renderPageHtml({
      page,
      site: settings.theme,
      sidebar: [],
      stylesheets: client.stylesheets,
      scripts: client.scripts,
      modulePreloads: client.modulePreloads,
      bootJson,
      pageComponent,
    });
    yield [relPath, html];
  }
  const custom = specialPages.filter((page) => page.kind === 'custom').map((page) => page.route);
  yield ['sitemap.xml', renderSitemap([...docRoutes, ...custom], input.config)];
}

function* chainPages(notePages: Iterable<DocPageModel>, generated: readonly DocPageModel[]): Generator<DocPageModel> {
  yield* notePages;
  yield* generated;
}

/** What the pages of one sidebar render with: its settings, its renderer and its sidebar files (until written). */
interface SidebarShell {
  readonly settings: DocPageSettings;
  readonly render: (page: DocPageModel) => SiteFile[];
  /** Emptied once written. */
  readonly files: SiteFile[];
}

/**
 * One shell per sidebar, made when a page first needs it: each sidebar has its own files (so a page loads only its
 * own), and its runtime names it, so the browser loads a page of another sidebar as a whole page.
 */
function createSidebarShells(input: RenderSiteInput): { first(): SidebarShell; of(page: DocPageModel): SidebarShell } {
  const shells = new Map<string, SidebarShell>();
  const firstId = input.sidebars?.keys().next().value;
  const make = (key: string | undefined): SidebarShell => {
    const cached = shells.get(key ?? '*');
    if (cached) return cached;
    const sidebar = key === undefined ? input.sidebar : (input.sidebars?.get(key) ?? []);
    const built = buildRuntimeFiles({
      config: input.config,
      sidebar,
      specialPages: input.specialPages,
      ...(key !== undefined && { sidebarId: key }),
      ...(input.graph && { graphPath: input.graph.path }),
    });
    const { runtime, sidebarDigest } = built;
    const settings: DocPageSettings = {
      theme: input.theme,
      sidebar,
      stylesheets: input.client.stylesheets,
      scripts: input.client.scripts,
      modulePreloads: input.client.modulePreloads,
      runtime,
      sharedBootJson: `"site":${JSON.stringify(input.theme)},"runtime":${JSON.stringify(runtime)}`,
      sidebarDigest,
    };
    const files = (): SiteFile[] => [...built.files];
    const reused = input.reuseSidebarFiles?.(key ?? '*', sidebarDigest, files) === true;
    const shell = {
      settings,
      render: createDocPageRenderer(settings, input.renderer.renderPageParts),
      files: reused ? [] : files(),
    };
    shells.set(key ?? '*', shell);
    return shell;
  };
  // Without `sidebars`, every page has `sidebar` (key undefined); with them, a page outside every sidebar has none ('').
  return {
    first: () => make(firstId),
    of: (page) => make(input.sidebars ? (page.sidebarId ?? '') : undefined),
  };
}

/** A note's page files; a failure names the note (or its route) with the original error as cause. */
function renderNotePage(
  render: (page: DocPageModel) => SiteFile[],
  page: DocPageModel,
  sourceOf: RenderSiteInput['sourceOf'],
): SiteFile[] {
  try {
    return render(page);
  } catch (error) {
    throw new Error(`Can't render the page of note ${sourceOf?.(page.route) ?? page.route}`, { cause: error });
  }
}

/**
 * The pages rendered with a sidebar of their own before the sidebar's shape keys are made (sidebarShapeKeys): an edit
 * renders a page or two, and the keys, made for pages to share a pruned sidebar, cost a walk of the whole tree.
 */
const UNSHARED_SIDEBAR_PAGES = 16;

/** Renders one note page to its HTML file and its data file (what in-browser navigation fetches). */
export function createDocPageRenderer(
  settings: DocPageSettings,
  renderPageParts: PageRenderer['renderPageParts'],
): (page: DocPageModel) => SiteFile[] {
  const sidebarCache = createSidebarHtmlCache();
  const filesUrl = settings.runtime.sidebarBranchUrl;
  // Indexed when the first page renders: in `wiki build`, the render pool's thread may render every page.
  let routeIndex: SidebarRouteIndex | undefined;
  let shapeKeys: Map<string, string> | undefined; // once UNSHARED_SIDEBAR_PAGES pages rendered
  let rendered = 0;
  const shapes = new RecentMap<string, { sidebar: SidebarItem[]; branches: number[]; windowed: boolean }>(
    RECENT_BRANCHES,
  );
  return (page) => {
    routeIndex ??= indexSidebarRoutes(settings.sidebar, filesUrl);
    if (!shapeKeys && ++rendered > UNSHARED_SIDEBAR_PAGES) shapeKeys = sidebarShapeKeys(settings.sidebar);
    // Before that, a page's sidebar is its own: keyed by its route (no shape key has a slash).
    const key = shapeKeys ? (shapeKeys.get(page.route) ?? '') : page.route;
    let shape = shapes.get(key);
    if (!shape) {
      // The browser rebuilds `sidebar` from the cached skeleton and these branch files, fetched as the page loads.
      const sidebar = pruneSidebar(settings.sidebar, page.route, routeIndex);
      shape = {
        sidebar,
        branches: pageSidebarBranches(settings.sidebar, page.route, routeIndex),
        windowed: pageSidebarWindows(sidebar, page.route).length > 0,
      };
      shapes.set(key, shape);
    }
    const { sidebar, branches } = shape;
    // Where the page's item is in each wide list it shows a window of, and the chunk files of those windows.
    const windows = shape.windowed ? pageSidebarWindows(sidebar, page.route) : [];
    const chunkFiles = windows.flatMap((window) =>
      window.chunks.map((chunk) => `${filesUrl}${sidebarChunkFile(window.list, chunk)}`),
    );
    const preloads = [
      settings.runtime.sidebarSkeletonUrl,
      ...branches.map((index) => `${filesUrl}${index}.json`),
      ...chunkFiles,
    ];
    // The note's HTML is already in the page: the boot data leaves it out and the browser reads it from the DOM.
    const pageJson = JSON.stringify({
      ...page,
      contentHtml: '',
      ...(windows.length > 0 && { sidebarWindows: windows }),
    });
    const bootJson = `{"page":${pageJson},"sidebarBranches":${JSON.stringify(branches)},${settings.sharedBootJson}}`;
    const html = renderPageParts({
      page,
      site: settings.theme,
      sidebar,
      stylesheets: settings.stylesheets,
      scripts: settings.scripts,
      modulePreloads: settings.modulePreloads,
      bootJson,
      sidebarCache: { cache: sidebarCache, key },
      preloads,
    });
    // A JSON string cannot contain this key-value pair except as the real (emptied) field: splice the content in.
    return [
      [htmlPathForRoute(page.route), html],
      [
        pageDataPath(page.route),
        pageJson.replace('"contentHtml":""', `"contentHtml":${JSON.stringify(page.contentHtml)}`),
      ],
    ];
  };
}

/** sitemap.xml: every page's URL (`wiki dev` makes it again when an edit adds or removes tag pages). */
export function renderSitemap(routes: readonly Route[], config: SiteConfig): string {
  const origin = `${config.url.replace(/\/$/, '')}${config.baseUrl.replace(/\/$/, '')}`;
  const urls = routes.map(
    (route) =>
      `<url><loc>${escapeHtml(origin + hrefForRoute(route))}</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}
