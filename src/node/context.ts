import path from 'node:path';
import type { SiteConfig } from './config/schema.js';
import { DiagnosticList } from './diagnostics.js';

/** Everything one build needs, passed explicitly from stage to stage (no module-level state). */
export interface BuildContext {
  readonly config: SiteConfig;
  /** Folder of the config file: relative settings resolve against it. */
  readonly siteDir: string;
  /** The config file as messages name it (e.g. "wiki.config.ts"). */
  readonly configPath: string;
  readonly docsDir: string;
  readonly staticDir: string;
  readonly outDir: string;
  /** Drafts are built in development only. */
  readonly mode: 'production' | 'development';
  readonly diagnostics: DiagnosticList;
  readonly timings: Map<string, number>;
  /** How a file path is shown in messages: relative to the working directory. */
  readonly displayPath: (filePath: string) => string;
  /** Files the build read besides the site, docs and static folders (MDX imports): up-to-date checks stat them too. */
  readonly inputFiles: Set<string>;
}

export interface CreateContextOptions {
  readonly config: SiteConfig;
  readonly siteDir: string;
  /** The config file as given (default: wiki.config.ts in the site folder). */
  readonly configPath?: string;
  readonly docsDir?: string;
  readonly outDir?: string;
  readonly mode?: 'production' | 'development';
}

export function createBuildContext(options: CreateContextOptions): BuildContext {
  const { config, siteDir } = options;
  const cwd = process.cwd();
  return {
    config,
    siteDir,
    configPath: options.configPath ?? (path.relative(cwd, path.join(siteDir, 'wiki.config.ts')) || 'wiki.config.ts'),
    docsDir: path.resolve(options.docsDir ?? path.resolve(siteDir, config.docsDir)),
    staticDir: path.resolve(siteDir, config.staticDir),
    outDir: path.resolve(options.outDir ?? path.resolve(siteDir, config.outDir)),
    mode: options.mode ?? 'production',
    diagnostics: new DiagnosticList(),
    timings: new Map(),
    inputFiles: new Set(),
    displayPath: (filePath) => {
      const relative = path.relative(cwd, filePath);
      return relative.startsWith('..') &&
        path.isAbsolute(filePath) &&
        relative.split(path.sep).filter((s) => s === '..').length > 2
        ? filePath
        : relative;
    },
  };
}

/** The folders of a site's extensions beside its config: theme overrides, custom pages, translations. */
export function extensionDirs(siteDir: string): string[] {
  return ['theme', 'pages', 'i18n'].map((name) => path.join(siteDir, name));
}

/** Runs one pipeline stage and records how long it took: a stage run in parts (the sweep) records their sum. */
export function timeStage<T>(context: BuildContext, name: string, stage: () => T): T {
  const start = performance.now();
  const result = stage();
  addStageTime(context, name, start);
  return result;
}

/** Like timeStage, for a stage that awaits (worker threads). */
export async function timeStageAsync<T>(context: BuildContext, name: string, stage: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await stage();
  addStageTime(context, name, start);
  return result;
}

function addStageTime(context: BuildContext, name: string, start: number): void {
  context.timings.set(name, (context.timings.get(name) ?? 0) + performance.now() - start);
}
