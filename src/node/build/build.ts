import fs from 'node:fs';
import path from 'node:path';
import type { ThemeSettings } from '../../shared/types.js';
import { buildThemeSettings } from '../resolve/themeSettings.js';
import { startSearchIndex } from '../search/index.js';
import type { ClientAssets } from './clientBundle.js';
import { type BuildContext, timeStage } from './context.js';
import { createSiteWriter, emitSite, type SiteFile, type SiteFileMap } from './emit.js';
import { loadSite, type SiteData } from './loadSite.js';
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

/** scan -> parse -> resolve, then everything render needs; rendering itself happens when files are pulled. */
export async function prepareSite(context: BuildContext, configPath: string): Promise<PreparedSite> {
  const translations = await loadTranslations(context);
  const site = await loadSite(context, { translations });
  const theme = { ...buildThemeSettings({ config: context.config, configPath, docs: site.docs, draftIds: site.draftIds, sidebar: site.sidebar }), ...(Object.keys(translations).length > 0 && { translations }) };
  const { client } = site;
  const copies = new Map([...site.staticCopies, ...site.assets]);
  // The search index builds in a worker thread while pages render; its files come last ('search' times the wait).
  const searchIndex = startSearchIndex({ site, config: context.config });
  return { site, theme, copies, client, renderFiles: () => searchIndex.appendTo(renderSite({ site, theme, config: context.config, client }), context) };
}

/**
 * The site's translation overrides of theme strings (i18n/en/*.json, only those that change a default); declarations
 * without id or message in its theme/ and pages/ files are errors. A site with none of these folders skips it all.
 */
async function loadTranslations(context: BuildContext): Promise<Record<string, string>> {
  if (!['theme', 'pages', 'i18n'].some((dir) => fs.existsSync(path.join(context.siteDir, dir)))) return {};
  // Loaded on demand: the extractor reads sources with TypeScript's parser (about 0.6 s to load).
  const { resolveTranslationOverrides } = await import('../i18n/translations.js');
  return timeStage(context, 'translations', () => resolveTranslationOverrides(context.siteDir, context.diagnostics, context.displayPath));
}

/** The whole site in memory (what `wiki dev` serves). */
export async function buildSiteFiles(context: BuildContext, configPath: string): Promise<PreparedSite & { files: SiteFileMap }> {
  const prepared = await prepareSite(context, configPath);
  const files: SiteFileMap = timeStage(context, 'render', () => new Map(prepared.renderFiles()));
  return { ...prepared, files };
}

/** `wiki build`: the pipeline, then render and write page by page, unless a content error makes the build fail. */
export async function buildSite(context: BuildContext, configPath: string, options: { strict: boolean }): Promise<PreparedSite> {
  const prepared = await prepareSite(context, configPath);
  const { diagnostics } = context;
  if (diagnostics.errorCount > 0 || (options.strict && diagnostics.warningCount > 0)) return prepared;
  timeStage(context, 'render+emit', () => emitSite(context.outDir, (staging) => writeSite(prepared, staging)));
  return prepared;
}

function writeSite(prepared: PreparedSite, staging: string): void {
  const writer = createSiteWriter(staging);
  for (const file of prepared.renderFiles()) writer.write(file);
  for (const [source, relPath] of prepared.copies) writer.copy(source, relPath);
}
