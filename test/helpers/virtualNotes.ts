/** In-memory notes through the pipeline's real resolve and parse stages, for unit tests of what comes after them. */
import { DiagnosticList } from '../../src/node/diagnostics.js';
import type { Note, ParsedNote } from '../../src/node/notes/note.js';
import { createNoteParser, type NoteParser, parseNotesInline } from '../../src/node/notes/parseNotes.js';
import { resolveNotes } from '../../src/node/resolve/routes.js';
import { asSourcePath } from '../../src/shared/paths.js';

/** The virtual docs folder every note's file path is under. */
export const VIRTUAL_DOCS = '/virtual/docs';

export interface VirtualNotesOptions {
  readonly trailingSlash?: boolean | undefined;
  readonly baseUrl?: string;
  /** Where resolve problems go (a fresh list by default). */
  readonly diagnostics?: DiagnosticList;
}

/** Notes (docs-relative path -> file text) resolved, with the parser a build of them would use. */
export function resolveVirtualNotes(
  files: Record<string, string>,
  options: VirtualNotesOptions = {},
): { notes: Note[]; parser: NoteParser } {
  const scanned = Object.entries(files).map(([sourcePath, text]) => ({
    sourcePath: asSourcePath(sourcePath),
    filePath: `${VIRTUAL_DOCS}/${sourcePath}`,
    text,
  }));
  const { notes } = resolveNotes({
    notes: scanned,
    diagnostics: options.diagnostics ?? new DiagnosticList(),
    displayPath: (file) => file,
    includeDrafts: false,
    trailingSlash: options.trailingSlash,
    onDuplicateRoutes: 'warn',
  });
  const parser = createNoteParser(resolverOptions(notes, options));
  return { notes, parser };
}

/** Notes (docs-relative path -> file text) resolved and parsed. */
export function parseVirtualNotes(files: Record<string, string>, options: VirtualNotesOptions = {}): ParsedNote[] {
  const { notes } = resolveVirtualNotes(files, options);
  return parseNotesInline(notes, resolverOptions(notes, options));
}

function resolverOptions(notes: readonly Note[], options: VirtualNotesOptions) {
  const routes = notes.map((note) => [note.sourcePath, note.route] as const);
  return {
    routes,
    docsDir: VIRTUAL_DOCS,
    staticFiles: new Set<string>(),
    extraRoutes: new Set<string>(),
    baseUrl: options.baseUrl ?? '/',
  };
}
