/**
 * The outline stages' work on each note that outlives a `wiki build`, kept beside the build cache
 * (`.<name>.wiki/cache/summaries.json`): its summary (title, description), reused while the note's source, front
 * matter and the parser's settings are what they were (it is a pure function of them and the config, which the build
 * key covers). Read whole: a
 * few hundred bytes a note. The links a note's Markdown holds are not kept: writing them cost a full build of 100,000
 * notes ~4 s for ~50 ms saved on a corpus edit (bench/README.md), and where they lead is resolved every build anyway.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hashOf } from '../hashOf.js';
import type { Note, NoteSummary } from '../notes/note.js';
import { noteSourceHash } from '../notes/noteBodies.js';

type CachedSummary = readonly [key: string, title: string, contentHasTitle: boolean, description: string];

export interface OutlineCache {
  /** The note's source hash (noteSourceHash), computed once for the cache and for releaseBodies. */
  sourceHash(note: Note): string;
  /**
   * The note's summary: the last build's while its source and the parser's settings (parserSettings) are the same,
   * else made by `summarise`.
   */
  summary(note: Note, settings: string, summarise: () => NoteSummary): NoteSummary;
  /** Keeps `summaries` (the outline's) for the next build; called once the build succeeded. */
  save(summaries: readonly NoteSummary[]): void;
}

export interface OutlineCacheFiles {
  /** The folder of the build cache. */
  readonly dir: string;
  /** Reads nothing back (`--no-cache`), but writes the file again. */
  readonly fresh: boolean;
  /** The file's value, when it was written under this build's key (another engine, config or docs folder: none). */
  readonly read: <T>(file: string) => T | undefined;
  readonly write: (file: string, value: unknown) => void;
  readonly warn: (message: string) => void;
}

export function openOutlineCache(files: OutlineCacheFiles): OutlineCache {
  const summariesFile = path.join(files.dir, 'summaries.json');
  const oldSummaries = files.fresh ? undefined : files.read<Record<string, CachedSummary>>(summariesFile);
  const sourceHashes = new Map<string, string>(); // by file
  const keys = new Map<string, string>(); // by file
  const sourceHash = (note: Note) => {
    let hash = sourceHashes.get(note.filePath);
    if (hash === undefined) sourceHashes.set(note.filePath, (hash = noteSourceHash(note)));
    return hash;
  };
  return {
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
    save(summaries) {
      try {
        // Made now, not as the notes were summarised: a build's peak is while its pages render.
        const record: Record<string, CachedSummary> = {};
        for (const { filePath, title, contentHasTitle, description } of summaries) {
          const key = keys.get(filePath);
          if (key !== undefined) record[filePath] = [key, title, contentHasTitle, description];
        }
        fs.mkdirSync(files.dir, { recursive: true });
        files.write(summariesFile, record);
      } catch (error) {
        files.warn(`Could not write the outline cache in ${files.dir} (${(error as Error).message}).`);
      }
    },
  };
}
