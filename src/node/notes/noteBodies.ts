/**
 * `wiki build` lets each note's Markdown go once the outline has read it (summaries, backlinks, the wikilink index) and
 * reads it again from its file when the note is rendered, so the outline's page models and sidebars are never held
 * together with every note's Markdown: a build's memory then follows the size of its largest note, not the count of
 * its notes (#26; figures in bench/README.md). `wiki dev` keeps the bodies: it re-renders notes as they are edited.
 */
import { hashOf } from '../hashOf.js';
import { wikilinksOutsideCode } from '../resolve/wikilinks.js';
import type { Note } from './note.js';
import { rereadNoteText } from './scan.js';

/** A digest of what a note's rendered content is made from: its file, where its body starts in lines, its body. */
export function noteSourceHash(note: Note): string {
  return note.released?.sourceHash ?? hashSource(note);
}

function hashSource(note: Note): string {
  return hashOf([note.sourcePath, note.filePath, String(note.lineOffset), note.body]);
}

/**
 * Lets the notes' bodies go, but those `keep` says to keep (and notes not read from a file). In place: whatever holds
 * the list (the wikilink index's lookup, the outline) must not keep the bodies alive.
 */
export function releaseBodies(
  notes: Note[],
  keep: (note: Note) => boolean,
  options: {
    /** The outline cache's, hashed once. */
    sourceHash?: ((note: Note) => string) | undefined;
    /** The note's inline tags, when Obsidian's syntax is on (what the wikilink index found). */
    inlineTags?: ((note: Note) => readonly string[] | undefined) | undefined;
  } = {},
): void {
  const { sourceHash = hashSource, inlineTags } = options;
  notes.forEach((note, index) => {
    if (note.bodyStart === undefined || note.released || keep(note)) return;
    const tags = inlineTags?.(note);
    const released = {
      length: note.body.length,
      sourceHash: sourceHash(note),
      wikilinks: hasWikilinkOutsideCode(note.body),
      embeds: note.body.includes('![['),
      ...(tags && { inlineTags: tags }),
    };
    notes[index] = { ...note, body: '', released };
  });
}

/**
 * Whether the body has a wikilink outside code, where usesWikilinks (wikilinks.ts) looks: a note whose `[[`s are all in
 * code or Markdown links (`[[HN](url)]`) is not read again by every build to find that it names no note.
 */
function hasWikilinkOutsideCode(body: string): boolean {
  return body.includes('[[') && !wikilinksOutsideCode(body).next().done;
}

/** How long a note's body is, whether or not it was let go. */
export function bodyLength(note: Note): number {
  return note.released?.length ?? note.body.length;
}

/**
 * The note with its body: read again from its file when it was let go. The file must be as the outline read it (the
 * page's title, links and the cache's keys came from that): a change is an error that asks for another build.
 */
export function withBody(note: Note, displayPath: (file: string) => string): Note {
  if (!note.released) return note;
  const { length, sourceHash } = note.released;
  const start = note.bodyStart!; // a note is let go only when it has one (releaseBodies)
  let text: string | undefined;
  try {
    text = rereadNoteText(note.filePath);
  } catch {
    // removed, or no longer UTF-8: reported below as a change
  }
  const reread =
    text !== undefined && text.length - start === length ? { ...note, body: text.slice(start) } : undefined;
  if (!reread || hashSource(reread) !== sourceHash)
    throw new Error(
      `${displayPath(note.filePath)} changed while the site was being built (a note's Markdown is read again when its page is rendered). Run the build again.`,
    );
  return reread;
}
