import fs from 'node:fs';
import type { CustomPageModel, PageModel, SpecialPageModel, ThemeSettings } from '../../shared/types.js';
import { buildThemeSettings } from '../resolve/themeSettings.js';
import { usesEngineRenderer } from '../render/loadRenderer.js';
import { bootSearchIndex, type SearchIndexBoot, startSearchIndex } from '../search/index.js';
import type { ClientAssets } from './clientBundle.js';
import type { NoteSummary } from '../notes/note.js';
import { type BuildContext, extensionDirs, timeStage, timeStageAsync } from '../context.js';
import { createSiteWriter, emitSite, type SiteFile } from './emit.js';
import { completeSpecialPages, loadSite, type LoadSiteOptions, loadSiteOutline, type SiteData } from './loadSite.js';
import { createNoteStream } from './noteStream.js';
import { renderSite } from './renderSite.js';

/** A site ready to render: its data, theme settings, browser assets and the files to copy as they are. */
export interface PreparedSite {
  readonly site: SiteData;
  readonly theme: ThemeSettings;
  /** Renders every output file lazily (pages, data, assets). */
  readonly renderFiles: () => Iterable<SiteFile>;
  /** Files copied as they are: absolute source -> site-relative path. */
  readonly copies: ReadonlyMap<string, string>;
  /** The browser bundle the pages link (with the site's theme overrides and pages). */
  readonly client: ClientAssets;
}

/** The whole site parsed, ready to render when files are pulled (what `wiki dev` holds). */
export async function prepareSite(context: BuildContext, configPath: string, options: Pick<LoadSiteOptions, 'noteCache'> = {}): Promise<PreparedSite> {
  const translations = await loadTranslations(context);
  const site = await loadSite(context, { translations, ...options });
  const theme = buildSiteTheme(context, configPath, site, translations);
  const { client } = site;
  const copies = new Map([...site.staticCopies, ...site.assets]);
  // The search index builds in a worker thread while pages render; its files come last ('search' times the wait).
  const searchIndex = startSearchIndex({ pages: site.docPages, config: context.config });
  for (const doc of site.docs) searchIndex.add(doc);
  const render = () => renderSite({ sidebar: site.sidebar, docPages: site.docPages, specialPages: site.specialPages, renderer: site.renderer, theme, config: context.config, client });
  return { site, theme, copies, client, renderFiles: () => searchIndex.appendTo(render(), context) };
}

/** What a build made, for its summary line. */
export interface BuildSummary {
  readonly notes: number;
  readonly routes: number;
}

/**
 * `wiki build`: the outline (titles, sidebar, page models), then each note is rendered as its page is written, into
 * a staging folder that replaces the output only when no error (or, with --strict, no warning) was reported.
 */
export interface BuildOptions {
  readonly strict: boolean;
  /** Told when another build is writing the same output folder and this one waits for it. */
  readonly onWait?: (holderPid: number | undefined) => void;
}

export async function buildSite(context: BuildContext, configPath: string, options: BuildOptions): Promise<BuildSummary> {
  // The index worker loads its modules (and the page renderer's) on the second core while this thread reads the site.
  const searchBoot = bootSearchIndex(context.config, { preloadPages: true });
  try {
    return await buildWithIndexWorker(context, configPath, options, searchBoot);
  } finally {
    await searchBoot.cancel(); // a no-op once the index is written; else the build stopped before its worker was used
  }
}

async function buildWithIndexWorker(context: BuildContext, configPath: string, options: BuildOptions, searchBoot: SearchIndexBoot): Promise<BuildSummary> {
  const translations = await loadTranslations(context);
  const outline = await loadSiteOutline(context, { translations });
  const theme = buildSiteTheme(context, configPath, { docs: outline.summaries, draftIds: outline.draftIds, sidebar: outline.sidebar }, translations);
  const failed = () => context.diagnostics.errorCount > 0 || (options.strict && context.diagnostics.warningCount > 0);
  // Every note's route, the search page and custom pages (the not-found page is no route).
  const summary = (special: readonly PageModel[]) => ({ notes: outline.sources.length, routes: outline.docPages.length + special.filter((page) => page.kind !== 'notFound').length });
  if (failed()) {
    // Nothing is written, but every note is still parsed so its link problems are reported with the others.
    const notes = createNoteStream(outline, context, { add: () => undefined, endNotes: () => undefined, appendTo: (files) => files, stop: async () => undefined });
    for (const _page of notes.pages());
    notes.checkLinks();
    return summary(outline.builtInPages);
  }
  let specialPages: readonly (SpecialPageModel | CustomPageModel)[] = [];
  await emitSite(context.outDir, async (staging) => {
    // The index worker writes its files into the staging folder itself, beside the page writer, and renders the pages
    // it has time for. It loaded React and the theme while the site was read, so a small site pays nothing for it
    // either (5 alternating builds: 3 notes 0.37 s, 141 notes 1.16 s, with or without; the real corpus, when the
    // helper came, 4.5 -> 4.2 s).
    const renderPages = usesEngineRenderer(outline.extensions);
    const search = searchBoot.start({ pages: outline.docPages, writeTo: staging, renderPages });
    try {
      const notes = createNoteStream(outline, context, search);
      await timeStageAsync(context, 'parse', () => notes.renderAhead(outline.bundles));
      const { renderer, client } = await outline.bundles;
      specialPages = completeSpecialPages(context, outline, renderer);
      const files = renderSite({ sidebar: outline.sidebar, docPages: notes.pages(), specialPages, renderer, theme, config: context.config, client, ...(search.pageHelper && { pageHelper: search.pageHelper }) });
      const writer = createSiteWriter(staging);
      timeStage(context, 'render+emit', () => {
        for (const file of search.appendTo(files, context)) writer.write(file);
      });
      const assets = timeStage(context, 'links', () => notes.checkLinks());
      if (failed()) return false;
      for (const [source, relPath] of [...outline.staticCopies, ...assets]) writer.copy(source, relPath);
      return true;
    } catch (error) {
      await search.stop(); // before emitSite removes the staging folder the worker writes into
      throw error;
    }
  }, { ...(options.onWait && { onWait: options.onWait }) });
  return summary(specialPages);
}

/** The settings every page's theme renders with (navbar, footer, colour mode, translations). */
function buildSiteTheme(context: BuildContext, configPath: string, site: Pick<SiteData, 'draftIds' | 'sidebar'> & { docs: readonly NoteSummary[] }, translations: Record<string, string>): ThemeSettings {
  const theme = buildThemeSettings({ config: context.config, configPath, docs: site.docs, draftIds: site.draftIds, sidebar: site.sidebar });
  return { ...theme, ...(Object.keys(translations).length > 0 && { translations }) };
}

/**
 * The site's translation overrides of theme strings (i18n/en/*.json, only those that change a default); declarations
 * without id or message in its theme/ and pages/ files are errors. A site with none of these folders skips it all.
 */
async function loadTranslations(context: BuildContext): Promise<Record<string, string>> {
  if (!extensionDirs(context.siteDir).some((dir) => fs.existsSync(dir))) return {};
  // Loaded on demand: the extractor reads sources with TypeScript's parser (about 0.6 s to load).
  const { resolveTranslationOverrides } = await import('../i18n/translations.js');
  return timeStage(context, 'translations', () => resolveTranslationOverrides(context.siteDir, context.diagnostics, context.displayPath));
}
