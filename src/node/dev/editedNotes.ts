/**
 * What `wiki dev` knows of notes as they are now, where the first build's pre-pass only has them as they were: the
 * Markdown a `![[Note]]` embed shows and a note's inline `#tags` (createObsidianMarkdown reads both once, at load).
 * The dev parser reads an edited note's from here, so pages that embed it and the tag pages follow its edits.
 */
import type { SourcePath } from '../../shared/paths.js';
import { DiagnosticList } from '../diagnostics.js';
import { findInlineTags } from '../markdown/obsidian/inlineTags.js';
import type { TranscludedSource } from '../markdown/obsidian/types.js';
import type { Note } from '../notes/note.js';
import type { NoteParser } from '../notes/parseNotes.js';
import { readNoteFile } from '../notes/scan.js';
import { resolveRoutes } from '../pipeline/pipeline.js';
import type { DevSite } from './devSite.js';

/** A note's Markdown as last read, and its inline tags when it was edited (else the pre-pass's stand). */
export interface EditedNote extends TranscludedSource {
  readonly inlineTags?: readonly string[];
}

/** The build's parser, reading the Markdown and inline tags of the session's edited notes first. */
export function withEditedNotes(
  parser: NoteParser,
  edits: { readonly edited: ReadonlyMap<SourcePath, EditedNote>; readonly embedded: Set<SourcePath> },
  readNote: (sourcePath: SourcePath) => EditedNote | undefined,
): NoteParser {
  const { obsidian } = parser;
  if (!obsidian) return parser;
  const { edited, embedded } = edits;
  return {
    ...parser,
    obsidian: {
      ...obsidian,
      // A note no embed named at load (one just added to an edited note) is read when first embedded.
      transcludedSource: (sourcePath) => {
        embedded.add(sourcePath);
        return edited.get(sourcePath) ?? obsidian.transcludedSource(sourcePath) ?? readNote(sourcePath);
      },
      inlineTags: (sourcePath) => edited.get(sourcePath)?.inlineTags ?? obsidian.inlineTags(sourcePath),
    },
  };
}

/** The notes the build's pre-pass kept for embeds: those some note embedded then. */
export function findEmbeddedNotes(parser: NoteParser, notes: readonly { sourcePath: SourcePath }[]): Set<SourcePath> {
  const { obsidian } = parser;
  const embedded = notes.filter((note) => obsidian?.transcludedSource(note.sourcePath) !== undefined);
  return new Set(embedded.map((note) => note.sourcePath));
}

/** Keeps an edited note's Markdown and inline tags (the pre-pass finds tags only when Obsidian syntax is on). */
export function rememberEdit(devSite: DevSite, doc: Note): void {
  const inlineTags = devSite.site.parser.obsidian?.enabled ? findInlineTags(doc.body) : [];
  devSite.edited.set(doc.sourcePath, { body: doc.body, lineOffset: doc.lineOffset, inlineTags });
}

/** The Markdown of a note of the site, read from its file now (undefined when it cannot be read). */
export function readNoteSource(devSite: DevSite, sourcePath: SourcePath): Note | undefined {
  const { context } = devSite;
  const known = devSite.notes.find((note) => note.sourcePath === sourcePath);
  if (!known) return undefined;
  const diagnostics = new DiagnosticList(); // its problems are reported when the note itself is updated
  try {
    const scanned = readNoteFile(known.filePath, sourcePath, { ...context, diagnostics });
    return scanned && resolveRoutes({ ...context, diagnostics }, [scanned], devSite.site.builtInPages).notes[0];
  } catch {
    return undefined; // removed meanwhile: the watcher reports it next
  }
}

/** A note an edit embeds for the first time, read now and kept like an edited note's Markdown. */
export function readEmbeddedNote(devSite: DevSite, sourcePath: SourcePath): EditedNote | undefined {
  const note = readNoteSource(devSite, sourcePath);
  if (!note) return undefined;
  const source = { body: note.body, lineOffset: note.lineOffset };
  devSite.edited.set(sourcePath, source);
  return source;
}
