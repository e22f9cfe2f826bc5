/**
 * A Docusaurus site's config (docusaurus.config.js|ts, already loaded) mapped onto this engine's options. Pure: the
 * loader (loadConfig.ts) imports the file and validates the result; what has no equivalent is listed, never fatal.
 */
import path from 'node:path';
import { posixPathBelow, toPosixPath } from '../filePaths.js';
import { isRecord, mapThemeConfig, type Mapper } from './docusaurusTheme.js';

/** The symbol key (Symbol.for) under which a stand-in for a missing package gives the package's name. */
export const stubbedPackageKey = 'wiki.stubbedPackage';

export interface DocusaurusMappingOptions {
  /** The config file's folder: the config's relative paths (docs, static, sidebars) are relative to it. */
  readonly siteDir: string;
  /** Folders of the site Docusaurus reads and this engine does not, those that exist ('src/theme', 'src/pages', 'blog'). */
  readonly presentFolders?: readonly string[];
}

export interface DocusaurusMapping {
  /** The options in wiki.config.ts terms, still to validate with the schema. */
  readonly config: Record<string, unknown>;
  /** Each option that has no equivalent here, by its path in the Docusaurus config (e.g. "plugins[0] (x)"). */
  readonly ignored: readonly string[];
}

// Options that only `docusaurus deploy` or Docusaurus's own bundler read: they change nothing a build shows.
const silentOptions = new Set([
  'organizationName',
  'projectName',
  'deploymentBranch',
  'githubHost',
  'githubPort',
  'future',
  'baseUrlIssueBanner',
]);
const copiedOptions = ['title', 'tagline', 'url', 'trailingSlash', 'favicon', 'noIndex', 'titleDelimiter'] as const;
const handledOptions = new Set([
  ...copiedOptions,
  'baseUrl',
  'onBrokenLinks',
  'onBrokenAnchors',
  'onDuplicateRoutes',
  'onBrokenMarkdownLinks',
  'i18n',
  'staticDirectories',
  'themeConfig',
  'presets',
  'plugins',
  'themes',
  'markdown',
]);
const classicPresets = new Set(['classic', '@docusaurus/preset-classic', 'docusaurus-preset-classic']);
const docsPlugins = new Set(['content-docs', '@docusaurus/plugin-content-docs', 'docusaurus-plugin-content-docs']);
// Themes whose work this engine does itself (the classic theme, Algolia's search box with themeConfig.algolia).
const builtInThemes = new Set(['@docusaurus/theme-classic', '@docusaurus/theme-search-algolia']);

/** Maps a loaded Docusaurus config (the object its default export gives) onto this engine's options. */
export function mapDocusaurusConfig(raw: unknown, options: DocusaurusMappingOptions): DocusaurusMapping {
  const ignored: string[] = [];
  const mapper: Mapper = { ignore: (option) => ignored.push(option), blogRoutes: [] };
  const source = isRecord(raw) ? raw : {};
  const config: Record<string, unknown> = {};
  for (const key of copiedOptions) if (source[key] !== undefined) config[key] = source[key];
  if (typeof source.baseUrl === 'string')
    config.baseUrl = `/${source.baseUrl.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  for (const [key, value] of Object.entries(source))
    if (isSet(value) && !handledOptions.has(key) && !silentOptions.has(key)) mapper.ignore(key);
  Object.assign(config, mapSeverities(source, mapper), isRecord(raw) ? mapMarkdownFormat(source.markdown) : {});
  Object.assign(config, mapI18n(source.i18n, mapper), mapStaticDirectories(source.staticDirectories, mapper));
  const plugins = mapPresetsAndPlugins(source, options, mapper);
  Object.assign(config, plugins.options);
  ignoreUnbuiltFolders(options.presentFolders ?? [], plugins, mapper);
  Object.assign(config, mapThemeConfig(source.themeConfig, mapper));
  return { config, ignored };
}

/** Docusaurus 3 reads every note as MDX unless `markdown.format` says 'detect' (or 'md'). */
function mapMarkdownFormat(markdown: unknown): Record<string, unknown> {
  const format = isRecord(markdown) ? markdown.format : undefined;
  return { markdown: { format: format === undefined ? 'mdx' : format } };
}

type Severity = 'ignore' | 'warn' | 'throw';
const severityOrder: readonly Severity[] = ['ignore', 'warn', 'throw'];

/** Docusaurus's 'log' is a warning here; unknown values pass through for the schema to report. */
function toSeverity(value: unknown): unknown {
  return value === 'log' ? 'warn' : value;
}

/** Docusaurus's settings for broken links to pages, Markdown files and images, with its defaults. */
const brokenLinkSettings = [
  { option: 'onBrokenLinks', hook: undefined, fallback: 'throw' },
  { option: 'onBrokenMarkdownLinks', hook: 'onBrokenMarkdownLinks', fallback: 'warn' },
  { option: undefined, hook: 'onBrokenMarkdownImages', fallback: 'throw' },
] as const;

/**
 * onBrokenLinks here covers links to pages, Markdown files and images alike: with any Docusaurus setting of them
 * given, it is the mildest of the three (defaults filled in), so that what Docusaurus only warns about builds.
 */
function mapSeverities(source: Record<string, unknown>, mapper: Mapper): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (source.onBrokenAnchors !== undefined) result.onBrokenAnchors = toSeverity(source.onBrokenAnchors);
  if (source.onDuplicateRoutes !== undefined) result.onDuplicateRoutes = toSeverity(source.onDuplicateRoutes);
  const markdown = isRecord(source.markdown) ? source.markdown : {};
  const hooks = isRecord(markdown.hooks) ? markdown.hooks : {};
  for (const [key, value] of Object.entries(markdown))
    if (!['hooks', 'format', 'mermaid'].includes(key) && isSet(value)) mapper.ignore(`markdown.${key}`);
  for (const key of Object.keys(hooks))
    if (!brokenLinkSettings.some((setting) => setting.hook === key)) mapper.ignore(`markdown.hooks.${key}`);
  const given = brokenLinkSettings.map(({ option, hook }) => {
    const value = (hook && hooks[hook]) ?? (option && source[option]);
    if (typeof value !== 'function') return value;
    mapper.ignore(`markdown.hooks.${hook ?? option} (a function: these broken links are warnings)`);
    return 'warn';
  });
  if (given.every((value) => value === undefined)) return result;
  const settings = given.map((value, index) => toSeverity(value ?? brokenLinkSettings[index]!.fallback));
  const unknown = settings.find((value) => !severityOrder.includes(value as Severity));
  result.onBrokenLinks =
    unknown ?? severityOrder[Math.min(...settings.map((value) => severityOrder.indexOf(value as Severity)))];
  return result;
}

/** Whether an option is set to something (an empty object or list sets nothing). */
export function isSet(value: unknown): boolean {
  if (value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  return !isRecord(value) || Object.keys(value).length > 0;
}

/** An English-only site maps as it is; other locales are not built (this engine builds one English site). */
function mapI18n(value: unknown, mapper: Mapper): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const locales = Array.isArray(value.locales) ? value.locales : ['en'];
  if (value.defaultLocale !== 'en') {
    mapper.ignore(`i18n (default locale "${String(value.defaultLocale)}": the site is built in English)`);
    return {};
  }
  if (locales.some((locale) => locale !== 'en'))
    mapper.ignore(`i18n.locales (${locales.filter((locale) => locale !== 'en').join(', ')}: only "en" is built)`);
  for (const key of Object.keys(value))
    if (!['defaultLocale', 'locales', 'localeConfigs'].includes(key)) mapper.ignore(`i18n.${key}`);
  const localeConfigs = isRecord(value.localeConfigs) && isRecord(value.localeConfigs.en) ? value.localeConfigs : {};
  return {
    i18n: {
      defaultLocale: 'en',
      locales: ['en'],
      localeConfigs: { ...(localeConfigs.en ? { en: localeConfigs.en } : {}) },
    },
  };
}

function mapStaticDirectories(value: unknown, mapper: Mapper): Record<string, unknown> {
  if (!Array.isArray(value) || value.length === 0) return {};
  value
    .slice(1)
    .forEach((dir, index) =>
      mapper.ignore(`staticDirectories[${index + 1}] ("${String(dir)}": only the first static folder is copied)`),
    );
  return { staticDir: value[0] };
}

/** What the presets say about the parts this engine does not build: listed already, or on by default. */
interface PluginsMapping {
  readonly options: Record<string, unknown>;
  /** The blog: on (Docusaurus builds blog/ by default), off (`blog: false`) or already listed (its options). */
  readonly blog: 'on' | 'off' | 'listed';
  readonly pages: 'on' | 'off' | 'listed';
}

/** The classic preset's docs, blog, pages and analytics options, or a docs plugin's; other presets and plugins are listed. */
function mapPresetsAndPlugins(
  source: Record<string, unknown>,
  options: DocusaurusMappingOptions,
  mapper: Mapper,
): PluginsMapping {
  let docs: Record<string, unknown> | undefined;
  let analytics: Record<string, unknown> | undefined;
  let blog: PluginsMapping['blog'] = 'off';
  let pages: PluginsMapping['pages'] = 'off';
  entriesOf(source.presets).forEach(({ name, options: presetOptions }, index) => {
    const at = `presets[${index}]`;
    if (!classicPresets.has(name)) return mapper.ignore(`${at} (${name})`);
    const preset = isRecord(presetOptions) ? presetOptions : {};
    if (preset.docs !== false)
      docs = mapDocsOptions(isRecord(preset.docs) ? preset.docs : {}, `${at}.docs`, options, mapper);
    blog = isRecord(preset.blog) ? 'listed' : preset.blog === false ? 'off' : 'on';
    if (isRecord(preset.blog)) {
      mapper.ignore(`${at}.blog (the blog is not built)`);
      mapper.blogRoutes.push(`/${String(preset.blog.routeBasePath ?? 'blog').replace(/^\/+|\/+$/g, '')}`);
    }
    pages = isRecord(preset.pages) ? 'listed' : preset.pages === false ? 'off' : 'on';
    if (isRecord(preset.pages)) mapper.ignore(`${at}.pages (src/pages/ is not built)`);
    analytics = mapAnalytics(preset, at, mapper);
    for (const [key, value] of Object.entries(preset))
      if (!presetOptionKeys.has(key) && isSet(value)) mapper.ignore(`${at}.${key}`);
  });
  entriesOf(source.plugins).forEach(({ name, options: pluginOptions }, index) => {
    const at = `plugins[${index}]`;
    const id = isRecord(pluginOptions) ? (pluginOptions.id ?? 'default') : 'default';
    if (docsPlugins.has(name) && !docs && id === 'default')
      docs = mapDocsOptions(isRecord(pluginOptions) ? pluginOptions : {}, at, options, mapper);
    else mapper.ignore(`${at} (${name})`);
  });
  entriesOf(source.themes).forEach(({ name }, index) => {
    if (!builtInThemes.has(name)) mapper.ignore(`themes[${index}] (${name})`);
  });
  return { options: { ...docs, ...(analytics && { analytics }) }, blog, pages };
}

const presetOptionKeys = new Set(['docs', 'blog', 'pages', 'gtag', 'googleAnalytics', 'debug']);

/** Folders Docusaurus would build from by default (src/pages/, blog/) and swizzled components (src/theme/). */
function ignoreUnbuiltFolders(folders: readonly string[], plugins: PluginsMapping, mapper: Mapper): void {
  if (folders.includes('src/theme')) mapper.ignore('src/theme/ (swizzled components)');
  if (folders.includes('src/pages') && plugins.pages === 'on') mapper.ignore('src/pages/ (pages are not built)');
  if (folders.includes('blog') && plugins.blog === 'on') {
    mapper.ignore('blog/ (the blog is not built)');
    mapper.blogRoutes.push('/blog');
  }
}

/** A presets/plugins/themes list: each entry as its name and options (`false` and `null` entries are switched off). */
function entriesOf(value: unknown): { name: string; options: unknown }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (entry === false || entry === null || entry === undefined) return [];
    const [module, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
    return [{ name: moduleName(module), options }];
  });
}

/** A plugin's name: as written, the package a stand-in replaces (not installed), or what it is. */
function moduleName(module: unknown): string {
  if (typeof module === 'string') return module;
  const stubbed =
    typeof module === 'function'
      ? (module as unknown as Record<symbol, unknown>)[Symbol.for(stubbedPackageKey)]
      : undefined;
  if (typeof stubbed === 'string') return `${stubbed}, not installed`;
  return typeof module === 'function' ? 'a function' : 'a module';
}

const docsOptionKeys = new Set([
  'path',
  'routeBasePath',
  'include',
  'exclude',
  'sidebarPath',
  'editUrl',
  'tags',
  'sidebarCollapsed',
  'showLastUpdateTime',
  'showLastUpdateAuthor',
  'id',
]);

/** The docs plugin's options; its default routeBasePath is 'docs', as in Docusaurus. */
function mapDocsOptions(
  docs: Record<string, unknown>,
  at: string,
  options: DocusaurusMappingOptions,
  mapper: Mapper,
): Record<string, unknown> {
  const docsDir = typeof docs.path === 'string' ? docs.path : 'docs';
  const result: Record<string, unknown> = { docsDir };
  const block: Record<string, unknown> = { routeBasePath: docs.routeBasePath ?? 'docs' };
  for (const key of ['include', 'exclude'] as const) if (docs[key] !== undefined) block[key] = docs[key];
  if (typeof docs.sidebarPath === 'string') block.sidebarPath = relativeToSite(docs.sidebarPath, options.siteDir);
  // Docusaurus shows no sidebar at all then; this engine always has one (the folders').
  if (docs.sidebarPath === false) mapper.ignore(`${at}.sidebarPath (false: the sidebar comes from the folders)`);
  if (typeof docs.tags === 'string') block.tags = docs.tags;
  for (const key of ['showLastUpdateTime', 'showLastUpdateAuthor'] as const)
    if (typeof docs[key] === 'boolean') block[key] = docs[key];
  // Docusaurus has no recent page nor docs feeds: the site keeps exactly its routes.
  if (docs.showLastUpdateTime === true) Object.assign(block, { feeds: false, recent: 0 });
  if (typeof docs.sidebarCollapsed === 'boolean') result.sidebarCollapsed = docs.sidebarCollapsed;
  if (typeof docs.editUrl === 'string') {
    // Docusaurus appends the note's path from the site folder (docs/a.md); this engine, from the docs folder.
    const docsFromSite = toPosixPath(path.relative(options.siteDir, path.resolve(options.siteDir, docsDir)));
    result.editUrl = `${docs.editUrl.replace(/\/?$/, '/')}${docsFromSite ? `${docsFromSite}/` : ''}`;
  } else if (docs.editUrl !== undefined)
    mapper.ignore(`${at}.editUrl (a function: give the edit URL prefix as a string)`);
  for (const [key, value] of Object.entries(docs))
    if (!docsOptionKeys.has(key) && isSet(value) && value !== false) mapper.ignore(`${at}.${key}`);
  return { ...result, docs: block };
}

/** A path the config gives (often `require.resolve('./sidebars.js')`, absolute) as one relative to the site folder. */
function relativeToSite(file: string, siteDir: string): string {
  if (!path.isAbsolute(file)) return file;
  return posixPathBelow(siteDir, file) ?? file;
}

/** gtag's or googleAnalytics's trackingID (the first, when several) as the site's analytics. */
function mapAnalytics(
  preset: Record<string, unknown>,
  at: string,
  mapper: Mapper,
): Record<string, unknown> | undefined {
  const settings = [preset.gtag, preset.googleAnalytics].find(isRecord);
  if (!settings) return undefined;
  const key = settings === preset.gtag ? 'gtag' : 'googleAnalytics';
  const ids = Array.isArray(settings.trackingID) ? settings.trackingID : [settings.trackingID];
  if (ids.length > 1) mapper.ignore(`${at}.${key}.trackingID[1...] (only the first tracking id is used)`);
  for (const option of Object.keys(settings))
    if (option !== 'trackingID' && option !== 'anonymizeIP') mapper.ignore(`${at}.${key}.${option}`);
  return {
    trackingID: ids[0],
    ...(typeof settings.anonymizeIP === 'boolean' && { anonymizeIP: settings.anonymizeIP }),
  };
}
