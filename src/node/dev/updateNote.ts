/**
 * The fast path of `wiki dev`: the pipeline's stages run again for one edited note (scan it, resolve its route,
 * summarise and render it, lay out its page or the whole sidebar, check its links), when the edit cannot change
 * another note's route. Anything else (a new, removed or renamed note, a changed id or slug) asks for a full rebuild.
 * The pages that depend on the note (its backlinks' targets, the notes embedding it, the tag pages) follow: see
 * dependents.ts.
 */
import fs from 'node:fs';
import type { Route } from '../../shared/paths.js';
import type { DocPageModel } from '../../shared/types.js';
import { DiagnosticList } from '../diagnostics.js';
import { isMdxNote } from '../mdx/isMdxNote.js';
import type { Note, NoteContent, ParsedNote } from '../notes/note.js';
import { summariseNote } from '../notes/parseNotes.js';
import { readNoteFile } from '../notes/scan.js';
import { hasObsidianFolder } from '../resolve/obsidianFolder.js';
import { usesWikilinks } from '../resolve/wikilinks.js';
import { checkLinks, LINK_CHECK_CODES } from '../pipeline/checkLinks.js';
import { parseNoteContent } from '../pipeline/noteStream.js';
import { resolveRoutes } from '../pipeline/pipeline.js';
import {
  buildNotePages,
  findEmbedders,
  refreshNotePages,
  updateRecentNotes,
  updateSiteLinks,
  updateSiteTags,
  type PageRefresh,
} from './dependents.js';
import { comparePages, outputPathsOf, relayoutSite, renderPages, type DevSite } from './devSite.js';
import { readNoteSource, rememberEdit } from './editedNotes.js';

export type NoteUpdate =
  | {
      readonly kind: 'content' | 'page' | 'same';
      readonly route: Route;
      /** Other pages the edit changed (backlinks, embeds, tag pages). */
      readonly dependents?: PageRefresh;
    }
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
  'tags', // the tag pages are made again (updateSiteTags)
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

/** Updates one edited note in place when that is enough, and the pages that depend on it; says why not otherwise. */
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
  if (turnsObsidianSyntax(devSite, doc))
    return { kind: 'full', reason: "its first or last wikilink may turn Obsidian's syntax on or off ('auto')" };
  const oldTags = tagsOf(old, parser.obsidian?.inlineTags(old.sourcePath));
  rememberEdit(devSite, doc); // before rendering: the notes embedding it read it from there
  const parsed: ParsedNote = { ...summariseNote(doc, parser), ...parseNoteContent(noteContext, doc, parser) };
  devSite.notes[index] = parsed;
  const embedders = renderEmbedders(devSite, parsed);
  if ('reason' in embedders) return { kind: 'full', reason: embedders.reason };
  updateDiagnostics(devSite, parsed, diagnostics, embedders);
  const links = updateSiteLinks(devSite, index, doc.body);
  const redated = redateFromFile(devSite, doc);
  if (parsed.title !== old.title || layoutOf(old) !== layoutOf(doc)) {
    relayoutSite(devSite); // every page laid out again (tags too), and every tab reloads
    return { kind: 'layout', route: parsed.route };
  }
  const dependents: PageRefresh = { content: [], reload: [] };
  // Tag pages list their notes' titles and descriptions; a title change was laid out above.
  const newTags = tagsOf(doc, parser.obsidian?.inlineTags(doc.sourcePath));
  if (oldTags !== newTags || (newTags !== '[]' && parsed.description !== old.description))
    updateSiteTags(devSite, dependents);
  if (redated || parsed.description !== old.description) updateRecentNotes(devSite, dependents);
  const [page, ...others] = buildNotePages(devSite, [parsed, ...dependentNotes(devSite, links.targets, embedders)]);
  const own = updatePage(devSite, page!);
  refreshNotePages(devSite, others, dependents);
  const { graphRoute } = devSite.theme;
  if (links.graph && graphRoute !== undefined) dependents.reload.push(graphRoute);
  return own.kind === 'full' ? own : { ...own, dependents };
}

/**
 * With `markdown.obsidian: 'auto'`, Obsidian's syntax is on while some note has a wikilink naming a note or file (or a
 * `.obsidian/` folder is there), and every note renders otherwise then: true when the edit turns it on or off, as
 * `wiki build` would decide it (the site is built again). Else the notes with such wikilinks are kept up to date.
 */
function turnsObsidianSyntax(devSite: DevSite, doc: Note): boolean {
  const { obsidian } = devSite.site.parser;
  const { context } = devSite;
  if (!obsidian || context.config.markdown.obsidian !== 'auto') return false;
  const notes = obsidian.wikilinkNotes;
  const hasOne = doc.body.includes('[[') && usesWikilinks([doc], obsidian.resolve);
  if (hasOne === notes.has(doc.sourcePath)) return false;
  const onAfter = hasOne || notes.size > 1 || hasObsidianFolder(context.docsDir);
  if (onAfter !== obsidian.enabled) return true;
  if (hasOne) notes.add(doc.sourcePath);
  else notes.delete(doc.sourcePath);
  return false;
}

/**
 * A note no commit dates (readNoteDates) is dated by its file's time, which an edit moves: true when it did. A
 * committed note keeps its last commit's date until the next commit, as a build would date it.
 */
function redateFromFile(devSite: DevSite, doc: Note): boolean {
  const { dates } = devSite.site;
  const old = dates?.get(doc.sourcePath);
  if (!dates || old?.source === 'git') return false;
  const time = fs.statSync(doc.filePath).mtimeMs;
  if (old?.time === time) return false;
  devSite.site = { ...devSite.site, dates: new Map(dates).set(doc.sourcePath, { time, source: 'mtime' }) };
  return true;
}

/** A note's tags as written (front matter, then inline), to compare. */
function tagsOf(doc: Omit<Note, 'body'>, inlineTags: readonly string[] | undefined): string {
  return JSON.stringify([...(doc.frontMatter.tags ?? []), ...(inlineTags ?? [])]);
}

/** The notes whose pages the edit changed (their backlinks, or what they embed), each once. */
function dependentNotes(devSite: DevSite, routes: readonly Route[], embedders: readonly ParsedNote[]): ParsedNote[] {
  const wanted = new Set<string>([...routes, ...embedders.map((doc) => doc.route)]);
  return devSite.notes.filter((doc) => wanted.has(doc.route));
}

/**
 * Renders again the notes that embed the edited one (their pages show its Markdown), from their files as they are:
 * their own summaries stay as the session has them (an edit of theirs is theirs to report).
 */
function renderEmbedders(devSite: DevSite, parsed: ParsedNote): ParsedNote[] | { reason: string } {
  const rendered: ParsedNote[] = [];
  for (const embedder of findEmbedders(devSite, parsed)) {
    const doc = readNoteSource(devSite, embedder.sourcePath);
    if (!doc) return { reason: `${devSite.context.displayPath(embedder.filePath)}, which embeds it, is gone` };
    if (isMdxNote(doc, devSite.context.config.markdown.format)) return { reason: 'an MDX note embeds it' };
    const source = { ...summaryOf(embedder), body: doc.body, lineOffset: doc.lineOffset };
    const content = parseNoteContent(devSite.context, source, devSite.site.parser);
    const note: ParsedNote = { ...summaryOf(embedder), ...content };
    devSite.notes[devSite.notes.indexOf(embedder)] = note;
    rendered.push(note);
  }
  return rendered;
}

/** The note without its rendered content (whose optional fields a new rendering may not have). */
function summaryOf(note: ParsedNote): Omit<ParsedNote, keyof NoteContent> {
  const {
    html: _html,
    headings: _headings,
    links: _links,
    htmlIds: _htmlIds,
    usesMath: _usesMath,
    usesMermaid: _usesMermaid,
    inlineTags: _inlineTags,
    ...summary
  } = note;
  return summary;
}

function updatePage(
  devSite: DevSite,
  page: DocPageModel,
): Extract<NoteUpdate, { kind: 'content' | 'page' | 'same' | 'full' }> {
  const pageIndex = devSite.notePages.findIndex((candidate) => candidate.route === page.route);
  const before = devSite.notePages[pageIndex];
  if (pageIndex === -1 || !before) return { kind: 'full', reason: 'its page was missing' };
  devSite.notePages[pageIndex] = page;
  for (const relPath of outputPathsOf(page)) devSite.pageByPath.set(relPath, page);
  renderPages(devSite, [page]);
  return { kind: comparePages(before, page), route: page.route };
}

/**
 * Replaces the note's own problems, and re-checks its links, the links that point into it and those of the notes
 * rendered again with it (the embedders).
 */
function updateDiagnostics(
  devSite: DevSite,
  parsed: ParsedNote,
  fromNote: DiagnosticList,
  rendered: readonly ParsedNote[],
): void {
  const { context } = devSite;
  const inbound = devSite.notes.filter(
    (doc) => doc !== parsed && (rendered.includes(doc) || anchorRoutesOf(devSite, doc).has(parsed.route)),
  );
  const checked = new DiagnosticList();
  // The notes as they are: toLinkCheckNote's copies are for a build, which lets each note's HTML go (a copy of every
  // note's links was a quarter of a small note's update).
  const assets = checkLinks(devSite.notes, { ...context, diagnostics: checked }, [parsed, ...inbound]);
  for (const [source, relPath] of assets) devSite.copies.set(relPath, source);
  const file = context.displayPath(parsed.filePath);
  const recheckedFiles = new Set([parsed, ...inbound].map((doc) => context.displayPath(doc.filePath)));
  devSite.diagnostics = [
    ...devSite.diagnostics.filter(
      (d) =>
        !(d.file === file && noteCodes.has(d.code)) &&
        !(d.file !== undefined && recheckedFiles.has(d.file) && LINK_CHECK_CODES.has(d.code)),
    ),
    ...fromNote.items,
    ...checked.items,
  ];
}

/** The routes the note's links point into with an anchor (kept in devSite.anchorRoutes). */
function anchorRoutesOf(devSite: DevSite, doc: ParsedNote): ReadonlySet<string> {
  let routes = devSite.anchorRoutes.get(doc);
  if (!routes) {
    routes = new Set(doc.links.flatMap((link) => (link.resolved.anchor ? [link.resolved.anchor.route] : [])));
    devSite.anchorRoutes.set(doc, routes);
  }
  return routes;
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
