/**
 * `wiki dev`'s rendered notes kept on disk from one session to the next, so a second start renders only the notes that
 * changed since (a first start parses every note: most of its time). They lie in the work folder of the config's output
 * folder (`.<out>.wiki/cache/dev-notes.json` and its data files, in the build cache's notes format: noteCacheFile.ts, but
 * each note's HTML is its UTF-8 text, not a JSON string: decoding it takes half the time of parsing it),
 * under a key of the engine, config, docs folder and mode: another key, and nothing is taken (and no warning).
 * A note taken back is checked as the session's own cache checks it (noteCache.ts); a damaged one is rendered again.
 */
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { BuildContext } from '../context.js';
import { hashOf } from '../hashOf.js';
import type { ResolvedLink } from '../markdown/noteEnv.js';
import type { NoteContent } from '../notes/note.js';
import { isUrlLink } from '../resolve/links.js';
import { buildIdentity } from './buildIdentity.js';
import { createNoteCacheWriter, type NoteCacheLines, readNoteCache, type StoredNote } from './noteCacheFile.js';
import { cacheFolderOf } from './outputFolder.js';

const STORE_FORMAT = 'wiki-dev-notes/1';
/** A save gives the event loop back this often: it runs while the server answers. */
const YIELD_EVERY_MS = 20;

/** A note's content as rendered, with what it was rendered from (noteCache.ts compares those). */
export interface RenderedNote {
  /** A digest of its Markdown. */
  readonly bodyHash: string;
  readonly lineOffset: number;
  /** The parser's settings (parserSettings). */
  readonly settings: string;
  readonly content: NoteContent;
  /** Where the store holds exactly this note, when it does (taken from it, or saved). */
  stored?: StoredNote;
}

/**
 * A link as the store holds it: a link to a URL without what it resolves to, which is itself whatever the site holds
 * (links.ts isUrlLink): those were most of the corpus's entries (24 MB with them).
 */
export type StoredLink = readonly [target: string, line: number, resolved?: ResolvedLink];

/** A note as the store holds it: its HTML is read only once the rest says the note is still valid. */
export interface StoredRendering extends Omit<RenderedNote, 'content'> {
  readonly content: Omit<NoteContent, 'html' | 'links'> & { readonly links: readonly StoredLink[] };
  /** Its HTML; undefined (and warned) when the store's bytes are damaged. */
  readHtml(): string | undefined;
}

export interface NoteStore {
  /** The note as the last session left it, if the store holds it (each note is taken once). */
  take(filePath: string): StoredRendering | undefined;
  /**
   * Keeps these notes on disk in place of what the store held: those it holds already stay where they are, the others
   * are appended. Never throws: a store that cannot be written is reported through `warn` and left as it was.
   */
  save(notes: ReadonlyMap<string, RenderedNote>): Promise<void>;
  /** Lets the last session's files go (its entries were read whole): nothing more is taken from them. */
  close(): void;
}

type Entry = [bodyHash: string, lineOffset: number, settings: string, content: StoredRendering['content']];

/** The store of `wiki dev` sessions on this context's site; `warn` hears of a damaged or unwritable store. */
export function openNoteStore(context: BuildContext, warn: (message: string) => void): NoteStore {
  const file = path.join(cacheFolderOf(context.outDir), 'dev-notes.json');
  const header = { format: STORE_FORMAT, key: hashOf(buildIdentity(context)) };
  let reader: NoteCacheLines | undefined = readNoteCache(file, header, warn);
  const ignored = (filePath: string, error: unknown) =>
    warn(
      `Ignored the stored note ${context.displayPath(filePath)}: ${(error as Error).message}. It is rendered again.`,
    );
  return {
    take(filePath) {
      const taken = reader?.take(filePath);
      if (!taken) return undefined;
      try {
        const [bodyHash, lineOffset, settings, content] = JSON.parse(taken.entry.toString('utf8')) as Entry;
        if (typeof bodyHash !== 'string' || !Array.isArray(content?.links)) throw new Error('its entry is not a note');
        const source = reader!;
        const readHtml = () => {
          try {
            return source.readHtml(taken.stored).toString('utf8');
          } catch (error) {
            return void ignored(filePath, error);
          }
        };
        return { bodyHash, lineOffset, settings, content, readHtml, stored: taken.stored };
      } catch (error) {
        return void ignored(filePath, error);
      }
    },
    close() {
      reader?.close();
      reader = undefined;
    },
    async save(notes) {
      this.close(); // the start has taken what it could; the files may be compacted now
      const base = readNoteCache(file, header, warn);
      const writer = createNoteCacheWriter(file, header, base);
      try {
        let slice = performance.now();
        for (const [filePath, note] of notes) {
          if (note.stored && isDeepStrictEqual(storedAt(base, filePath), note.stored))
            writer.keep(filePath, note.stored);
          else note.stored = writer.add(filePath, JSON.stringify(entryOf(note)), note.content.html);
          if (performance.now() - slice < YIELD_EVERY_MS) continue;
          await yieldToEventLoop();
          slice = performance.now();
        }
        writer.commit();
      } catch (error) {
        // commit() failed, and left the store as it was
        const where = context.displayPath(path.dirname(file));
        warn(
          `Could not keep the rendered notes in ${where} for the next \`wiki dev\` (${(error as Error).message}): it will render every note again. Make that folder writable for faster starts.`,
        );
      } finally {
        base?.close();
      }
    },
  };
}

function entryOf({ bodyHash, lineOffset, settings, content }: RenderedNote): Entry {
  const { html: _html, links, ...rest } = content;
  const stored = links.map(({ target, line, resolved }): StoredLink =>
    isUrlLink(target) ? [target, line] : [target, line, resolved],
  );
  return [bodyHash, lineOffset, settings, { ...rest, links: stored }];
}

/** Where the store holds the note, when it does and its entry is whole. */
function storedAt(store: NoteCacheLines | undefined, filePath: string): StoredNote | undefined {
  try {
    return store?.take(filePath)?.stored;
  } catch {
    return undefined; // damaged: written again
  }
}
