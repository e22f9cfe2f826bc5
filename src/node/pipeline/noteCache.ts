/**
 * Rendered notes kept from one build to the next in a `wiki dev` session, so that a rebuild (a note added, removed or
 * renamed, a theme file changed) renders again only the notes it changes. A note's content depends on its Markdown,
 * on the lines above it (front matter: link records carry file lines), on the parser's settings (one note's wikilink
 * turns Obsidian's syntax on for all) and on where each of its links leads: it is reused when the first three are the
 * same and every link resolves as it did, since a new note can mend a broken link and a removed one can break it.
 * With a store (noteStore.ts), a note the session has not rendered yet is looked for in the last session's notes.
 */
import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { SourcePath } from '../../shared/paths.js';
import type { LinkRecord, ResolvedLink } from '../markdown/noteEnv.js';
import { resolveRecordedWikilink } from '../markdown/obsidian/wikilinks.js';
import type { Note, NoteContent } from '../notes/note.js';
import { isUrlLink } from '../resolve/links.js';
import { type NoteParser, parserSettings, renderNoteContent } from '../notes/parseNotes.js';
import type { NoteStore, RenderedNote } from './noteStore.js';

export interface NoteContentCache {
  /** The note's content: the last build's while still valid, else rendered now (and kept for the next build). */
  render(doc: Note, parser: NoteParser): NoteContent;
  /** Forgets the notes a build no longer has. */
  keepOnly(docs: readonly Note[]): void;
  /** How many notes were taken from the store (the last session's), valid, so far. */
  readonly fromStore: number;
  /**
   * Keeps the notes in the store, when there is one and some note changed since it was read or last saved; either
   * way, nothing more is taken from the store.
   */
  save(): Promise<void>;
}

export function createNoteContentCache(store?: NoteStore): NoteContentCache {
  const notes = new Map<string, RenderedNote>();
  let fromStore = 0;
  let changed = false;
  /** The last session's rendering of the note, when it is still valid; a damaged one counts as absent. */
  const takeStored = (doc: Note, parser: NoteParser, bodyHash: string, settings: string): RenderedNote | undefined => {
    const stored = store?.take(doc.filePath);
    if (!stored || !isSameSource(stored, bodyHash, doc.lineOffset, settings)) return undefined;
    const { readHtml, content, ...rest } = stored;
    // A link to a URL is stored without its resolution: it resolves to itself, whatever the site holds.
    const links = content.links.map(([target, line, resolved]) => ({
      target,
      line,
      resolved: resolved ?? parser.resolveLink(target, doc.sourcePath),
    }));
    if (!linksResolveAsBefore(links, doc, parser)) return undefined;
    const html = readHtml();
    if (html === undefined) return undefined; // damaged: rendered again
    fromStore += 1;
    return { ...rest, content: { ...content, links, html } };
  };
  return {
    render(doc, parser) {
      const bodyHash = crypto.createHash('sha1').update(doc.body).digest('base64');
      const settings = parserSettings(parser);
      const cached = notes.get(doc.filePath);
      if (
        cached &&
        isSameSource(cached, bodyHash, doc.lineOffset, settings) &&
        linksResolveAsBefore(cached.content.links, doc, parser)
      )
        return cached.content;
      const stored = cached ? undefined : takeStored(doc, parser, bodyHash, settings);
      if (stored) {
        notes.set(doc.filePath, stored);
        return stored.content;
      }
      const content = renderNoteContent(doc, parser);
      notes.set(doc.filePath, { bodyHash, lineOffset: doc.lineOffset, settings, content });
      changed = true;
      return content;
    },
    keepOnly(docs) {
      const present = new Set(docs.map((doc) => doc.filePath));
      for (const filePath of notes.keys()) if (!present.has(filePath)) changed = notes.delete(filePath) || changed;
    },
    get fromStore() {
      return fromStore;
    },
    async save() {
      store?.close();
      if (!store || !changed) return;
      changed = false;
      await store.save(notes);
    },
  };
}

function isSameSource(note: Omit<RenderedNote, 'content'>, bodyHash: string, lineOffset: number, settings: string) {
  return note.bodyHash === bodyHash && note.lineOffset === lineOffset && note.settings === settings;
}

/**
 * Every link the note had resolves to what it was rendered with (the resolver of this build, not the last one's), and
 * it embeds no note: an embedded note is shown rendered, and its Markdown may have changed.
 */
function linksResolveAsBefore(links: readonly LinkRecord[], doc: Note, parser: NoteParser): boolean {
  return links.every(
    ({ target, resolved }) =>
      isUrlLink(target) ||
      (!target.startsWith('![[') && isDeepStrictEqual(resolveRecordedLink(target, doc.sourcePath, parser), resolved)),
  );
}

/** What a recorded link resolves to now (its target as written): a wikilink or an embed as rendering resolves it. */
export function resolveRecordedLink(
  target: string,
  sourcePath: SourcePath,
  parser: NoteParser,
): ResolvedLink | undefined {
  return target.startsWith('[[') || target.startsWith('![[')
    ? resolveRecordedWikilink(target, { resolveLink: parser.resolveLink, sourcePath, obsidian: parser.obsidian })
    : parser.resolveLink(target, sourcePath);
}
