import type fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBuildContext, type BuildContext } from './context.js';
import { rebuildWithLargerHeap } from './pipeline/largeHeap.js';
import { buildIdentity } from './pipeline/buildIdentity.js';
import { saveUpToDate, stampInputs, upToDateReport } from './pipeline/upToDate.js';
import { checkOutputFolder, OutputFolderError } from './pipeline/outputFolder.js';
import { findSiteConfig, loadSiteConfig } from './config/findConfig.js';
import { runInit } from './config/initSite.js';
import { ConfigError, type ConfigWarning } from './config/loadConfig.js';
import { DiagnosticList, formatDiagnostic } from './diagnostics.js';
import { buildWorkDone } from './engineHooks.js';
import { didYouMean, nearestNames } from './nearestNames.js';

// Each command loads what it runs when it runs (a dynamic import: that part of the engine's bundle runs only then): a
// build with nothing to do starts without loading the renderer, the dev server or React (bench/README.md).

const usage = `Usage:
  wiki build [--docs DIR] [--out DIR] [--config FILE] [--strict]   build the site (default: docs/ -> build/)
             [--no-cache]                                          render every page (else unchanged ones are reused, and
                                                                   nothing is written when nothing changed)
  wiki serve [--dir DIR] [--config FILE] [--port N] [--host HOST]  serve a built site under its baseUrl (default: build/ on port 3000)
  wiki dev [--docs DIR] [--config FILE] [--port N] [--host HOST]   serve from memory, rebuild on change, live-update open tabs
                                                                   (answers only localhost names, and HOST when given)
  wiki write-translations [--config FILE]                          write every theme string with its default to i18n/en/code.json
  wiki init [DIR]                                                  write a starter wiki.config.ts (and docs/intro.md) in DIR
  wiki search-push [--docs DIR] [--config FILE]                    upload search records to the hosted engine (admin key in WIKI_SEARCH_ADMIN_KEY)
  wiki help                                                        this text`;

const COMMANDS = ['build', 'serve', 'dev', 'search-push', 'write-translations', 'init', 'help'];

/** Every option the usage names (`--out`, `--no-cache`...): what a mistyped one is compared with. */
function usageOptions(): string[] {
  return [...new Set(usage.match(/--[a-z][\w-]*/g))];
}

/** The `wiki` command: returns the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'build':
        return await runBuild(rest);
      case 'serve':
        return await (await import('./server/serveCommand.js')).runServe(rest);
      case 'dev':
        return await (await import('./dev/devCommand.js')).runDev(rest);
      case 'search-push':
        return await (await import('./search/pushCommand.js')).runSearchPush(rest);
      case 'write-translations':
        return await runWriteTranslations(rest);
      case 'init':
        return runInit(rest);
      case undefined:
      case 'help':
      case '--help':
        console.log(usage);
        return 0;
      default:
        console.error(`Unknown command "${command}"${didYouMean(nearestNames(command, COMMANDS)[0])}.\n\n${usage}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof OutputFolderError) {
      console.error(`error ${error.message}\n    ${error.hint}`);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
      const guess = option === undefined ? '' : didYouMean(nearestNames(option.replace(/=.*$/, ''), usageOptions())[0]);
      console.error(`error ${(error as Error).message}${guess}`);
      return 1;
    }
    if (error instanceof ConfigError) {
      console.error(`error ${error.message}`);
      return 1;
    }
    throw error;
  }
}

async function runBuild(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      docs: { type: 'string' },
      out: { type: 'string' },
      config: { type: 'string' },
      strict: { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
    },
  });
  const started = performance.now();
  const { source, config, warnings, notices } = await loadBuildConfig(values);
  const context = createBuildContext({
    config,
    siteDir: source.siteDir,
    configPath: source.configPath,
    ...(values.docs && { docsDir: values.docs }),
    ...(values.out && { outDir: values.out }),
  });
  checkOutputFolder(context.outDir, context, context.displayPath);
  // A large site builds in a child Node, which stamps the inputs itself (stamped here too, every input file would be
  // stat'ed twice) and also tells when nothing changed.
  // Counting the notes reads the docs folder's folders: the input stamps take those listings (each read once).
  const counted = new Map<string, fs.Dirent[]>();
  const childStatus = rebuildWithLargerHeap(context.docsDir, (dir, entries) => counted.set(dir, entries));
  if (childStatus !== undefined) return childStatus;
  // Taken before anything is read: a file edited while this build runs makes the next one build again.
  const inputs = stampInputs(
    context,
    [...buildIdentity(context), process.cwd(), context.outDir, String(values.strict)],
    source.kind === 'file',
    (dir) => counted.get(dir),
  );
  counted.clear(); // the stamps hold the listings until the scan takes them
  const unchanged = values['no-cache'] ? undefined : upToDateReport(context, inputs);
  // Told here, in the process that builds (a large site builds in a child, which loads the config again).
  for (const notice of notices) console.log(notice);
  for (const warning of warnings) context.diagnostics.add({ severity: 'warning', ...warning });
  console.log(`Building ${config.title} from ${context.displayPath(context.docsDir) || '.'} ...`);
  if (unchanged) {
    for (const diagnostic of unchanged.diagnostics) context.diagnostics.add(diagnostic);
    console.log(`Nothing changed since the last build: ${context.displayPath(context.outDir) || '.'} is up to date.`);
    return reportBuild(context, { ...unchanged, strict: values.strict, seconds: (performance.now() - started) / 1000 });
  }
  const configDiagnostics = context.diagnostics.items.length;
  // Booted before the pipeline loads: they load their own modules on the second core meanwhile.
  const { bootBuildWorkers } = await import('./pipeline/buildWorkers.js');
  const workers = bootBuildWorkers(context, values['no-cache']);
  let result;
  try {
    const { buildSite } = await import('./pipeline/pipeline.js');
    result = await buildSite(context, {
      strict: values.strict,
      noCache: values['no-cache'],
      stamps: inputs,
      workers,
      onWait: (pid) =>
        console.log(
          `Waiting for another \`wiki build\`${pid ? ` (pid ${pid})` : ''} writing ${context.displayPath(context.outDir) || '.'} to finish...`,
        ),
    });
  } catch (error) {
    await Promise.all([workers.search.cancel(), workers.pool.stop()]); // buildSite stops them; a failed import did not
    if (error instanceof ConfigError || error instanceof OutputFolderError) throw error;
    console.error(`error ${describeErrorChain(error)}`);
    return 1;
  }
  const status = reportBuild(context, {
    ...result,
    strict: values.strict,
    seconds: (performance.now() - started) / 1000,
  });
  const { savedStamps, outputFiles, ...summary } = result;
  if (status === 0)
    saveUpToDate(
      context,
      inputs,
      { ...summary, diagnostics: context.diagnostics.items.slice(configDiagnostics) },
      { known: savedStamps, listed: outputFiles },
    );
  buildWorkDone(); // what the build compiled is kept for the next runs (bin/codeCache.mjs)
  return status;
}

/** The config `wiki build` reads (findSiteConfig), with its warnings and notices kept for the process that builds. */
async function loadBuildConfig(values: { config?: string | undefined; docs?: string | undefined }) {
  const source = findSiteConfig({
    ...(values.config !== undefined && { config: values.config }),
    ...(values.docs !== undefined && { docs: values.docs }),
  });
  const warnings: ConfigWarning[] = [];
  const notices: string[] = [];
  const config = await loadSiteConfig(source, {
    onWarning: (warning) => warnings.push(warning),
    onNotice: (text) => notices.push(text),
  });
  return { source, config, warnings, notices };
}

function reportBuild(
  context: BuildContext,
  summary: { notes: number; routes: number; strict: boolean; seconds: number },
): number {
  const { diagnostics } = context;
  for (const diagnostic of diagnostics.items) console.error(formatDiagnostic(diagnostic));
  const stages = [...context.timings].map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ');
  const counts = `${diagnostics.errorCount} error(s), ${diagnostics.warningCount} warning(s)`;
  const failed = diagnostics.errorCount > 0 || (summary.strict && diagnostics.warningCount > 0);
  if (failed) {
    const why = diagnostics.errorCount > 0 ? 'errors above' : 'warnings above (--strict)';
    console.error(
      `\nBuild failed: ${counts}. Nothing was written; ${context.displayPath(context.outDir)} is unchanged. Fix the ${why} and build again.`,
    );
    return 1;
  }
  console.log(
    `\n${summary.notes} notes, ${summary.routes} routes, ${counts} -> ${context.displayPath(context.outDir)} in ${summary.seconds.toFixed(2)} s${stages ? ` (${stages})` : ''}`,
  );
  return 0;
}

/** Lists every translatable string (engine theme, search UI, the site's theme/ and pages/) into i18n/en/code.json. */
async function runWriteTranslations(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({ args: [...args], options: { config: { type: 'string' } } });
  const source = findSiteConfig(values.config !== undefined ? { config: values.config } : {});
  if (source.kind === 'neutral')
    throw new ConfigError(
      `No wiki.config.ts or docusaurus.config.js here: translations belong to a site.\n    Run \`wiki init\` first, or pass --config FILE.`,
    );
  await loadSiteConfig(source); // a site without a valid config is not a site
  const { siteDir } = source;
  const { collectTranslations, writeTranslations } = await import('./i18n/translations.js');
  const diagnostics = new DiagnosticList();
  const display = (file: string) => path.relative(process.cwd(), file) || file;
  const entries = collectTranslations(siteDir, diagnostics, display);
  for (const diagnostic of diagnostics.items) console.error(formatDiagnostic(diagnostic));
  if (diagnostics.errorCount > 0) {
    console.error(
      `\n${diagnostics.errorCount} error(s): nothing was written. Fix the declarations above and run it again.`,
    );
    return 1;
  }
  const { file, count, kept } = writeTranslations(siteDir, entries);
  console.log(`Wrote ${count} translations to ${display(file)} (${kept} changed message(s) kept).`);
  return 0;
}

/** "message: cause message: ..." so a wrapped failure still says what went wrong underneath. */
function describeErrorChain(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error && parts.length < 5; current = current.cause)
    parts.push(current.message);
  return parts.join('\n    caused by: ');
}
