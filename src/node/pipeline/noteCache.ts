/**
 * Rendered notes kept from one build to the next in a `wiki dev` session, so that a rebuild (a note added, removed or
 * renamed, a theme file changed) renders again only the notes it changes. A note's content depends on its Markdown,
 * on the lines above it (front matter: link records carry file lines), on the parser's settings (one note's wikilink
 * turns Obsidian's syntax on for all) and on where each of its links leads: it is reused when the first three are the
 * same and every link resolves as it did, since a new note can mend a broken link and a removed one can break it.
 */
import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Note, NoteContent } from '../notes/note.js';
import { type NoteParser, parserSettings, renderNoteContent } from '../notes/parseNotes.js';

export interface NoteContentCache {
  /** The note's content: the last build's while still valid, else rendered now (and kept for the next build). */
  render(doc: Note, parser: NoteParser): NoteContent;
  /** Forgets the notes a build no longer has. */
  keepOnly(docs: readonly Note[]): void;
}

interface CachedNote {
  /** A digest, not the Markdown itself: 16 MB of notes would stay in memory for a comparison. */
  readonly bodyHash: string;
  readonly lineOffset: number;
  readonly settings: string;
  readonly content: NoteContent;
}

export function createNoteContentCache(): NoteContentCache {
  const notes = new Map<string, CachedNote>();
  return {
    render(doc, parser) {
      const bodyHash = crypto.createHash('sha1').update(doc.body).digest('base64');
      const settings = parserSettings(parser);
      const cached = notes.get(doc.filePath);
      if (
        cached &&
        cached.bodyHash === bodyHash &&
        cached.lineOffset === doc.lineOffset &&
        cached.settings === settings &&
        linksResolveAsBefore(cached.content, doc, parser)
      )
        return cached.content;
      const content = renderNoteContent(doc, parser);
      notes.set(doc.filePath, { bodyHash, lineOffset: doc.lineOffset, settings, content });
      return content;
    },
    keepOnly(docs) {
      const present = new Set(docs.map((doc) => doc.filePath));
      for (const filePath of notes.keys()) if (!present.has(filePath)) notes.delete(filePath);
    },
  };
}

/** Every link the note had resolves to what it was rendered with (the resolver of this build, not the last one's). */
function linksResolveAsBefore(content: NoteContent, doc: Note, parser: NoteParser): boolean {
  return content.links.every((link) =>
    isDeepStrictEqual(parser.resolveLink(link.target, doc.sourcePath), link.resolved),
  );
}
