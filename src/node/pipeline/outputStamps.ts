/**
 * What the build cache knows of the output's files (buildCache.ts): each file as the build that wrote it left it (a
 * stamp), a page's record in pages.json, and how a page's files are linked into the next build's folder while their
 * stamps still hold.
 */
import fs from 'node:fs';
import path from 'node:path';
import { htmlPathForRoute, pageDataPath, type Route } from '../../shared/paths.js';
import { joinContents, type SiteFile, type SiteWriter } from '../siteWriter.js';

/** A page's output files as the build that wrote them left them: site-relative path, size, modification time, file. */
export type FileStamp = readonly [relPath: string, size: number, mtimeMs: number, ino: number, dev: number];

function stampOf(relPath: string, stat: fs.Stats): FileStamp {
  return [relPath, stat.size, stat.mtimeMs, stat.ino, stat.dev];
}

/** A page of this build, by route: its hash and files; with their stamps when they are the last build's, linked. */
export interface PageRecord {
  readonly hash: string;
  readonly relPaths: readonly string[];
  readonly stamps?: readonly FileStamp[];
  /** What a note's page model was made from, when this build could tell (see reusePage). */
  readonly inputs?: string | undefined;
}

/** A page's record as the last build saved it (pages.json): its hash, files and inputs. */
export interface CachedPage {
  readonly hash: string;
  readonly files: readonly FileStamp[];
  readonly inputs?: string;
}

/**
 * A page's record as pages.json holds it: a note page's, whose files are its route's page and data file, as its hash,
 * inputs and the two files' stamps joined by spaces; any other as its JSON. One string a page instead of eight objects
 * parsed and kept for the whole build, each made a record only when its page is looked at.
 */
export function encodePage(key: string, page: CachedPage): string {
  const [html, data] = page.files;
  const plain =
    key.startsWith('/') &&
    page.files.length === 2 &&
    html![0] === htmlPathForRoute(key as Route) &&
    data![0] === pageDataPath(key as Route) &&
    !`${page.hash}${page.inputs ?? ''}`.includes(' ');
  return plain ? [page.hash, page.inputs ?? '', ...html!.slice(1), ...data!.slice(1)].join(' ') : JSON.stringify(page);
}

/** A page's record from its string in pages.json (encodePage); undefined when it is none. */
export function decodePage(key: string, stored: unknown): CachedPage | undefined {
  if (typeof stored !== 'string') return undefined;
  if (stored.startsWith('{')) return JSON.parse(stored) as CachedPage;
  const [hash, inputs, ...numbers] = stored.split(' ');
  const [size, mtimeMs, ino, dev, dataSize, dataMtimeMs, dataIno, dataDev] = numbers.map(Number);
  if (hash === undefined || numbers.length !== 8) return undefined;
  const files: FileStamp[] = [
    [htmlPathForRoute(key as Route), size!, mtimeMs!, ino!, dev!],
    [pageDataPath(key as Route), dataSize!, dataMtimeMs!, dataIno!, dataDev!],
  ];
  return { hash, files, ...(inputs && { inputs }) };
}

/**
 * Hard-links (else copies) the files when each is still what the last build wrote: 'same' when every one is then the
 * same file (inode) as the last build's, 'copied' when some is a copy, 'no' when they changed (nothing linked).
 */
export function linkFiles(files: readonly FileStamp[], outDir: string, writer: SiteWriter): 'same' | 'copied' | 'no' {
  // Most often the staging folder (the spare) already holds these very files, still as written: one lstat each.
  if (files.every(([relPath, size, mtimeMs, ino, dev]) => writer.holds(relPath, { size, mtimeMs, ino, dev })))
    return 'same';
  const stats = unchangedStats(files, outDir);
  if (!stats) return 'no';
  let same = true;
  files.forEach(([relPath], index) => {
    same = writer.link(path.join(outDir, relPath), relPath, stats[index]) && same;
  });
  return same ? 'same' : 'copied';
}

/** Throws unless `made` are the files the last build wrote (`stamped`), byte for byte (CHECK_CARRIED_PAGES). */
export function checkLinkedFiles(made: readonly SiteFile[], stamped: readonly FileStamp[], outDir: string): void {
  const same =
    made.length === stamped.length &&
    made.every(
      ([relPath, contents], index) =>
        relPath === stamped[index]![0] &&
        Buffer.from(joinContents(contents)).equals(fs.readFileSync(path.join(outDir, relPath))),
    );
  if (!same) throw new Error(`The sidebar files carried over (${stamped[0]?.[0]}, ...) are not the ones it makes.`);
}

/**
 * Each file's stamp as it is now, by site-relative path, when each is still what the last build wrote (same size and
 * time). A stamp is the recorded one when the file is the recorded file too: a large site's index is tens of thousands
 * of files, and their stats are not kept for the whole build.
 */
export function stampsIfUnchanged(files: readonly FileStamp[], outDir: string): Map<string, FileStamp> | undefined {
  const stats = unchangedStats(files, outDir);
  if (!stats) return undefined;
  return new Map(
    files.map((stamp, index) => {
      const stat = stats[index]!;
      return [stamp[0], stat.ino === stamp[3] && stat.dev === stamp[4] ? stamp : stampOf(stamp[0], stat)];
    }),
  );
}

/** The files' stats when each is still what the last build wrote, else undefined (stops at the first that is not). */
function unchangedStats(files: readonly FileStamp[], outDir: string): fs.Stats[] | undefined {
  const stats: fs.Stats[] = [];
  for (const [relPath, size, mtimeMs] of files) {
    const stat = fs.statSync(path.join(outDir, relPath), { throwIfNoEntry: false });
    if (stat?.isFile() !== true || stat.size !== size || stat.mtimeMs !== mtimeMs) return undefined;
    stats.push(stat);
  }
  return stats;
}

/** Each page's files as they are now in the output (a file missing there is left out, so never reused). */
export function stampPages(pages: ReadonlyMap<string, PageRecord>, outDir: string): Record<string, CachedPage> {
  const stamped: Record<string, CachedPage> = {};
  for (const [route, { hash, relPaths, stamps, inputs }] of pages) {
    const made = inputs === undefined ? {} : { inputs };
    if (stamps) {
      stamped[route] = { hash, files: stamps, ...made }; // linked: the last build's files, whose stamps were checked
      continue;
    }
    const files: FileStamp[] = [];
    for (const relPath of relPaths) {
      const stat = fs.statSync(path.join(outDir, relPath), { throwIfNoEntry: false });
      if (stat) files.push(stampOf(relPath, stat));
    }
    if (files.length === relPaths.length) stamped[route] = { hash, files, ...made };
  }
  return stamped;
}

/**
 * The search index's files in the output: those under `folderName` that no page, static file or docs asset is. Taken
 * from `written` (the stamps of what the build wrote there, as it wrote it) when given, else from a walk of the folder.
 */
export function stampSearchFiles(
  folderName: string,
  outDir: string,
  otherFiles: ReadonlySet<string>,
  pages: ReadonlyMap<string, { relPaths: readonly string[] }>,
  written?: readonly FileStamp[],
): FileStamp[] | undefined {
  const folder = path.join(outDir, folderName);
  // Only what lies under the folder can be taken for the index's (a note's page at /search/..., a static file there).
  const prefix = `${folderName}/`;
  const others = new Set([...otherFiles].filter((relPath) => relPath.startsWith(prefix)));
  for (const { relPaths } of pages.values())
    for (const relPath of relPaths) if (relPath.startsWith(prefix)) others.add(relPath);
  const isIndexFile = (relPath: string) => relPath.startsWith(prefix) && !others.has(relPath);
  if (written) {
    // The last stamp of a path is its file's: a path written twice is the second file.
    const byPath = new Map(written.filter(([relPath]) => isIndexFile(relPath)).map((stamp) => [stamp[0], stamp]));
    return byPath.size === 0 ? undefined : [...byPath.values()].sort(([a], [b]) => (a < b ? -1 : 1));
  }
  if (!fs.existsSync(folder)) return undefined;
  const files: FileStamp[] = [];
  // Each site-relative path made by appending names, not made relative again: a large site's index is many files.
  const walk = (dir: string, relDir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const relPath = relDir + entry.name;
      const absolute = dir + path.sep + entry.name;
      if (entry.isDirectory()) walk(absolute, `${relPath}/`);
      else if (entry.isFile() && isIndexFile(relPath)) files.push(stampOf(relPath, fs.statSync(absolute)));
    }
  };
  walk(folder, prefix);
  return files.sort(([a], [b]) => (a < b ? -1 : 1));
}

/** The stamp of the file at a site-relative path under `dir`, as it is now (one just written, or one kept). */
export function stampWritten(dir: string, relPath: string): FileStamp {
  return stampOf(relPath, fs.lstatSync(path.join(dir, relPath)));
}
