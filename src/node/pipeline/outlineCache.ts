/**
 * The outline stages' work on each note that outlives a `wiki build`, kept beside the build cache
 * (`.<name>.wiki/cache/`):
 * - summaries.json: each note's summary (title, description), reused while the note's source, front matter and the
 *   parser's settings are what they were (it is a pure function of them and the config, which the build key covers).
 *   Read whole: a few hundred bytes a note.
 * - links.json and its data file (noteCacheFile.ts): each note's links to other notes with their contexts (backlinks.ts)
 *   and a digest of them (which the page hashes carried over from build to build stand on: layoutKey.ts), reused while
 *   its source (path and Markdown) and everything its links are resolved against (linkUniverse) are what they were.
 *   Written by every build (an incremental one appends the notes whose links were found again): the first edit after a
 *   full build then finds no note's links again, and carries its pages' hashes over (bench/README.md).
 * - known.json: what was read of each note (front matter, where its body starts, its source hash, whether it has a
 *   `[[` or `![[`, its inline tags when Obsidian's syntax was on), reused while its file has the stamp it had (size,
 *   times, inode; upToDate.ts): the scan does not read it, and its body is read only where another cache misses. Kept
 *   only for a note whose stamp was settled (changed well before the build stamped it) and that read without a
 *   problem (a problem is reported again by reading it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { hashOf } from '../hashOf.js';
import type { KnownNote, Note, NoteSummary } from '../notes/note.js';
import { noteSourceHash } from '../notes/noteBodies.js';
import type { LinkMemo, NoteLinks } from '../resolve/backlinks.js';
import { createNoteCacheWriter, type NoteCacheWriter, readNoteCache, type StoredNote } from './noteCacheFile.js';
import type { FileStamp } from './upToDate.js';

/** Bumped whenever what links.json holds changes shape. */
const LINKS_FORMAT = 'wiki-links-cache/3';

type CachedSummary = readonly [key: string, title: string, contentHasTitle: boolean, description: string];
type CachedReading = readonly [
  stamp: string,
  frontMatter: KnownNote['frontMatter'],
  lineOffset: number,
  bodyStart: number,
  released: KnownNote['released'],
];

export interface OutlineCache {
  /** What the last build read of the note in this file, when the file's stamp is the same (the scan skips it). */
  knownNote(filePath: string): KnownNote | undefined;
  /** The note in this file had a problem as it was read: it is read again next time, to report it again. */
  distrust(filePath: string): void;
  /** The note's source hash (noteSourceHash), computed once for the cache and for releaseBodies. */
  sourceHash(note: Note): string;
  /**
   * The note's summary: the last build's while its source and the parser's settings (parserSettings) are the same,
   * else made by `summarise`.
   */
  summary(note: Note, settings: string, summarise: () => NoteSummary): NoteSummary;
  /**
   * Each note's links: the last build's while its source and `universe` are the same; those found again are kept for
   * the next build when the last one left this cache (an incremental build).
   */
  linkMemo(notes: readonly Note[], universe: string): DigestedLinkMemo;
  /**
   * Keeps `summaries` (the outline's), the links found and the notes' readings (`notes` once their bodies were let go)
   * for the next build; called once the build succeeded.
   */
  save(summaries: readonly NoteSummary[], notes: readonly Note[]): void;
  /** Drops what this build wrote (a failed build); nothing after save(). */
  discard(): void;
}

/** A link memo that also tells what changed against the links it was given back. */
export interface DigestedLinkMemo extends LinkMemo {
  /**
   * Once every note's links were recalled or recorded: how they differ from the links cache's (none before a first
   * build: `before` is undefined then). Undefined until then.
   */
  changes(): LinksChange | undefined;
}

/** Every note's links now, against those of the links cache (the last build's, unless its save failed). */
export interface LinksChange {
  /** A digest of every note's links, in note order: the same links give the same digest, found again or not. */
  readonly now: string;
  /** The same of the cache's links; undefined when it lacked some note's. */
  readonly before: string | undefined;
  /** The notes (by index) whose backlinks may not be the cache's: those a note whose links changed links or linked to. */
  readonly touched: ReadonlySet<number>;
}

export interface OutlineCacheFiles {
  /** The folder of the build cache. */
  readonly dir: string;
  /** The build key (another engine, config or docs folder reads nothing back). */
  readonly key: string;
  /** Reads nothing back (`--no-cache`), but writes the file again. */
  readonly fresh: boolean;
  /** The file's value, when it was written under this build's key (another engine, config or docs folder: none). */
  readonly read: <T>(file: string) => T | undefined;
  readonly write: (file: string, value: unknown) => void;
  readonly warn: (message: string) => void;
  /** An input file's stamp as this build took it (`wiki build`'s up-to-date check); none: no note is known. */
  readonly stamp?: ((file: string) => FileStamp | undefined) | undefined;
}

export function openOutlineCache(files: OutlineCacheFiles): OutlineCache {
  const summariesFile = path.join(files.dir, 'summaries.json');
  const oldSummaries = files.fresh ? undefined : files.read<Record<string, CachedSummary>>(summariesFile);
  const knownFile = path.join(files.dir, 'known.json');
  const { stamp } = files;
  const oldReadings = files.fresh || !stamp ? undefined : files.read<Record<string, CachedReading>>(knownFile);
  const distrusted = new Set<string>();
  const linksFile = path.join(files.dir, 'links.json');
  const linksHeader = { format: LINKS_FORMAT, key: files.key };
  const oldLinks = files.fresh ? undefined : readNoteCache(linksFile, linksHeader, files.warn);
  const newLinks: NoteCacheWriter = createNoteCacheWriter(linksFile, linksHeader, oldLinks);
  const oldLinkCount = oldLinks?.size ?? 0; // taking an entry removes it
  let linksFound = false;
  const sourceHashes = new Map<string, string>(); // by file
  const keys = new Map<string, string>(); // by file
  const sourceHash = (note: Note) => {
    let hash = sourceHashes.get(note.filePath);
    if (hash === undefined) sourceHashes.set(note.filePath, (hash = noteSourceHash(note)));
    return hash;
  };
  const discard = () => {
    newLinks.discard();
    oldLinks?.close();
  };
  return {
    knownNote(filePath) {
      const old = oldReadings?.[filePath];
      if (!old || old[0] !== stamp?.(filePath)?.line) return undefined;
      const [, frontMatter, lineOffset, bodyStart, released] = old;
      return { frontMatter, lineOffset, bodyStart, released };
    },
    distrust: (filePath) => distrusted.add(filePath),
    sourceHash,
    summary(note, settings, summarise) {
      // What the summary depends on besides the config: the note's source (path, Markdown), front matter, the parser.
      const key = hashOf([sourceHash(note), JSON.stringify(note.frontMatter), settings]);
      keys.set(note.filePath, key);
      const old = oldSummaries?.[note.filePath];
      const { body: _body, ...located } = note;
      return old?.[0] === key
        ? { ...located, title: old[1], contentHasTitle: old[2], description: old[3] }
        : summarise();
    },
    linkMemo(notes, universe) {
      const linkKeys: string[] = [];
      const keyOf = (index: number) => (linkKeys[index] ??= hashOf([universe, sourceHash(notes[index]!)]));
      // Each note's links' digest, stored with them: a note found again is hashed, the others' digests are read back.
      const digests: string[] = [];
      const before: (string | undefined)[] = [];
      const replaced = new Map<number, [NoteLinks, string]>(); // the cache's entry of a note found again
      const touched = new Set<number>();
      let digested = 0;
      return {
        recall(index) {
          const { filePath } = notes[index]!;
          const taken = takeLinks(filePath);
          if (taken?.[0] !== keyOf(index)) {
            if (taken) replaced.set(index, [taken[1], taken[2]]);
            return undefined;
          }
          newLinks.keep(filePath, taken[3]);
          digests[index] = before[index] = taken[2];
          digested++;
          return taken[1];
        },
        record(index, links) {
          linksFound = true;
          const json = JSON.stringify(links);
          const digest = hashOf([json]);
          const [oldLinks, oldDigest] = replaced.get(index) ?? [[], undefined];
          digests[index] = digest;
          before[index] = oldDigest;
          digested++;
          if (digest !== oldDigest) for (const [to] of [...oldLinks, ...links]) touched.add(to);
          newLinks.add(notes[index]!.filePath, `[${JSON.stringify(keyOf(index))},${json},"${digest}"]`, '');
        },
        changes() {
          if (digested !== notes.length) return undefined;
          const known = before.every((digest) => digest !== undefined);
          return { now: hashOf(digests), before: known ? hashOf(before as string[]) : undefined, touched };
        },
      };
    },
    save(summaries, notes) {
      try {
        if (linksFound || newLinks.count !== oldLinkCount) newLinks.commit();
        else newLinks.discard();
        oldLinks?.close();
        // Made now, not as the notes were summarised: a build's peak is while its pages render.
        const record: Record<string, CachedSummary> = {};
        for (const { filePath, title, contentHasTitle, description } of summaries) {
          const key = keys.get(filePath);
          if (key !== undefined) record[filePath] = [key, title, contentHasTitle, description];
        }
        fs.mkdirSync(files.dir, { recursive: true });
        files.write(summariesFile, record);
        if (stamp) files.write(knownFile, readingsOf(notes, stamp, distrusted));
      } catch (error) {
        discard();
        files.warn(`Could not write the outline cache in ${files.dir} (${(error as Error).message}).`);
      }
    },
    discard,
  };

  /** The last build's entry of a note's links: its key, links, their digest, where it lies; none when absent or damaged. */
  function takeLinks(filePath: string): [string, NoteLinks, string, StoredNote] | undefined {
    try {
      const taken = oldLinks?.take(filePath);
      if (!taken) return undefined;
      const [key, links, digest] = JSON.parse(taken.entry.toString('utf8')) as [string, NoteLinks, string];
      return [key, links, digest, taken.stored];
    } catch (error) {
      files.warn(`Ignored the outline cache's links of ${filePath}: ${(error as Error).message}.`);
      return undefined;
    }
  }
}

/** Each note's reading, for those whose stamp is settled, that read without a problem and whose body was let go. */
function readingsOf(
  notes: readonly Note[],
  stamp: (file: string) => FileStamp | undefined,
  distrusted: ReadonlySet<string>,
): Record<string, CachedReading> {
  const readings: Record<string, CachedReading> = {};
  for (const { filePath, frontMatter, lineOffset, bodyStart, released } of notes) {
    const stamped = stamp(filePath);
    if (!stamped?.settled || !released || bodyStart === undefined || distrusted.has(filePath)) continue;
    if (isPlainJson(frontMatter)) readings[filePath] = [stamped.line, frontMatter, lineOffset, bodyStart, released];
  }
  return readings;
}

/** Whether JSON gives the value back as it is (YAML's `.inf`, which JSON makes null, and `-0` are not). */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isPlainJson);
}
