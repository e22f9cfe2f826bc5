/**
 * The site as `wiki dev` holds it: one full in-memory build (the same `prepareSite` that `wiki build` runs),
 * rendered in the background while pages are rendered on demand, and updated in place when a note changes.
 */
import path from 'node:path';
import type MarkdownIt from 'markdown-it';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { htmlPathForRoute, pageDataPath } from '../../shared/paths.js';
import type { DocPageModel, PageModel } from '../../shared/types.js';
import { prepareSite, type PreparedSite } from '../build/build.js';
import type { ClientAssets } from '../build/clientBundle.js';
import { createBuildContext, type BuildContext } from '../build/context.js';
import type { SiteFileMap } from '../build/emit.js';
import { renderSite } from '../build/renderSite.js';
import type { SiteConfig } from '../config/schema.js';
import type { Diagnostic } from '../diagnostics.js';
import type { ParsedDoc } from '../docs/doc.js';
import type { LinkResolver } from '../markdown/noteEnv.js';

export interface DevSite {
  readonly context: BuildContext;
  readonly prepared: PreparedSite;
  /** The browser bundle pages rendered here link to (built once per dev session). */
  readonly client: ClientAssets;
  /** The notes and page models as they are now (edits replace entries). */
  readonly docs: ParsedDoc[];
  readonly docPages: DocPageModel[];
  /** Output path -> page, so a page can be rendered when asked for before the background render reaches it. */
  readonly pageByPath: Map<string, PageModel>;
  readonly files: SiteFileMap;
  /** Paths rendered from current data; the background render (of the data as first built) skips them. */
  readonly fresh: Set<string>;
  /** Site-relative path -> absolute source of the files served as they are (static/ and docs assets). */
  readonly copies: Map<string, string>;
  /** The build's warnings and errors, kept current as notes change. */
  diagnostics: Diagnostic[];
  /** Settles once every file has been rendered. */
  rendered: Promise<void>;
  renderDone: boolean;
  /** Set when a newer build replaces this one: its background render stops. */
  cancelled: boolean;
  /** Markdown renderer and link resolver for edits, made on the first one. */
  parser?: { readonly md: MarkdownIt; readonly resolveLink: LinkResolver };
}

export interface BuildDevSiteOptions {
  readonly config: SiteConfig;
  readonly configPath: string;
  readonly docsDir?: string;
  readonly client: ClientAssets;
}

/** Runs the build pipeline in development mode; pages render in the background (or on request). */
export async function buildDevSite(options: BuildDevSiteOptions): Promise<DevSite> {
  const { config, configPath, client } = options;
  const siteDir = path.dirname(path.resolve(configPath));
  const context = createBuildContext({ config, siteDir, mode: 'development', ...(options.docsDir !== undefined && { docsDir: options.docsDir }) });
  const prepared = await prepareSite(context, configPath);
  const { site } = prepared;
  const pageByPath = new Map<string, PageModel>();
  for (const page of [...site.docPages, ...site.specialPages]) for (const relPath of outputPathsOf(page)) pageByPath.set(relPath, page);
  const devSite: DevSite = {
    context,
    prepared,
    client,
    docs: [...site.docs],
    docPages: [...site.docPages],
    pageByPath,
    files: new Map(client.files),
    fresh: new Set(),
    copies: new Map([...prepared.copies].map(([source, relPath]) => [relPath, source])),
    diagnostics: [...context.diagnostics.items],
    rendered: Promise.resolve(),
    renderDone: false,
    cancelled: false,
  };
  devSite.rendered = renderInBackground(devSite);
  return devSite;
}

/** The files a page is written to (HTML, and the data file of a note). */
export function outputPathsOf(page: PageModel): string[] {
  if (page.kind === 'notFound') return ['404.html'];
  return page.kind === 'doc' ? [htmlPathForRoute(page.route), pageDataPath(page.route)] : [htmlPathForRoute(page.route)];
}

/** Renders these pages from the current data into the file map, with the same renderer as the build. */
export function renderPages(devSite: DevSite, pages: readonly PageModel[]): void {
  const wanted = new Set(pages.flatMap(outputPathsOf));
  const site = {
    ...devSite.prepared.site,
    docs: devSite.docs,
    docPages: pages.filter((page): page is DocPageModel => page.kind === 'doc'),
    specialPages: pages.filter((page) => page.kind !== 'doc'),
  };
  const input = { site, theme: devSite.prepared.theme, config: devSite.context.config, client: { ...devSite.client, files: new Map() } };
  for (const [relPath, contents] of renderSite(input)) {
    if (!wanted.has(relPath)) continue;
    devSite.files.set(relPath, contents);
    devSite.fresh.add(relPath);
  }
}

/** The rendered file, rendering its page first when the background render has not reached it yet. */
export async function readSiteFile(devSite: DevSite, relPath: string): Promise<string | Uint8Array | undefined> {
  const file = devSite.files.get(relPath);
  if (file !== undefined) return file;
  const page = devSite.pageByPath.get(relPath);
  if (page) {
    renderPages(devSite, [page]);
    return devSite.files.get(relPath);
  }
  if (!devSite.renderDone) await devSite.rendered;
  return devSite.files.get(relPath);
}

// Renders the whole site in slices of about 20 ms, so the server answers requests (and edits) meanwhile.
async function renderInBackground(devSite: DevSite): Promise<void> {
  let sliceStart = performance.now();
  for (const [relPath, contents] of devSite.prepared.renderFiles()) {
    if (devSite.cancelled) return;
    if (!devSite.fresh.has(relPath)) devSite.files.set(relPath, contents);
    if (performance.now() - sliceStart > 20) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  devSite.renderDone = true;
}

/** What changed between two builds, as the routes open tabs must swap or reload. */
export function diffSites(previous: DevSite | undefined, next: DevSite): { content: string[]; reload: string[] | 'all' } {
  if (!previous) return { content: [], reload: 'all' };
  const sameShell = JSON.stringify(previous.prepared.site.sidebar) === JSON.stringify(next.prepared.site.sidebar) && JSON.stringify(previous.prepared.theme) === JSON.stringify(next.prepared.theme);
  if (!sameShell) return { content: [], reload: 'all' };
  const nextByRoute = new Map(next.docPages.map((page) => [page.route as string, page]));
  const content: string[] = [];
  const reload: string[] = [];
  for (const page of previous.docPages) {
    const now = nextByRoute.get(page.route);
    const change = now ? comparePages(page, now) : 'page';
    if (change === 'content') content.push(page.route);
    else if (change === 'page') reload.push(page.route);
  }
  return { content, reload };
}

/** 'content' when only the note's own content (and head tags) differ, 'page' when more does. */
export function comparePages(before: DocPageModel, after: DocPageModel): 'same' | 'content' | 'page' {
  const shell = (page: DocPageModel) => JSON.stringify({ ...page, contentHtml: '', description: '', head: [], keywords: [] });
  if (shell(before) !== shell(after)) return 'page';
  return JSON.stringify(before) === JSON.stringify(after) ? 'same' : 'content';
}
