/**
 * One `wiki dev` session: the current build, its problems, and what each batch of file changes does to it
 * (re-render one note, rebuild everything in memory, or just tell tabs to reload).
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DevMessage, DevProblem } from '../../shared/devProtocol.js';
import { asRoute, decodeComponentOrKeep } from '../../shared/paths.js';
import { isPathInside, toPosixPath } from '../filePaths.js';
import { type BuildContext, extensionDirs } from '../context.js';
import { createNoteContentCache, type NoteContentCache } from '../pipeline/noteCache.js';
import { openNoteStore } from '../pipeline/noteStore.js';
import { loadSiteConfig, type SiteConfigSource } from '../config/findConfig.js';
import { ConfigError, loadConfig } from '../config/loadConfig.js';
import type { SiteConfig } from '../config/schema.js';
import { categoryFileNames } from '../notes/category.js';
import { isNoteName } from '../notes/notePaths.js';
import { isSkippedName } from '../notes/scan.js';
import { wantsNoteDates } from '../resolve/lastUpdate.js';
import { sidebarsFilePath } from '../resolve/layout.js';
import { obsidianFolderPaths } from '../resolve/obsidianFolder.js';
import { enginePath } from '../engineRoot.js';
import {
  buildDevSite,
  deferBackgroundRender,
  diffSites,
  forgetSearchFiles,
  type DevPreview,
  type DevSite,
} from './devSite.js';
import { type GitCheckout, gitFolderTarget, headMoved, readGitCheckout } from './gitCheckout.js';
import { reportProblems, type ProblemReport } from './report.js';
import { updateNote } from './updateNote.js';
import { isWatchedBy, type WatchTarget } from './watch.js';

export interface DevSessionOptions {
  readonly configPath: string;
  /** Where the config comes from (a Docusaurus config, or none: the neutral default); else configPath is read. */
  readonly source?: SiteConfigSource;
  readonly docsDir?: string;
  readonly log: (line: string) => void;
}

export interface DevSession {
  /** The site being served; after a failed rebuild, the last one that built. */
  readonly site: DevSite | undefined;
  /** Increases with every update sent to tabs. */
  readonly version: number;
  /** Errors for the overlay (warnings go to the terminal only). */
  problems(): DevProblem[];
  /**
   * The first build; resolves false when it failed (the server still starts and shows why). `onWatchable` is called
   * once watchTargets() names the build's folders, before the build reads them; `onPreview` once `preview` is set.
   */
  start(onWatchable?: () => void, onPreview?: () => void): Promise<boolean>;
  /** While the first build parses the notes (after its outline and bundles): what can be served meanwhile. */
  readonly preview: DevPreview | undefined;
  /**
   * The problems now, for open tabs, with the pages to reload: the build they show is the same (its version too), as
   * after a start that served pages before its parse was done.
   */
  announce(reload: string[] | 'all'): DevMessage;
  /** How many notes the first build took from the last session's (noteStore.ts) instead of rendering them. */
  readonly storedNotes: number;
  /** Settles once the notes rendered so far are kept for the next session (a save runs after each full build). */
  notesSaved(): Promise<void>;
  /** Applies a batch of changed paths; resolves with the message for open tabs, if any. */
  applyChanges(paths: ReadonlySet<string>): Promise<DevMessage | undefined>;
  watchTargets(): WatchTarget[];
}

/** How long after a full build its notes are saved: the first requests after a start come first. */
const SAVE_DELAY_MS = 500;

// reloadAll: tabs reload whatever the page models say (config and static files change what the browser loads).
type Plan =
  | { kind: 'none' }
  | { kind: 'reload' }
  | { kind: 'notes'; files: string[] }
  | { kind: 'full'; reason: string; reloadConfig: boolean; reloadAll: boolean };

export function createDevSession(options: DevSessionOptions): DevSession {
  const configFile = path.resolve(options.configPath);
  const display = (file: string) => path.relative(process.cwd(), file) || file;
  let config: SiteConfig | undefined;
  let site: DevSite | undefined;
  /** The folders and sidebars file of the newest build's context (its config's): what is watched. */
  let folders: Pick<BuildContext, 'docsDir' | 'staticDir' | 'siteDir' | 'config' | 'configPath'> | undefined;
  /** The repository's checkout as the newest build read it, when its notes are dated (a commit moves their dates). */
  let checkout: GitCheckout | undefined;
  /** The site's own files the config imports (not packages), as it was last bundled: an edit loads it again. */
  let configImports: readonly string[] = [];
  let onWatchable: (() => void) | undefined;
  let fatal: DevProblem | undefined;
  /** Notes whose update threw (the page keeps its last good version); cleared when they update or on a rebuild. */
  const noteFailures = new Map<string, DevProblem>();
  let version = 0;
  const report: ProblemReport = { printed: new Set(), hadErrors: false };
  /**
   * Notes as the last build rendered them: a rebuild (a note added, say) renders only what it changes. Made for the
   * first build of each config, over the notes the last session left (noteStore.ts).
   */
  let noteCache: NoteContentCache | undefined;
  let storedNotes: number | undefined;
  let preview: DevPreview | undefined;
  let saving = Promise.resolve();
  const storeWarnings = new Set<string>(); // a store that cannot be written says so once, not at every rebuild
  const warnOfStore = (message: string) => {
    if (!storeWarnings.has(message)) options.log(`warning ${message}`);
    storeWarnings.add(message);
  };
  const cacheFor = (context: BuildContext) =>
    (noteCache ??= createNoteContentCache(openNoteStore(context, warnOfStore)));
  /** Saves run one at a time, each a moment after its build: the first page is served before. */
  const saveNotes = (cache: NoteContentCache) => {
    saving = saving
      .then(() => sleep(SAVE_DELAY_MS))
      .then(() => cache.save())
      .catch((error: unknown) => warnOfStore(`Could not keep the rendered notes: ${(error as Error).message}.`));
  };

  async function fullBuild(reloadConfig: boolean, onPreview?: (preview: DevPreview) => void): Promise<boolean> {
    try {
      if (reloadConfig || !config) {
        const onInputs = (files: readonly string[]) => (configImports = localImports(files, configFile));
        config = await (options.source
          ? loadSiteConfig(options.source, { onNotice: options.log, onInputs })
          : loadConfig(options.configPath, { onInputs }));
        noteCache = undefined; // a changed config renders every note again, whatever it changed
      }
      const next = await buildDevSite({
        config,
        configPath: options.configPath,
        noteCache: cacheFor,
        ...(options.docsDir !== undefined && { docsDir: options.docsDir }),
        onContext: (context) => {
          folders = context;
          // Read before the build runs `git log`: a commit made meanwhile moves HEAD from this one.
          checkout = wantsNoteDates(context.config) ? readGitCheckout(context.docsDir) : undefined;
          onWatchable?.();
          onWatchable = undefined;
        },
        ...(onPreview && { onPreview }),
      });
      if (site) site.cancelled = true;
      site = next;
      fatal = undefined;
      noteFailures.clear();
      storedNotes ??= noteCache?.fromStore;
      if (noteCache) saveNotes(noteCache);
      return true;
    } catch (error) {
      fatal = describeFatal(error as Error, display(configFile));
      return false;
    }
  }

  function plan(paths: ReadonlySet<string>): Plan {
    if (paths.has(configFile)) return withConfigLoaded(`${display(configFile)} changed`);
    const imported = configImports.find((file) => paths.has(file));
    if (imported) return withConfigLoaded(`${display(imported)}, which the config imports, changed`);
    if (!site) return withConfigLoaded('retrying the failed build');
    const notes: string[] = [];
    let reload = false;
    let moved: boolean | undefined; // git is asked once a batch
    const gitStep = (last: GitCheckout) => {
      moved ??= headMoved(last);
      return moved ? full("git's HEAD moved: the notes' dates are read again") : IGNORE;
    };
    for (const filePath of paths) {
      const step = checkout && isPathInside(filePath, checkout.gitDir) ? gitStep(checkout) : classify(site, filePath);
      if (step.kind === 'full') return step;
      if (step.kind === 'note') notes.push(filePath);
      if (step.kind === 'reload') reload = true;
    }
    return notes.length > 0 ? { kind: 'notes', files: notes } : reload ? { kind: 'reload' } : { kind: 'none' };
  }

  async function applyPlan(step: Plan): Promise<{ message?: DevMessage; summary: string }> {
    if (step.kind === 'none') return { summary: '' };
    if (step.kind === 'reload')
      return { message: update([], 'all'), summary: 'static files changed: reloading open pages' };
    if (step.kind === 'notes') {
      const problemsBefore = JSON.stringify(problems());
      const updates = step.files.map((file) => ({ file, result: tryUpdateNote(file) }));
      const needsFull = updates.find((u) => u.result.kind === 'full');
      if (!needsFull) {
        const { content, reload, dependents } = routesToUpdate(updates.map((u) => u.result));
        const relaidOut = updates.some((u) => u.result.kind === 'layout');
        const what = updates
          .map((u) => `${display(u.file)} (${u.result.kind === 'layout' ? 'sidebar' : u.result.kind})`)
          .join(', ');
        const also = dependents === 0 ? '' : `; refreshed ${dependents} dependent page${dependents === 1 ? '' : 's'}`;
        const summary = `updated ${what}${also}`;
        // A save that changed nothing (a file saved as it was, or reported twice) tells the tabs nothing.
        const same = content.length === 0 && reload.length === 0 && !relaidOut;
        if (!same) forgetSearchFiles(site!);
        if (same && JSON.stringify(problems()) === problemsBefore) return { summary };
        return { message: update(content, relaidOut ? 'all' : reload), summary };
      }
      const reason = needsFull.result.kind === 'full' ? needsFull.result.reason : '';
      // While the config is broken, a rebuild checks it again rather than clearing its error with the last good one.
      return applyPlan({
        kind: 'full',
        reason: `${display(needsFull.file)}: ${reason}`,
        reloadConfig: fatal !== undefined,
        reloadAll: false,
      });
    }
    const previous = site;
    if (!(await fullBuild(step.reloadConfig)))
      return { message: update([], []), summary: `build failed (${step.reason})` };
    const changes = step.reloadAll ? { content: [], reload: 'all' as const } : diffSites(previous, site!);
    return {
      message: update(changes.content, changes.reload),
      summary: `rebuilt ${site!.notes.length} notes (${step.reason})`,
    };
  }

  /** One note's update; an exception becomes a problem for the overlay instead of stopping the server. */
  function tryUpdateNote(file: string): ReturnType<typeof updateNote> {
    try {
      const result = updateNote(site!, file);
      noteFailures.delete(file);
      return result;
    } catch (error) {
      noteFailures.set(file, {
        code: 'note-failed',
        file: display(file),
        message: `Can't process this note: ${(error as Error).message}`,
        hint: 'Its page keeps its last good version; fix the note and save it again.',
      });
      return { kind: 'same', route: site!.notes.find((doc) => doc.filePath === file)?.route ?? asRoute('/') };
    }
  }

  /** The next build's message (its version moves on). */
  function update(content: string[], reload: string[] | 'all'): DevMessage {
    version += 1;
    return messageOf(content, reload);
  }

  function messageOf(content: string[], reload: string[] | 'all'): DevMessage {
    return { type: 'update', version, content, reload, problems: problems() };
  }

  function problems(): DevProblem[] {
    const errors = (site?.diagnostics ?? [])
      .filter((d) => d.severity === 'error')
      .map(({ severity: _severity, ...problem }) => problem);
    return [...(fatal ? [fatal] : []), ...noteFailures.values(), ...errors];
  }

  return {
    get site() {
      return site;
    },
    get version() {
      return version;
    },
    problems,
    get storedNotes() {
      return storedNotes ?? 0;
    },
    notesSaved: () => saving,
    get preview() {
      return preview;
    },
    announce: (reload) => messageOf([], reload),
    async start(whenWatchable, onPreview) {
      onWatchable = whenWatchable;
      const ok = await fullBuild(
        true,
        onPreview &&
          ((made) => {
            preview = made;
            onPreview();
          }),
      );
      preview = undefined;
      reportProblems(report, {
        diagnostics: site?.diagnostics ?? [],
        failures: [...(fatal ? [fatal] : []), ...noteFailures.values()],
        log: options.log,
      });
      return ok;
    },
    async applyChanges(paths) {
      const started = performance.now();
      if (site) deferBackgroundRender(site);
      const { message, summary } = await applyPlan(plan(paths));
      if (!summary) return undefined;
      const ms = performance.now() - started;
      options.log(
        `${new Date().toLocaleTimeString('en-GB')} ${summary} in ${ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`}`,
      );
      reportProblems(report, {
        diagnostics: site?.diagnostics ?? [],
        failures: [...(fatal ? [fatal] : []), ...noteFailures.values()],
        log: options.log,
      });
      return message;
    },
    watchTargets() {
      const config = [configFile, ...configImports].map((file) => ({ path: file, kind: 'file' as const }));
      if (!folders) return config;
      // Folders are watched through their parents: one created, deleted or replaced later is seen too.
      const others = [folders.staticDir, ...extensionDirs(folders.siteDir)].map((folder) => ({
        path: folder,
        kind: 'folder' as const,
      }));
      const covered: WatchTarget[] = [
        ...config,
        { path: folders.docsDir, kind: 'folder', skipName: isSkippedName },
        ...others,
      ];
      const sidebarsFile = sidebarsFilePath(folders);
      if (sidebarsFile !== undefined && !isWatchedBy(covered)(sidebarsFile))
        covered.push({ path: sidebarsFile, kind: 'file' });
      // A `.obsidian/` folder made or removed turns Obsidian's syntax on or off: only the folder itself is watched.
      if (folders.config.markdown.obsidian === 'auto')
        covered.push(
          ...obsidianFolderPaths(folders.docsDir).map((folder) => ({ path: folder, kind: 'file' as const })),
        );
      if (checkout) covered.push(gitFolderTarget(checkout));
      return [...covered, ...importsToWatch(site, covered)];
    },
  };
}

/** A file of an installed package (under a `node_modules` folder): not the site's to edit, so not watched. */
function isInstalledPackage(file: string): boolean {
  return file.split(path.sep).includes('node_modules');
}

/** The files a config was bundled from that are the site's to edit: not the config itself, nor installed packages. */
function localImports(files: readonly string[], configFile: string): string[] {
  return files.filter((file) => file !== configFile && !isInstalledPackage(file));
}

/**
 * The routes tabs swap or reload after a batch of note updates: the edited notes' own, and the pages that depend on
 * them (backlinks, embeds, tag pages); a page both swapped and reloaded is reloaded.
 */
function routesToUpdate(results: readonly ReturnType<typeof updateNote>[]): {
  content: string[];
  reload: string[];
  dependents: number;
} {
  const content = new Set<string>();
  const reload = new Set<string>();
  const dependents = new Set<string>();
  for (const result of results) {
    if (result.kind === 'content') content.add(result.route);
    if (result.kind === 'page') reload.add(result.route);
    if (!('dependents' in result) || !result.dependents) continue;
    for (const route of result.dependents.content) content.add(route);
    for (const route of result.dependents.reload) reload.add(route);
    for (const route of [...result.dependents.content, ...result.dependents.reload]) dependents.add(route);
  }
  return {
    content: [...content].filter((route) => !reload.has(route)),
    reload: [...reload],
    dependents: dependents.size,
  };
}

const IGNORE = { kind: 'ignore' } as const;

/** A rebuild with the config loaded again, every tab reloaded. */
function withConfigLoaded(reason: string): Plan {
  return { kind: 'full', reason, reloadConfig: true, reloadAll: true };
}

/** A rebuild of the site in memory, for `reason`; `reloadAll` when what every page loads changed. */
function full(reason: string, reloadAll = false): Plan & { kind: 'full' } {
  return { kind: 'full', reason, reloadConfig: false, reloadAll };
}

/** What one changed path means for the current build. */
function classify(site: DevSite, filePath: string): { kind: 'ignore' | 'note' | 'reload' } | (Plan & { kind: 'full' }) {
  const { docsDir, staticDir, config } = site.context;
  if (filePath === sidebarsFilePath(site.context)) return full('the sidebars file changed');
  if (config.markdown.obsidian === 'auto' && obsidianFolderPaths(docsDir).includes(filePath))
    return full('a .obsidian folder was made or removed');
  // A partial or component an MDX note imports: the notes are bundled with it (renderMdxNotes), so all render again.
  if (site.context.inputFiles.has(filePath))
    return full(`${path.basename(filePath)}, which an MDX note imports, changed`);
  if (isPathInside(filePath, staticDir)) {
    const known = site.copies.get(toPosixPath(path.relative(staticDir, filePath))) === filePath;
    return known === fs.existsSync(filePath) && !isFolder(filePath)
      ? { kind: 'reload' }
      : full('static files were added or removed', true);
  }
  // Theme overrides, custom pages and translations change the bundles: rebuild, and reload every tab.
  const extension = extensionDirs(site.context.siteDir).find((dir) => isPathInside(filePath, dir));
  if (extension) return full(`${path.basename(extension)}/ changed`, true);
  if (site.client.inputs?.includes(filePath))
    return full(`${path.basename(filePath)}, which the site's pages or overrides import, changed`, true);
  if (!isPathInside(filePath, docsDir)) return IGNORE;
  const relPath = path.relative(docsDir, filePath);
  const name = path.basename(filePath);
  if ((categoryFileNames as readonly string[]).includes(name)) return full(`${name} changed`);
  if (relPath.split(path.sep).some(isSkippedName)) return IGNORE; // what the scan never reads
  if (isNoteName(name)) return { kind: 'note' };
  if ([...site.copies.values()].includes(filePath)) return full('a file linked from a note changed');
  if (brokenLinkNames(site).has(name)) return full('a file of the name a broken link names was added');
  if (isFolder(filePath) || site.notes.some((doc) => doc.filePath.startsWith(filePath + path.sep)))
    return full('a folder was added, removed or renamed');
  return IGNORE;
}

/**
 * The files the MDX notes, custom pages and overrides import that the watched folders leave out (a `_partial.mdx`,
 * which the docs scan skips, or a component under `src/`), each watched on its own; not the engine's own modules or
 * installed packages.
 */
function importsToWatch(site: DevSite | undefined, covered: readonly WatchTarget[]): WatchTarget[] {
  if (!site) return [];
  const { siteDir, docsDir } = site.context;
  const engineModules = enginePath('src');
  const watched = isWatchedBy(covered);
  const imports = new Set([...site.context.inputFiles, ...(site.client.inputs ?? [])]);
  return [...imports]
    .filter(
      (file) =>
        (isPathInside(file, siteDir) || isPathInside(file, docsDir)) &&
        !isPathInside(file, engineModules) &&
        !isInstalledPackage(file) &&
        !watched(file),
    )
    .sort()
    .map((file) => ({ path: file, kind: 'file' as const }));
}

/**
 * The file names the notes' broken links name (`./pic.png#x`, `/files/data.csv`, `![[pic.png|200]]`: pic.png,
 * data.csv): a file added with one of them may mend a link, so the site is built again. A name is enough to tell;
 * a needless rebuild is the cost of a false match.
 */
function brokenLinkNames(site: DevSite): Set<string> {
  const names = new Set<string>();
  for (const note of site.notes)
    for (const link of note.links) {
      if (!link.resolved.broken) continue;
      const target = link.target.replace(/^!?\[\[([^\]|#]*).*$/, '$1').replace(/[?#].*$/, '');
      names.add(path.posix.basename(decodeComponentOrKeep(target)));
    }
  return names;
}

function isFolder(filePath: string): boolean {
  try {
    return fs.statSync(filePath).isDirectory();
  } catch {
    return false;
  }
}

/** A failure that stopped the whole build, in the overlay's terms ("file:line:col: what" + how to fix). */
function describeFatal(error: Error, configFile: string): DevProblem {
  const [first = '', ...rest] = error.message.split('\n');
  const hint = rest.map((line) => line.replace(/^ {4}/, '')).join('\n') || undefined;
  const located = /^(.+?):(\d+):\d+: (.*)$/.exec(first);
  if (located)
    return { code: 'config', file: located[1]!, line: Number(located[2]), message: located[3]!, ...(hint && { hint }) };
  const code = error instanceof ConfigError ? 'config' : 'build-failed';
  const file = error instanceof ConfigError ? configFile : undefined;
  return {
    code,
    ...(file && { file }),
    message: first,
    hint:
      hint ??
      `${error.stack?.split('\n').slice(1, 4).join('\n') ?? ''}\nThis looks like a bug in the engine; the dev server keeps serving the last good build.`,
  };
}
