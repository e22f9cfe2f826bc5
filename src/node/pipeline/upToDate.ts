/**
 * `wiki build`'s up-to-date check, as make and git's index do it: when no input file changed (size, times, inode)
 * since the last successful build, nor the loaded config, the engine, git's HEAD or the output it wrote, the build
 * writes nothing and repeats that build's report. It stats files and reads none, so a build with nothing to do takes
 * about as long as starting the engine. Inputs are every file under the site folder (the output and its work folder,
 * node_modules and .git aside), the docs and static folders, and the files an MDX note imported from elsewhere. A site
 * without a config file has no site folder of its own (its docs folder's parent may be a home folder): only the folders
 * the build reads there are walked.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type BuildContext, extensionDirs } from '../context.js';
import type { Diagnostic } from '../diagnostics.js';
import { byName, isPathInside, toPosixPath } from '../filePaths.js';
import { isSettled } from '../bundleCache.mjs';
import { flatString } from '../flatString.js';
import { isInGitRepository } from '../notes/gitDates.js';
import { obsidianFolderPaths } from '../resolve/obsidianFolder.js';
import { cacheFolderOf } from './outputFolder.js';

/** Bumped whenever the record changes shape. */
const FORMAT = 'wiki-up-to-date/1';

/** What a build leaves for the next one to compare with. */
interface UpToDateRecord {
  readonly format: string;
  /** A digest of the inputs' stamps and the build's settings. */
  readonly inputs: string;
  /** Files outside the walked folders that the build read. */
  readonly inputFiles: readonly string[];
  /** A digest of the output folder's files as the build left them. */
  readonly output: string;
  readonly report: BuildReport;
}

/** What the build printed: repeated when nothing changed. */
export interface BuildReport {
  readonly notes: number;
  readonly routes: number;
  /** The diagnostics of the build itself (the config's own are reported again as it loads). */
  readonly diagnostics: readonly Diagnostic[];
}

/** The inputs as they are now, taken before the build reads them: a file changed while it builds is caught next time. */
export interface InputStamp {
  readonly digest: (inputFiles: Iterable<string>) => string;
  /** One walked file's stamp (size, times, inode), as taken; undefined for a file not walked. */
  readonly fileStamp: (file: string) => FileStamp | undefined;
  /**
   * A folder of the docs folder's entries, sorted by name, as the stamps' walk read them (so that the scan does not
   * read it again); undefined for a folder not walked, and after the first call.
   */
  readonly takeListing: (dir: string) => fs.Dirent[] | undefined;
}

export interface FileStamp {
  readonly line: string;
  /** The file's modification time as stamped (a note's date when git has none: gitDates.ts). */
  readonly mtimeMs: number;
  /**
   * Whether the file was last changed well before the stamps were taken: a file changed after its stamp (while the
   * build reads it) then has another one, even where file times are coarse. Only such a stamp vouches for what was read.
   */
  readonly settled: boolean;
}

/** Names never walked: dependencies, history, and what builds write beside their output (`.<name>.wiki`). */
const SKIPPED_NAMES = ['node_modules', '.git'];
const WORK_FOLDER_NAME = /^\..+\.wiki$/;

function skipped(name: string): boolean {
  return SKIPPED_NAMES.includes(name) || WORK_FOLDER_NAME.test(name);
}

/** False when no name in the `/`-separated path can be skipped (WORK_FOLDER_NAME's end too): most need no split. */
function mayHoldSkipped(relPath: string): boolean {
  return SKIPPED_NAMES.some((name) => relPath.includes(name)) || relPath.includes('.wiki');
}

/**
 * Stamps the inputs of a build with these settings (anything that changes what it writes goes in `settings`).
 * `hasConfigFile`: the site folder is the config file's, all of it the site's; without one, only its static, theme,
 * pages and i18n folders are read.
 */
export function stampInputs(
  context: BuildContext,
  settings: readonly string[],
  hasConfigFile: boolean,
  /** Folders read just before (largeHeap.ts holdsNotes), by absolute path: taken instead of read again. */
  readBefore?: (dir: string) => fs.Dirent[] | undefined,
): InputStamp {
  const siteFolders = hasConfigFile ? [context.siteDir] : extensionDirs(context.siteDir);
  const roots = [...siteFolders, context.docsDir, context.staticDir].map((dir) => path.resolve(dir));
  const outDir = path.resolve(context.outDir);
  const lines: string[] = [FORMAT, ...settings, gitHead(context.docsDir), ...vaultFolders(context.docsDir)];
  const takenAt = Date.now();
  const stamps = new Map<string, FileStamp>();
  const stampOne = (file: string) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    const line = flatString(stampLine(file, stat)); // kept for the whole build, one a file
    if (stat) stamps.set(file, { line, mtimeMs: stat.mtimeMs, settled: isSettled(stat, takenAt) });
    return line;
  };
  const listings = new Map<string, fs.Dirent[]>();
  const docsDir = path.resolve(context.docsDir);
  const keepListing = (dir: string, entries: fs.Dirent[]) => {
    if (isPathInside(dir, docsDir)) listings.set(dir, entries);
  };
  // A root inside another is walked with it.
  const outermost = roots.filter(
    (root, index) => !roots.some((other, at) => at !== index && isPathInside(root, other)),
  );
  for (const root of outermost) walk(root, outDir, lines, stampOne, keepListing, readBefore);
  return {
    digest: (inputFiles) => {
      const extra = [...inputFiles].filter((file) => !roots.some((root) => isPathInside(file, root))).sort();
      return hashLines([...lines, ...extra.map(inputLine)]);
    },
    fileStamp: (file) => stamps.get(file),
    takeListing: (dir) => {
      const entries = listings.get(dir);
      listings.delete(dir);
      return entries;
    },
  };
}

/** The last build's report when nothing it was made from changed and its output is as it left it; else undefined. */
export function upToDateReport(context: BuildContext, stamp: InputStamp): BuildReport | undefined {
  const record = readRecord(context.outDir);
  if (!record) return undefined;
  if (record.inputs !== stamp.digest(record.inputFiles)) return undefined;
  if (record.output !== outputDigest(context.outDir)) return undefined;
  return record.report;
}

/** An output file's stamp as the build took or checked it. */
export interface OutputFileStat {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
}

/**
 * Records a successful build for the next one to compare with; a record that cannot be written is only a slower next
 * build. `known`: the output files whose stamps the build has (by site-relative path), not stat'ed again.
 */
export function saveUpToDate(
  context: BuildContext,
  stamp: InputStamp,
  report: BuildReport,
  output: OutputListing = {},
): void {
  const inputFiles = [...context.inputFiles].sort();
  const record: UpToDateRecord = {
    format: FORMAT,
    inputs: stamp.digest(inputFiles),
    inputFiles,
    output: outputDigest(context.outDir, output),
    report,
  };
  const file = recordFile(context.outDir);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(record));
    fs.renameSync(`${file}.${process.pid}.tmp`, file);
  } catch {
    fs.rmSync(file, { force: true }); // never leave the last build's record for this build's output
  }
}

function recordFile(outDir: string): string {
  return path.join(cacheFolderOf(path.resolve(outDir)), 'up-to-date.json');
}

function readRecord(outDir: string): UpToDateRecord | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(recordFile(outDir), 'utf8')) as Partial<UpToDateRecord>;
    const valid =
      record.format === FORMAT &&
      typeof record.inputs === 'string' &&
      typeof record.output === 'string' &&
      Array.isArray(record.inputFiles) &&
      typeof record.report === 'object';
    return valid ? (record as UpToDateRecord) : undefined;
  } catch {
    return undefined; // none yet, or unreadable: the build runs
  }
}

/**
 * Appends a line per file under `root` (symbolic links to folders followed once), in a stable order; each folder's
 * sorted entries are handed to `listed`.
 */
function walk(
  root: string,
  outDir: string,
  lines: string[],
  stamp = inputLine,
  listed?: (dir: string, entries: fs.Dirent[]) => void,
  readBefore?: (dir: string) => fs.Dirent[] | undefined,
): void {
  const seen = new Set<string>();
  // A folder's real path is its parent's and its name unless it is a symbolic link: only links are resolved.
  const walkFolder = (dir: string, knownReal: string | undefined): void => {
    let real: string;
    let entries: fs.Dirent[];
    try {
      real = knownReal ?? fs.realpathSync(dir);
      if (seen.has(real)) return;
      seen.add(real);
      entries = readBefore?.(dir) ?? fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // an absent folder (no static/) is a state like any other: its absence is in no line
    }
    entries.sort(byName);
    listed?.(dir, entries);
    for (const entry of entries) {
      if (skipped(entry.name)) continue;
      const full = childPath(dir, entry.name);
      if (full === outDir) continue;
      if (entry.isDirectory()) walkFolder(full, childPath(real, entry.name));
      else if (entry.isSymbolicLink() && fs.statSync(full, { throwIfNoEntry: false })?.isDirectory())
        walkFolder(full, undefined);
      else lines.push(stamp(full));
    }
  };
  walkFolder(root, undefined);
}

/** path.join of a resolved folder and an entry's name, without normalising again (a walk makes one per file). */
function childPath(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

/** An input's path, size, modification and change times and inode (an edit, a rename or a touch changes one). */
function inputLine(file: string): string {
  return stampLine(file, fs.statSync(file, { throwIfNoEntry: false }));
}

function stampLine(file: string, stat: fs.Stats | undefined): string {
  return stat ? `${file}\t${stat.size}\t${stat.mtimeMs}\t${stat.ctimeMs}\t${stat.ino}` : `${file}\tmissing`;
}

/**
 * An output file's path, size, modification time and inode. Not its change time: removing the replaced site in the
 * background changes that of every page hard-linked from it.
 */
function outputLine(
  file: string,
  stat: OutputFileStat | undefined = fs.statSync(file, { throwIfNoEntry: false }),
): string {
  return stat ? `${file}\t${stat.size}\t${stat.mtimeMs}\t${stat.ino}` : `${file}\tmissing`;
}

/** What a build knows of its output: stamps it took, and the list of its files when it made one (BuildSummary). */
export interface OutputListing {
  /** Stamps by site-relative path. */
  readonly known?: ReadonlyMap<string, OutputFileStat> | undefined;
  /** Every file, site-relative and `/`-separated, in the order of walk (names sorted in each folder). */
  readonly listed?: readonly string[] | undefined;
}

/**
 * The output's files, as a build left them: each file's stamp as `known` has it (by site-relative path), else stat'ed.
 * Listed by the walk unless the build listed them (the files it kept when it swept the folder it swapped in: the
 * walk's list, in its order), so a file the build does not know of counts too.
 */
function outputDigest(outDir: string, { known, listed }: OutputListing = {}): string {
  const lines: string[] = [];
  const root = path.resolve(outDir);
  const line = (file: string) => outputLine(file, known?.get(toRelPath(root, file)));
  const stamp = known && known.size > 0 ? line : outputLine;
  if (!listed) walk(root, '', lines, stamp);
  else
    for (const relPath of listed) {
      if (mayHoldSkipped(relPath) && relPath.split('/').some(skipped)) continue;
      const file = root + path.sep + (path.sep === '/' ? relPath : relPath.replaceAll('/', path.sep));
      lines.push(outputLine(file, known?.get(relPath)));
    }
  return hashLines(lines);
}

/** A walked file's site-relative path (`/`-separated), its folder being `root` or under it. */
function toRelPath(root: string, file: string): string {
  return toPosixPath(file.slice(root.length + 1));
}

/** The commit checked out where the docs are, when they are in a git repository: notes' dates come from its history. */
function gitHead(docsDir: string): string {
  if (!isInGitRepository(docsDir)) return 'git\tnone';
  const result = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: docsDir, encoding: 'utf8' });
  return `git\t${result.status === 0 ? result.stdout.trim() : 'none'}`;
}

/**
 * Whether each place a vault's `.obsidian/` folder may be holds one: an empty one turns Obsidian's syntax on
 * (`markdown.obsidian: 'auto'`) and gives no file a line, and the one above the docs folder may not be walked.
 */
function vaultFolders(docsDir: string): string[] {
  return obsidianFolderPaths(docsDir).map((folder) => `${folder}\t${fs.existsSync(folder) ? 'present' : 'absent'}`);
}

/** The digest of the lines, each ended by a newline, hashed as one string (an update a line costs more by 100,000s). */
function hashLines(lines: readonly string[]): string {
  return crypto
    .createHash('sha1')
    .update(lines.length > 0 ? `${lines.join('\n')}\n` : '')
    .digest('base64url');
}
