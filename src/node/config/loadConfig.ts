import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheEntryPath, cachedEntry, contentHash, engineCacheDir } from '../bundleCache.mjs';
import { formatDiagnostic } from '../diagnostics.js';
import { engineRoot } from '../engineRoot.js';
import { esbuild, fileInputs, NODE_MODULE_BUNDLE } from '../esbuild.js';
import { bundledBefore, type ConfigBundle, recordBundle } from './configBundles.js';
import { describeConfigIssues } from './configIssues.js';
import { describeIgnored, describeStubs, docusaurusSiteBuild } from './docusaurusLoader.js';
import { mapDocusaurusConfig } from './docusaurusConfig.js';
import { siteConfigSchema, type SiteConfig } from './schema.js';
import { importModule } from '../engineHooks.js';

/** A config problem a user can fix: the message names the file, the field and the fix. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** A warning about the config (options ignored, packages stubbed): the build lists it with the notes' problems. */
export interface ConfigWarning {
  readonly code: string;
  readonly file: string;
  readonly message: string;
  readonly hint: string;
}

export interface LoadConfigOptions {
  /** Told each warning; by default it is printed to stderr. */
  readonly onWarning?: (warning: ConfigWarning) => void;
  /** Told the files the config was bundled from, absolute, itself and packages among them (`wiki dev` watches them). */
  readonly onInputs?: (files: readonly string[]) => void;
}

/**
 * Imports wiki.config.ts (or .js/.mjs), or a Docusaurus site's docusaurus.config.js|mjs|cjs|ts mapped onto the same
 * options, and validates it; throws ConfigError naming the file, field and fix.
 */
export async function loadConfig(configPath: string, options: LoadConfigOptions = {}): Promise<SiteConfig> {
  const file = path.resolve(configPath);
  if (!fs.existsSync(file)) {
    throw new ConfigError(
      `Config file not found: ${configPath}\n    Create wiki.config.ts at the site root (export default defineConfig({ title, url, ... })) or pass --config FILE.`,
    );
  }
  const source = fs.readFileSync(file, 'utf8');
  const docusaurus = isDocusaurusConfigFile(file)
    ? { siteDir: path.dirname(file), stubbed: new Set<string>() }
    : undefined;
  let config: unknown;
  try {
    // A default export may be a promise (an async config), or for Docusaurus a function giving one; it must settle.
    config = await settleWithin(
      importConfig(file, docusaurus, options.onInputs).then((module) =>
        docusaurus ? settleDocusaurusExport(module.default) : module.default,
      ),
      CONFIG_LOAD_TIMEOUT_MS,
      configPath,
    );
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(describeLoadError(error as Error, source, configPath), { cause: error });
  }
  if (config === undefined)
    throw new ConfigError(
      docusaurus
        ? `${configPath} exports nothing.\n    End it with \`module.exports = config;\` or \`export default config;\`.`
        : `${configPath} has no default export.\n    End it with \`export default defineConfig({ ... })\`.`,
    );
  if (!docusaurus) return validateConfig(config, configPath, source);
  const mapped = mapDocusaurusSite(config, {
    ...docusaurus,
    configPath,
    warn: options.onWarning ?? printConfigWarning,
  });
  return validateConfig(mapped, configPath, source);
}

/** A loaded Docusaurus config in this engine's terms; the packages stood in for and the options ignored are told. */
function mapDocusaurusSite(
  config: unknown,
  site: { siteDir: string; stubbed: ReadonlySet<string>; configPath: string; warn: (warning: ConfigWarning) => void },
): Record<string, unknown> {
  const siteFolder = path.relative(process.cwd(), site.siteDir) || '.';
  for (const warning of describeStubs(site.stubbed, site.configPath, siteFolder)) site.warn(warning);
  const mapping = mapDocusaurusConfig(config, {
    siteDir: site.siteDir,
    presentFolders: unbuiltFolders.filter((folder) => fs.existsSync(path.join(site.siteDir, folder))),
  });
  if (mapping.ignored.length > 0) site.warn(describeIgnored(mapping.ignored, site.configPath));
  return mapping.config;
}

/** Folders of a Docusaurus site this engine does not build from: listed when present. */
const unbuiltFolders = ['src/theme', 'src/pages', 'blog'];

/** Whether a config file is a Docusaurus site's (by its name), read through the Docusaurus mapping. */
export function isDocusaurusConfigFile(file: string): boolean {
  return /^docusaurus\.config\.[cm]?[jt]s$/.test(path.basename(file));
}

/** Docusaurus accepts the config object, a promise of it, or a (possibly async) function returning it. */
async function settleDocusaurusExport(value: unknown): Promise<unknown> {
  const settled: unknown = await value;
  // A TypeScript config compiled to CommonJS exports `{ __esModule, default }`.
  const config =
    settled !== null && typeof settled === 'object' && '__esModule' in settled && 'default' in settled
      ? settled.default
      : settled;
  return typeof config === 'function' ? await (config as () => unknown)() : config;
}

function printConfigWarning(warning: ConfigWarning): void {
  console.error(formatDiagnostic({ severity: 'warning', ...warning }));
}

/** How long a config may take to load (its top-level awaits, an async default export) before the build gives up. */
export const CONFIG_LOAD_TIMEOUT_MS = 10_000;

/** The promise's value, or a ConfigError once `ms` pass (Node would otherwise exit with code 13 and say nothing). */
function settleWithin<T>(promise: Promise<T>, ms: number, configPath: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ConfigError(
            `${configPath}: The config did not finish loading within ${ms / 1000} s: a top-level \`await\` or its default export (a promise) never settles.\n    Export the config object itself (\`export default defineConfig({ ... })\`), or make sure what it awaits resolves.`,
          ),
        ),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The config (.ts, .mjs or .js) and the files it imports, bundled by esbuild into one module and imported: the CLI
 * runs without a TypeScript loader, and a new bundle per content means `wiki dev` always sees the latest edit.
 * Packages stay imports, resolved from the engine's node_modules (the engine's cache resolves them from there); a
 * Docusaurus config's, from the site's own (docusaurusSiteBuild).
 * Also loads a hand-written sidebars file (resolve/sidebarsFile.ts).
 */
export async function importConfig(
  file: string,
  docusaurus?: { readonly stubbed: Set<string> },
  onInputs?: (files: readonly string[]) => void,
): Promise<{ default?: unknown }> {
  // A Docusaurus config's bundling also finds the packages stood in for (told in a warning): it is always made.
  const { bundle, inputs } = (docusaurus ? undefined : bundledBefore(file)) ?? (await bundleConfig(file, docusaurus));
  onInputs?.(inputs);
  return (await importModule(pathToFileURL(bundle).href)) as { default?: unknown };
}

/** The config's bundle made now, in the engine's cache, and the files it was made from recorded (configBundles.ts). */
async function bundleConfig(file: string, docusaurus?: { readonly stubbed: Set<string> }): Promise<ConfigBundle> {
  const result = await esbuild().build({
    entryPoints: [file],
    ...NODE_MODULE_BUNDLE,
    metafile: true,
    ...(docusaurus ? docusaurusSiteBuild(file, docusaurus.stubbed) : { packages: 'external' }),
  });
  const code = result.outputFiles![0]!.contents;
  const bundle = await cachedEntry(
    cacheEntryPath(engineCacheDir(engineRoot), 'config', contentHash(code), '.mjs'),
    (staging) => fs.writeFileSync(staging, code),
  );
  const inputs = fileInputs(result.metafile!);
  if (!docusaurus) await recordBundle(file, bundle, inputs);
  return { bundle, inputs };
}

/** "wiki.config.ts:3:7: The config file does not parse: ..." with the line and a caret, or where it threw. */
function describeLoadError(error: Error, source: string, configPath: string): string {
  const syntax = (error as { errors?: { text: string; location?: { line: number; column: number } | null }[] })
    .errors?.[0];
  if (syntax?.location) {
    const { line, column } = syntax.location;
    return `${configPath}:${line}:${column + 1}: The config file does not parse: ${syntax.text}.\n${showLine(source, line, column)}\n    Fix the syntax there (a missing comma, quote or bracket is the usual cause).`;
  }
  // A bundle's positions are not the author's, so none is shown for an error thrown while the config runs.
  return `${configPath}: The config file failed while loading: ${error.message.split('\n')[0]}\n    Fix that code; the file should only \`export default defineConfig({ ... })\` with plain values.`;
}

function showLine(source: string, line: number, column: number): string {
  const text = source.split('\n')[line - 1] ?? '';
  return `    ${text}\n    ${' '.repeat(Math.max(0, column))}^`;
}

/** Validates a config object; every problem is listed with its field path, line (when the source is given) and a fix. */
export function validateConfig(value: unknown, configPath: string, source?: string): SiteConfig {
  // Once a process: zod's compiled fast path (a `new Function` per object schema, outside the code cache) costs more
  // than it saves here.
  const result = siteConfigSchema.safeParse(value, { jitless: true });
  if (result.success) return result.data;
  const lines = describeConfigIssues(result.error.issues, value, source).map((line) => `  - ${line}`);
  throw new ConfigError(
    `Invalid config in ${configPath} (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.join('\n')}`,
  );
}
