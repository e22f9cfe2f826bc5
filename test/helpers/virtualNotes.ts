/** In-memory notes through the pipeline's real resolve and parse stages, for unit tests of what comes after them. */
import { DiagnosticList } from '../../src/node/diagnostics.js';
import type { ParsedNote } from '../../src/node/notes/note.js';
import { parseNotesInline } from '../../src/node/notes/parseNotes.js';
import { resolveNotes } from '../../src/node/resolve/routes.js';
import { asSourcePath } from '../../src/shared/paths.js';

export interface VirtualNotesOptions {
  readonly trailingSlash?: boolean | undefined;
  readonly baseUrl?: string;
  /** Where resolve problems go (a fresh list by default). */
  readonly diagnostics?: DiagnosticList;
}

/** Notes (docs-relative path -> file text) under a virtual docs folder, resolved and parsed. */
export function parseVirtualNotes(files: Record<string, string>, options: VirtualNotesOptions = {}): ParsedNote[] {
  const notes = Object.entries(files).map(([sourcePath, text]) => ({
    sourcePath: asSourcePath(sourcePath),
    filePath: `/virtual/docs/${sourcePath}`,
    text,
  }));
  const { notes: resolved } = resolveNotes({
    notes,
    diagnostics: options.diagnostics ?? new DiagnosticList(),
    displayPath: (file) => file,
    includeDrafts: false,
    trailingSlash: options.trailingSlash,
    onDuplicateRoutes: 'warn',
  });
  const routes = resolved.map((note) => [note.sourcePath, note.route] as const);
  return parseNotesInline(resolved, {
    routes,
    docsDir: '/virtual/docs',
    staticFiles: new Set(),
    extraRoutes: new Set(),
    baseUrl: options.baseUrl ?? '/',
  });
}
