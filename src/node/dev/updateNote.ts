/**
 * The fast path of `wiki dev`: the pipeline's stages run again for one edited note (scan it, resolve its route,
 * summarise and render it, lay out its page or the whole sidebar, check its links), when the edit cannot change
 * another note's route. Anything else (a new, removed or renamed note, a changed id or slug) asks for a full rebuild.
 */
import fs from 'node:fs';
import type { Route } from '../../shared/paths.js';
import { DiagnosticList } from '../diagnostics.js';
import { isMdxNote } from '../mdx/isMdxNote.js';
import type { Note, ParsedNote } from '../notes/note.js';
import { summariseNote } from '../notes/parseNotes.js';
import { readNoteFile } from '../notes/scan.js';
import { checkLinks, toLinkCheckNote } from '../pipeline/checkLinks.js';
import { parseNoteContent } from '../pipeline/noteStream.js';
import { resolveRoutes } from '../pipeline/pipeline.js';
import { buildNotePageModels } from '../resolve/pageModels.js';
import { comparePages, outputPathsOf, relayoutSite, renderPages, type DevSite } from './devSite.js';

export type NoteUpdate =
  | { readonly kind: 'content' | 'page' | 'same'; readonly route: Route }
  /** The sidebar changed (a title or sidebar setting) but no route: relaid out in place, every page reloads. */
  | { readonly kind: 'layout'; readonly route: Route }
  | { readonly kind: 'full'; readonly reason: string };

// Front matter that only changes the note's own page, and fields that change the sidebar and labels but no route;
// any other field (id, slug, draft, unknown ones) may change routes: a full rebuild.
const ownPageFields = new Set([
  'description',
  'keywords',
  'hide_title',
  'hide_table_of_contents',
  'custom_edit_url',
  'pagination_prev',
  'pagination_next',
  'image',
  'toc_min_heading_level',
  'toc_max_heading_level',
]);
const layoutFields = new Set([
  'title',
  'sidebar_label',
  'sidebar_position',
  'sidebar_class_name',
  'sidebar_custom_props',
  'pagination_label',
]);
// Problems a note's own text causes (its links are re-checked separately).
const noteCodes = new Set(['invalid-front-matter']);
const linkCodes = new Set(['broken-link', 'broken-anchor']);

/** Updates one edited note in place when that is enough; says why not otherwise. */
export function updateNote(devSite: DevSite, filePath: string): NoteUpdate {
  const index = devSite.notes.findIndex((doc) => doc.filePath === filePath);
  if (index === -1) return { kind: 'full', reason: 'a new note, or one that was left out before' };
  if (!fs.existsSync(filePath)) return { kind: 'full', reason: 'a note was removed' };
  const { context } = devSite;
  const old = devSite.notes[index]!;
  const diagnostics = new DiagnosticList();
  const noteContext = { ...context, diagnostics };
  const note = readNoteFile(filePath, old.sourcePath, {
    docsDir: context.docsDir,
    diagnostics,
    displayPath: context.displayPath,
  });
  if (!note) return { kind: 'full', reason: 'the note is no longer readable text' };
  const doc = resolveRoutes(noteContext, [note], devSite.site.builtInPages).notes[0];
  if (!doc || !sameRoute(old, doc)) return { kind: 'full', reason: 'its id, route or draft status changed' };
  // An MDX note is rendered in one bundle with what it imports (renderMdxNotes): the full stages render it again.
  if (isMdxNote(doc, context.config.markdown.format)) return { kind: 'full', reason: 'an MDX note changed' };
  const { parser } = devSite.site;
  const parsed: ParsedNote = { ...summariseNote(doc, parser), ...parseNoteContent(noteContext, doc, parser) };
  devSite.notes[index] = parsed;
  updateDiagnostics(devSite, parsed, diagnostics);
  if (parsed.title !== old.title || layoutOf(old) !== layoutOf(doc)) {
    relayoutSite(devSite);
    return { kind: 'layout', route: parsed.route };
  }
  return updatePage(devSite, parsed);
}

function updatePage(devSite: DevSite, parsed: ParsedNote): NoteUpdate {
  const { config } = devSite.context;
  const neighbourIds = new Set([parsed.frontMatter.pagination_prev, parsed.frontMatter.pagination_next]);
  const neighbours = devSite.notes.filter((doc) => neighbourIds.has(doc.id));
  const page = buildNotePageModels({
    config,
    sidebars: devSite.site.sidebars,
    docs: [parsed, ...neighbours],
    tags: devSite.site.tags.byDoc,
    ...(devSite.site.backlinks && { backlinks: devSite.site.backlinks }),
  })[0]!;
  const pageIndex = devSite.notePages.findIndex((candidate) => candidate.route === parsed.route);
  const before = devSite.notePages[pageIndex];
  if (pageIndex === -1 || !before) return { kind: 'full', reason: 'its page was missing' };
  devSite.notePages[pageIndex] = page;
  for (const relPath of outputPathsOf(page)) devSite.pageByPath.set(relPath, page);
  renderPages(devSite, [page]);
  return { kind: comparePages(before, page), route: page.route };
}

/** Replaces the note's own problems, and re-checks its links and the links that point into it. */
function updateDiagnostics(devSite: DevSite, parsed: ParsedNote, fromNote: DiagnosticList): void {
  const { context } = devSite;
  const inbound = devSite.notes.filter(
    (doc) => doc !== parsed && doc.links.some((link) => link.resolved.anchor?.route === parsed.route),
  );
  const checked = new DiagnosticList();
  const assets = checkLinks(
    devSite.notes.map(toLinkCheckNote),
    { ...context, diagnostics: checked },
    [parsed, ...inbound].map(toLinkCheckNote),
  );
  for (const [source, relPath] of assets) devSite.copies.set(relPath, source);
  const file = context.displayPath(parsed.filePath);
  const recheckedFiles = new Set([parsed, ...inbound].map((doc) => context.displayPath(doc.filePath)));
  devSite.diagnostics = [
    ...devSite.diagnostics.filter(
      (d) =>
        !(d.file === file && noteCodes.has(d.code)) &&
        !(d.file !== undefined && recheckedFiles.has(d.file) && linkCodes.has(d.code)),
    ),
    ...fromNote.items,
    ...checked.items,
  ];
}

function sameRoute(old: Omit<Note, 'body'>, doc: Omit<Note, 'body'>): boolean {
  const routeFields = (value: Omit<Note, 'body'>) =>
    JSON.stringify(
      Object.entries(value.frontMatter).filter(([key]) => !ownPageFields.has(key) && !layoutFields.has(key)),
    );
  return (
    old.id === doc.id && old.route === doc.route && old.isIndex === doc.isIndex && routeFields(old) === routeFields(doc)
  );
}

function layoutOf(doc: Omit<Note, 'body'>): string {
  return JSON.stringify([doc.sidebarPosition, ...[...layoutFields].map((key) => doc.frontMatter[key])]);
}
