/**
 * Which config a command reads: `--config FILE`, else wiki.config.ts or a Docusaurus site's docusaurus.config.* in
 * the site folder (the parent of `--docs`, else the working directory), else a neutral default named after the
 * folder, so that a folder of notes builds as itself and never as this project's own site.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, validateConfig, type LoadConfigOptions } from './loadConfig.js';
import type { SiteConfig, SiteConfigInput } from './schema.js';

/** Looked for in this order in the site folder. */
export const wikiConfigNames = ['wiki.config.ts', 'wiki.config.mts', 'wiki.config.js', 'wiki.config.mjs'];
export const docusaurusConfigNames = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.cts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];

/** Where a site's config comes from. */
export type SiteConfigSource =
  | {
      readonly kind: 'file';
      /** The config file as messages name it (relative to the working directory). */
      readonly configPath: string;
      readonly siteDir: string;
    }
  | {
      readonly kind: 'neutral';
      /** Where `wiki init` would write the config: messages name it, and `wiki dev` watches it. */
      readonly configPath: string;
      readonly siteDir: string;
      readonly docsDir: string;
    };

export interface FindConfigOptions {
  /** `--config FILE`. */
  readonly config?: string;
  /** `--docs DIR`: its parent is the site folder. */
  readonly docs?: string;
  readonly cwd?: string;
}

/** The config a command reads (see the file comment); nothing is loaded yet. */
export function findSiteConfig(options: FindConfigOptions): SiteConfigSource {
  const cwd = options.cwd ?? process.cwd();
  const display = (file: string) => path.relative(cwd, file) || path.basename(file);
  if (options.config !== undefined) {
    const file = path.resolve(cwd, options.config);
    return { kind: 'file', configPath: options.config, siteDir: path.dirname(file) };
  }
  const siteDir = options.docs !== undefined ? path.dirname(path.resolve(cwd, options.docs)) : cwd;
  const found = [...wikiConfigNames, ...docusaurusConfigNames]
    .map((name) => path.join(siteDir, name))
    .find((file) => fs.existsSync(file));
  if (found) return { kind: 'file', configPath: display(found), siteDir };
  const docsDir = options.docs !== undefined ? path.resolve(cwd, options.docs) : path.join(siteDir, 'docs');
  return { kind: 'neutral', configPath: display(path.join(siteDir, 'wiki.config.ts')), siteDir, docsDir };
}

/** The neutral default: the site folder's name as title (the docs folder's own, when it is not named docs). */
export function neutralConfig(source: { siteDir: string; docsDir: string; cwd?: string }): SiteConfigInput {
  const docsName = path.basename(source.docsDir);
  const title = (docsName.toLowerCase() === 'docs' ? path.basename(source.siteDir) : docsName) || 'Notes';
  return {
    title,
    url: 'http://localhost',
    docsDir: path.relative(source.siteDir, source.docsDir) || '.',
    // The output goes where the command runs, as before, never beside a docs folder pointed to from elsewhere.
    outDir: path.resolve(source.cwd ?? process.cwd(), 'build'),
  };
}

/** What a neutral build prints once: that no config was found, what it uses instead, and how to make one. */
export function describeNeutral(config: SiteConfig, source: { siteDir: string; cwd?: string }): string {
  const cwd = source.cwd ?? process.cwd();
  const where = path.relative(cwd, source.siteDir) || '.';
  const hasStatic = fs.existsSync(path.join(source.siteDir, 'static'));
  const init = where === '.' ? 'wiki init' : `wiki init ${where}`;
  return [
    `No wiki.config.ts or docusaurus.config.js in ${where}: building with a neutral default (title "${config.title}", no navbar links, url ${config.url}${hasStatic ? `, ${path.join(where, 'static')}/ copied` : ''}).`,
    `    Run \`${init}\` to write a wiki.config.ts you can edit (title, url, navbar, ...), or pass --config FILE.`,
  ].join('\n');
}

export interface LoadSiteConfigOptions extends LoadConfigOptions {
  /** Told the neutral default's notice; by default it is printed. */
  readonly onNotice?: (text: string) => void;
  readonly cwd?: string;
}

/**
 * Loads the config the source names. A neutral source is looked at again first, so that `wiki dev` picks up the
 * config `wiki init` (or the author) writes while it runs.
 */
export async function loadSiteConfig(
  source: SiteConfigSource,
  options: LoadSiteConfigOptions = {},
): Promise<SiteConfig> {
  if (source.kind === 'file') return loadConfig(source.configPath, options);
  const cwd = options.cwd ?? process.cwd();
  const written = path.resolve(cwd, source.configPath);
  if (fs.existsSync(written)) return loadConfig(source.configPath, options);
  const config = validateConfig(neutralConfig({ ...source, cwd }), source.configPath);
  (options.onNotice ?? ((text) => console.log(text)))(describeNeutral(config, { siteDir: source.siteDir, cwd }));
  return config;
}
