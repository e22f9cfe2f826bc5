/**
 * The outline stages' work on each note, kept between `wiki build`s beside the build cache (`.<name>.wiki/cache/`):
 * its summary (title, description) and the links found in its Markdown with the sentence around each, reused while the
 * note's source and front matter are what they were (both are pure functions of them and the config, which the build
 * key covers). Where the links lead is not kept: it depends on every other note, and is resolved again each build.
 * - summaries.json: every note's summary, read whole (a few hundred bytes a note).
 * - links.json: every note's links, a line per note (noteCacheFile.ts), read and written a note at a time.
 */
import path from 'node:path';
import { hashOf } from '../hashOf.js';
import type { Note, NoteSummary } from '../notes/note.js';
import { noteSourceHash } from '../notes/noteBodies.js';
import type { NoteLinkScan } from '../resolve/backlinks.js';
import { extractLinkContext } from '../resolve/linkContext.js';
import { type ScannedLink, scanMarkdownLinks } from '../resolve/linkScan.js';
import type MarkdownIt from 'markdown-it';
import { createNoteCacheWriter, type NoteCacheWriter, readNoteCache } from './noteCacheFile.js';

/** Bumped whenever what the files hold changes shape. */
const FORMAT = 'wiki-outline-cache/1';

type CachedSummary = readonly [key: string, title: string, contentHasTitle: boolean, description: string];

/** A note's links as kept: [start, end, target, 1 for a wikilink], and the context of those that led to a note. */
interface CachedLinks {
  readonly key: string;
  readonly links: readonly (readonly [number, number, string, 0 | 1])[];
  readonly contexts: Readonly<Record<string, string>>;
}

export interface OutlineCache {
  /** The note's source hash (noteSourceHash), computed once for the cache and for releaseBodies. */
  sourceHash(note: Note): string;
  /** The note's summary: the last build's while its source is the same, else made by `summarise` (and kept). */
  summary(note: Note, summarise: () => NoteSummary): NoteSummary;
  /** The note's links and their contexts: the last build's while its source is the same, else found now (and kept). */
  linksOf(note: Note, md: MarkdownIt): NoteLinkScan;
  /** Keeps this build's work (and `summaries`, the outline's) for the next; called once the build succeeded. */
  save(summaries: readonly NoteSummary[]): void;
  /** Drops what this build wrote (a failed build); nothing after save(). */
  discard(): void;
}

export interface OutlineCacheFiles {
  /** The folder of the build cache. */
  readonly dir: string;
  /** The build key: another engine, config or docs folder reads nothing back. */
  readonly key: string;
  /** Reads nothing back (`--no-cache`), but writes the files again. */
  readonly fresh: boolean;
  readonly read: <T>(file: string) => T | undefined;
  readonly write: (file: string, value: unknown) => void;
  readonly warn: (message: string) => void;
}

export function openOutlineCache(files: OutlineCacheFiles): OutlineCache {
  const summariesFile = path.join(files.dir, 'summaries.json');
  const linksFile = path.join(files.dir, 'links.json');
  const header = { format: FORMAT, key: files.key };
  const oldSummaries = files.fresh ? undefined : files.read<Record<string, CachedSummary>>(summariesFile);
  const oldLinks = files.fresh ? undefined : readNoteCache(linksFile, header, files.warn);
  const links: NoteCacheWriter = createNoteCacheWriter(linksFile, header);
  const sourceHashes = new Map<string, string>(); // by file
  const keys = new Map<string, string>(); // by file: hashed once, for the summary and the links
  const sourceHash = (note: Note) => {
    let hash = sourceHashes.get(note.filePath);
    if (hash === undefined) sourceHashes.set(note.filePath, (hash = noteSourceHash(note)));
    return hash;
  };
  // What the summary and links depend on besides the config: the note's source (path, Markdown) and front matter.
  const keyOf = (note: Note) => {
    let key = keys.get(note.filePath);
    if (key === undefined)
      keys.set(note.filePath, (key = hashOf([sourceHash(note), JSON.stringify(note.frontMatter)])));
    return key;
  };
  return {
    sourceHash,
    summary(note, summarise) {
      const key = keyOf(note);
      const old = oldSummaries?.[note.filePath];
      const { body: _body, ...located } = note;
      return old?.[0] === key
        ? { ...located, title: old[1], contentHasTitle: old[2], description: old[3] }
        : summarise();
    },
    linksOf(note, md) {
      const key = keyOf(note);
      const bytes = oldLinks?.take(note.filePath);
      const old = bytes && (JSON.parse(bytes.toString('utf8')) as CachedLinks);
      const kept = old?.key === key ? old : undefined;
      const found: ScannedLink[] = kept
        ? kept.links.map(([start, end, target, wikilink]) => ({
            start,
            end,
            target,
            ...(wikilink && { wikilink: true }),
          }))
        : scanMarkdownLinks(note.body, md);
      const contexts: Record<string, string> = { ...kept?.contexts };
      return {
        links: found,
        contextOf(link) {
          return (contexts[link.start] ??= extractLinkContext(note.body, link.start, link.end));
        },
        done() {
          const entry: CachedLinks = {
            key,
            links: found.map((link) => [link.start, link.end, link.target, link.wikilink ? 1 : 0] as const),
            contexts,
          };
          links.add(note.filePath, JSON.stringify(entry));
        },
      };
    },
    save(summaries) {
      oldLinks?.close();
      try {
        links.commit();
        // Made now, not as the notes were summarised: a build's peak is while its pages render.
        const record: Record<string, CachedSummary> = {};
        for (const { filePath, title, contentHasTitle, description } of summaries) {
          const key = keys.get(filePath);
          if (key !== undefined) record[filePath] = [key, title, contentHasTitle, description];
        }
        files.write(summariesFile, record);
      } catch (error) {
        links.discard();
        files.warn(`Could not write the outline cache in ${files.dir} (${(error as Error).message}).`);
      }
    },
    discard() {
      oldLinks?.close();
      links.discard();
    },
  };
}
