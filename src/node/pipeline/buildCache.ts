/**
 * The persistent cache of `wiki build`, kept in the output's work folder (`.<name>.wiki/cache/`), so a build after a
 * small change parses and renders only what the change touches:
 * - notes.json and its data file: each note's rendered content, by file, under a hash of its source (path, lines above,
 *   Markdown); it is reused while every link it holds resolves as it did (a new note can mend a broken link, a removed
 *   one break it). Read a note at a time, and appended to with the notes rendered again (noteCacheFile.ts), so the
 *   cache adds no note's content to a build's peak; a note's HTML is read only when its page is rendered again or the
 *   search index needs it.
 * - pages.json: each page's files, under a hash of everything its HTML is made from (its page model with content, and
 *   the settings of its sidebar). An unchanged page's files are hard-linked from the current output into the staging
 *   folder, when they are still the files that build wrote (same size and time), instead of rendered again.
 * - search.json: the search index's files, under a hash of what it is made from, and each note's part of it under a
 *   hash of what that part is made from: when only some notes' parts changed, the index is spliced (spliceIndex.ts).
 * All are keyed by the build key (engine, config, docs folder): another key means a full build. A file that cannot be
 * read back exactly as written (bad JSON, another format, a checksum mismatch) is ignored with one warning and rebuilt.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { htmlPathForRoute, pageDataPath } from '../../shared/paths.js';
import type { DocPageModel, SpecialPageModel } from '../../shared/types.js';
import type { BuildContext } from '../context.js';
import type { LinkRecord, ResolvedLink } from '../markdown/noteEnv.js';
import type { Note, NoteContent, NoteSummary } from '../notes/note.js';
import { type NoteParser, renderNoteContent } from '../notes/parseNotes.js';
import { resolveRecordedLink } from './noteCache.js';
import { isUrlLink } from '../resolve/links.js';
import { createNoteCacheWriter, readNoteCache, type StoredNote, storedContentKey } from './noteCacheFile.js';
import { noteSourceHash, withBody } from '../notes/noteBodies.js';
import { hashOf, hashOfParts } from '../hashOf.js';
import { buildIdentity } from './buildIdentity.js';
import { cacheFolderOf } from './outputFolder.js';
import { readCacheFile, writeCacheFile } from './cacheFile.js';
import type { SiteFile, SiteWriter } from '../siteWriter.js';
import {
  type CachedPage,
  checkLinkedFiles,
  decodePage,
  encodePage,
  type FileStamp,
  stampsIfUnchanged,
  linkFiles,
  type PageRecord,
  stampPages,
  stampSearchFiles,
  stampWritten,
} from './outputStamps.js';
import { type RecordNote, sectionLabel } from '../search/records.js';
import type { DocPageSettings } from './renderSite.js';
import type { OutlineCacheFiles } from './outlineCache.js';
import type { InputStamp, OutputFileStat } from './upToDate.js';
import type { PageCarry } from './layoutKey.js';

/** Bumped whenever what the cache files hold changes shape. */
const CACHE_FORMAT = 'wiki-build-cache/9';

/**
 * A note's content as stored, but its HTML, and its links to URLs: those resolve to themselves whatever the site holds
 * (links.ts isUrlLink), so nothing checks them again, and they were most of an entry (the corpus's entries: 8.9 MB
 * with them). The notes file holds this JSON and, apart, the HTML as a JSON string (the HTML is most of it, and an
 * unchanged page, linked from the last build, never needs it: it is read only for a page rendered again).
 */
interface CachedNote {
  readonly hash: string;
  readonly content: Omit<NoteContent, 'links' | 'html'> & { readonly links: readonly StoredLink[] };
}

/** A note of the last build's cache: its entry, and where it and its HTML (still as JSON) lie. */
interface OldNote {
  readonly entry: CachedNote;
  readonly stored: StoredNote;
}

/** A note taken from the cache, until its HTML is read or let go; what renders it again if that HTML is damaged. */
interface CachedHtml {
  readonly stored: StoredNote;
  readonly note: Note;
  readonly parser: NoteParser;
  /** Its source hash, not its whole entry: every note the page loop takes ahead waits here for its page. */
  readonly hash: string;
}

/** A link (never one to a URL: see CachedNote), with its resolution. */
type StoredLink = readonly [target: string, line: number, resolved: ResolvedLink];

interface CachedSearch {
  readonly key: string;
  readonly files: readonly FileStamp[];
  /** The pages' routes, in order, and a hash of what each one's part of the index is made from (SearchNoteKeys). */
  readonly routes?: readonly string[];
  readonly notes?: readonly string[];
}

/** How this build makes the search index. */
export type SearchPlan =
  /** The last build's index files are linked in: nothing it is made from changed. */
  | 'reuse'
  /** The last build's index, of the same pages, is brought up to date: only notes with another part are sent. */
  | 'splice'
  /** Made from every note. */
  | 'full';

/**
 * pages.json: each page by route (a built-in page by its file) as a string (encodePage), and the digest of the notes'
 * links they were made with.
 */
interface CachedPages {
  readonly links?: string | undefined;
  readonly pages: Record<string, string>;
}

/**
 * The environment variable that makes every carried-over page hash (see reusePage) checked against the hash made from
 * the page model, and a difference an error: `npm test` sets it, so that every test build checks what it carries.
 */
export const CHECK_CARRIED_PAGES = 'WIKI_CHECK_CARRIED_PAGES';

export interface BuildCache {
  /** The last build's notes are there to reuse: an incremental build, whose notes mostly come back without HTML. */
  readonly reusesNotes: boolean;
  /** A note's content: the last build's while still valid (without its links to URLs: see CachedNote), else rendered now. */
  renderNote(note: Note, parser: NoteParser): NoteContent;
  /** Links the page's files from the last build through `writer` when nothing they are made from changed. */
  reusePage(page: DocPageModel, settings: DocPageSettings, writer: SiteWriter): boolean;
  /** The same for a built-in page (search, not-found, graph), whose one file is `relPath`. */
  reuseSpecialPage(page: SpecialPageModel, relPath: string, settings: DocPageSettings, writer: SiteWriter): boolean;
  /**
   * The same for a sidebar's files (runtimeData.ts), while the sidebar's digest is the last build's; `files` makes
   * them, to record their paths when they are written (and to check the linked ones under CHECK_CARRIED_PAGES).
   */
  reuseSidebarFiles(id: string, digest: string, files: () => readonly SiteFile[], writer: SiteWriter): boolean;
  /**
   * The page with its note's HTML: a note taken from the cache comes without it (renderNote), and only a page that is
   * rendered needs it. Called once a page is not reused; the HTML is then let go.
   */
  withContent(page: DocPageModel): DocPageModel;
  /** The note with its HTML (renderNote's note taken from the cache comes without it), for the search index. */
  withHtml<T extends { readonly id: string; readonly html: string }>(note: T): T;
  /**
   * How the search index is made: 'reuse' (its files linked through `writer`) when nothing it is made from changed
   * (every note's source, what its links lead to, the pages' routes and breadcrumbs); 'splice' when the last build's
   * index is of the same pages and its files are as that build wrote them; else 'full'.
   */
  planSearch(input: SearchInputs, writer: SiteWriter): SearchPlan;
  /**
   * Records what the note's part of the index is made from (notes come in page order, once each, after their
   * content); true when that is what the last build's index was made from, at the same place.
   */
  searchNoteUnchanged(note: RecordNote): boolean;
  /** Drops the last build's search index record: the next build makes the index from every note. */
  forgetSearch(): void;
  /** Files under the search folder that the index does not make (static files, docs assets): never taken as its. */
  noteOtherFiles(relPaths: Iterable<string>): void;
  /**
   * The search files this build put into its folder: the stamps of those written, as they were written, and the paths
   * of those linked from the last build's (which planSearch stat'ed). save() records the index's files from these;
   * without them, it stats the output's search folder.
   */
  noteSearchFiles(written: readonly FileStamp[], kept: readonly string[]): void;
  /** Records this build's pages and notes; called once the staging folder is the output. */
  save(): void;
  /**
   * The output files whose stamps save() took or checked (the pages', the search index's) by site-relative path: the
   * up-to-date record takes these instead of a stat of each (upToDate.ts). Empty before save().
   */
  savedStamps(): ReadonlyMap<string, OutputFileStat>;
  /** Drops what this build wrote of its cache, unless save() kept it (a failed build). */
  discard(): void;
}

/** What the search index is made from, besides the config. */
export interface SearchInputs {
  readonly notes: readonly Note[];
  readonly summaries: readonly NoteSummary[];
  readonly pages: readonly Pick<DocPageModel, 'route' | 'breadcrumbs'>[];
  readonly parser: NoteParser;
  /** The layout's digest (layoutKey.ts), when this build made it: it stands for the pages and summaries. */
  readonly carry?: Pick<PageCarry, 'layoutKey'> | undefined;
}

/** Where the search index's files are: search/index.ts's INDEX_DIR. */
const SEARCH_DIR = 'search';

export interface BuildCacheOptions {
  /** What every note's content depends on besides its own source (e.g. every note's, when notes embed others). */
  readonly noteInputs: readonly string[];
  /** False when pages render with code the build key does not cover (a site's theme overrides, custom pages). */
  readonly reusePages: boolean;
  /** Reads nothing back (`--no-cache`): a full build, which then leaves its own cache. */
  readonly fresh?: boolean;
  /**
   * A digest of what the notes' links are resolved against (pipeline.ts's linkUniverse): while it is the last build's,
   * a cached note's links to notes and routes resolve as they did, and only those to files are resolved again.
   */
  readonly linkUniverse: string;
  /** What a note page's hash may be carried over on (layoutKey.ts), when known. */
  readonly carry?: PageCarry;
  /** Check each carried-over page hash against the one its model gives (CHECK_CARRIED_PAGES). */
  readonly checkCarried?: boolean;
}

/** Where the outline cache of the build writing `context.outDir` is, under the same key (outlineCache.ts). */
export function outlineCacheFiles(
  context: BuildContext,
  fresh: boolean,
  stamps?: Pick<InputStamp, 'fileStamp'>,
): OutlineCacheFiles {
  const key = hashOf(buildIdentity(context));
  const warn = warnOnce();
  return {
    dir: cacheFolderOf(context.outDir),
    key,
    fresh,
    ...(stamps && { stamp: stamps.fileStamp }),
    read: (file) => readCacheFile(file, { format: CACHE_FORMAT, key }, warn),
    write: (file, value) => writeCacheFile(file, { format: CACHE_FORMAT, key }, value),
    warn,
  };
}

/** The cache of the build writing `context.outDir`. */
export function openBuildCache(context: BuildContext, options: BuildCacheOptions): BuildCache {
  const dir = cacheFolderOf(context.outDir);
  const key = hashOf(buildIdentity(context));
  const notesKey = hashOf([key, ...options.noteInputs]);
  const warn = warnOnce();
  const read = <T>(name: string, fileKey: string) =>
    options.fresh ? undefined : readCacheFile<T>(path.join(dir, name), { format: CACHE_FORMAT, key: fileKey }, warn);
  const notesFile = path.join(dir, 'notes.json');
  // The last build's notes as text, parsed one at a time; this build's streamed to disk: no build holds them all.
  const oldNotes = options.fresh ? undefined : readNoteCache(notesFile, { format: CACHE_FORMAT, key: notesKey }, warn);
  const oldCount = oldNotes?.size ?? 0;
  // Notes rendered again are appended to the last build's data file; the others stay where they are.
  const newNotes = createNoteCacheWriter(
    notesFile,
    { format: CACHE_FORMAT, key: notesKey, meta: options.linkUniverse },
    oldNotes,
  );
  // Every cached note's links were resolved against the last build's universe (checked then, or rendered then).
  const sameUniverse = oldNotes?.meta === options.linkUniverse;
  const validated = new Map<string, OldNote>(); // parsed by reuseSearch's check, until the note is rendered
  const oldPagesFile = options.reusePages ? read<CachedPages>('pages.json', key) : undefined;
  // A note page is looked up twice in a row (carriedHash, then reuseFiles): the last one made is kept.
  let lastOld: { key: string; page: CachedPage | undefined } | undefined;
  const oldPage = (pageKey: string): CachedPage | undefined => {
    if (lastOld?.key !== pageKey) lastOld = { key: pageKey, page: decodePage(pageKey, oldPagesFile?.pages[pageKey]) };
    return lastOld.page;
  };
  const { carry } = options;
  // The links cache holds the links the last build's pages were made with (its save did not fail alone): a note page
  // no changed link leads to has the backlinks it had.
  const carries = carry !== undefined && carry.linksBefore !== undefined && carry.linksBefore === oldPagesFile?.links;
  const pages = new Map<string, PageRecord>();
  const oldSearch = options.reusePages ? read<CachedSearch>('search.json', key) : undefined;
  const settingsHashes = new WeakMap<DocPageSettings, string>();
  const sourceHashes = new Map<string, string>(); // by file: a note's Markdown is let go once it is rendered
  // By route: what a note's rendered content is made from, so a page's hash need not hash the content itself.
  const contentKeys = new Map<string, string>();
  /** A note's content key: the checksums of its entry (source hash, links and their resolutions, headings) and HTML. */
  const keyContent = (note: Note, stored: StoredNote) =>
    contentKeys.set(note.route, `note:${storedContentKey(stored)}`);
  const otherFiles = new Set<string>();
  let searchStamps: (() => FileStamp[]) | undefined; // noteSearchFiles
  let searchFileStamps: ReadonlyMap<string, FileStamp> | undefined; // the last build's index files, planSearch's stamps
  const warnDamaged = (filePath: string, error: unknown) =>
    warn(
      `Ignored the build cache's note ${context.displayPath(filePath)}: ${(error as Error).message}. It is rendered again.`,
    );
  /** The last build's entry of a note, parsed (and no longer held as text). */
  const takeOld = (filePath: string): OldNote | undefined => {
    const parsed = validated.get(filePath);
    if (parsed) return parsed;
    try {
      const taken = oldNotes?.take(filePath);
      return taken && { entry: JSON.parse(taken.entry.toString('utf8')) as CachedNote, stored: taken.stored };
    } catch (error) {
      warnDamaged(filePath, error);
      return undefined;
    }
  };
  // By note id (two notes may claim one route): the HTML of notes taken from the cache, read when their page is
  // rendered again (see withContent), dropped when it is reused.
  const cachedHtml = new Map<string, CachedHtml | string>();
  const htmlOf = (id: string): string | undefined => {
    const html = cachedHtml.get(id);
    if (typeof html !== 'object') return html;
    const decoded = readCachedHtml(html);
    cachedHtml.set(id, decoded);
    return decoded;
  };
  /** Its HTML as the cache holds it; if that is damaged, rendered again (with a warning), and the cache mended. */
  const readCachedHtml = ({ stored, note, parser, hash }: CachedHtml): string => {
    try {
      return JSON.parse(oldNotes!.readHtml(stored).toString('utf8')) as string;
    } catch (error) {
      warnDamaged(note.filePath, error);
      return renderAnew(note, parser, hash).html;
    }
  };
  /** A note rendered from its Markdown, and written to the cache (its entry without its links to URLs). */
  const renderAnew = (note: Note, parser: NoteParser, hash: string): NoteContent => {
    const content = renderNoteContent(withBody(note, context.displayPath), parser);
    changed = true;
    const { html, ...rest } = content;
    const links = content.links.filter((link) => !isUrlLink(link.target)).map(encodeLink);
    const entry: CachedNote = { hash, content: { ...rest, links } };
    keyContent(note, newNotes.add(note.filePath, JSON.stringify(entry), JSON.stringify(html)));
    return content;
  };
  const isValid = (note: Note, parser: NoteParser, hash: string) => {
    const old = takeOld(note.filePath);
    if (old) validated.set(note.filePath, old);
    return old?.entry.hash === hash && linksResolveAsBefore(old.entry.content.links, note, parser, sameUniverse);
  };
  let searchKey: string | undefined;
  const searchNotes: string[] = []; // each note's part of the index, as searchNoteUnchanged recorded it
  let searchPlan: SearchPlan | undefined;
  const pageByRoute = new Map<string, Pick<DocPageModel, 'route' | 'breadcrumbs'>>();
  /** Each page's route and note key, for the next build to splice from; none when they are not all known. */
  const searchPartKeys = (): Pick<CachedSearch, 'routes' | 'notes'> => {
    if (searchPlan === 'reuse')
      return { ...(oldSearch?.routes && { routes: oldSearch.routes, notes: oldSearch.notes }) };
    const routes = [...pageByRoute.keys()];
    return searchNotes.length === routes.length ? { routes, notes: searchNotes } : {};
  };
  /** The search index as this build left it, for the next one to reuse or splice; none when it made no index. */
  const stampSearch = (): CachedSearch | undefined => {
    if (searchKey === undefined) return undefined;
    const files = stampSearchFiles(SEARCH_DIR, context.outDir, otherFiles, pages, searchStamps?.());
    return files && { key: searchKey, files, ...searchPartKeys() };
  };
  let changed = false;
  let saved: (readonly FileStamp[])[] = []; // the files of each page and of the search index, as save() stamped them
  const hashSettings = (settings: DocPageSettings): string => {
    let hash = settingsHashes.get(settings);
    if (hash !== undefined) return hash;
    // The sidebar stood for by its digest: a large site's sidebar is megabytes of JSON, made once already (runtimeData.ts).
    hash = hashOf([JSON.stringify({ ...settings, sidebar: settings.sidebarDigest })]);
    settingsHashes.set(settings, hash);
    return hash;
  };
  /** Links a page's files from the last build when they were made from the same (`hash`); records them either way. */
  const reuseFiles = (
    key: string,
    hash: string,
    relPaths: () => readonly string[],
    writer: SiteWriter,
    inputs?: string,
  ): boolean => {
    const cached = oldPage(key);
    const linked = cached?.hash === hash ? linkFiles(cached.files, context.outDir, writer) : 'no';
    if (linked === 'no') {
      pages.set(key, { hash, relPaths: relPaths(), inputs });
      return false;
    }
    // The same hash, the same files: their paths are the last build's, not made again (a sidebar's would be).
    const stamps = cached!.files;
    pages.set(key, {
      hash,
      relPaths: stamps.map(([relPath]) => relPath),
      inputs,
      ...(linked === 'same' && { stamps }),
    });
    return true;
  };
  /** The model as the page shows it, with its HTML stood for by its note's content key (a generated page's by itself). */
  const hashPage = (page: DocPageModel, settings: DocPageSettings, content: string | undefined): string => {
    const model = page.contentHtml === '' ? page : { ...page, contentHtml: '' };
    return hashOf([hashSettings(settings), content ?? `html:${page.contentHtml}`, JSON.stringify(model)]);
  };
  /**
   * A note page's hash as the last build made it, when its model is made from the same: the same layout input
   * (layoutKey), the same note content and date, the same sidebar settings. Undefined for any other page.
   */
  const carriedHash = (
    page: DocPageModel,
    inputs: string | undefined,
    settings: DocPageSettings,
    content: string | undefined,
  ) => {
    const old = oldPage(page.route);
    if (!carries || inputs === undefined || old?.inputs !== inputs || carry.touched.has(page.route)) return undefined;
    if (options.checkCarried && hashPage(page, settings, content) !== old.hash)
      throw new Error(`The page hash carried over for ${page.route} is not the one its page model gives.`);
    return old.hash;
  };
  return {
    reusesNotes: oldCount > 0,
    renderNote(note, parser) {
      const hash = sourceHashes.get(note.filePath) ?? noteSourceHash(note);
      const old = takeOld(note.filePath);
      validated.delete(note.filePath);
      if (old?.entry.hash === hash && linksResolveAsBefore(old.entry.content.links, note, parser, sameUniverse)) {
        newNotes.keep(note.filePath, old.stored); // where it is: neither read whole nor written again
        keyContent(note, old.stored);
        cachedHtml.set(note.id, { stored: old.stored, note, parser, hash });
        // Its HTML is left out until asked for (withContent, withHtml): most pages are linked, not rendered. Its links to
        // URLs were not kept: the link check, the one reader of a note's links, has nothing to check in them.
        return { ...old.entry.content, html: '', links: old.entry.content.links.map(decodeLink) };
      }
      return renderAnew(note, parser, hash);
    },
    reusePage(page, settings, writer) {
      const content = contentKeys.get(page.route);
      const date = JSON.stringify(page.lastUpdate ?? null);
      const inputs =
        content === undefined || carry === undefined
          ? undefined
          : hashOf([carry.layoutKey, page.route, page.docId, content, date, hashSettings(settings)]);
      const hash = carriedHash(page, inputs, settings, content) ?? hashPage(page, settings, content);
      const relPaths = () => [htmlPathForRoute(page.route), pageDataPath(page.route)];
      const reused = reuseFiles(page.route, hash, relPaths, writer, inputs);
      if (reused) cachedHtml.delete(page.docId);
      return reused;
    },
    reuseSpecialPage(page, relPath, settings, writer) {
      // Under its file's path, which no route is (routes start with '/'): a note may take the graph page's route.
      return reuseFiles(relPath, hashOf([hashSettings(settings), JSON.stringify(page)]), () => [relPath], writer);
    },
    reuseSidebarFiles(id, digest, files, writer) {
      // Neither a route nor a file's path has a colon first. The files also name the site's base URL.
      const key = `:sidebar:${id}`;
      const made = () => files().map(([relPath]) => relPath);
      const reused = reuseFiles(key, hashOf([digest, context.config.baseUrl]), made, writer);
      if (reused && options.checkCarried) checkLinkedFiles(files(), oldPage(key)!.files, context.outDir);
      return reused;
    },
    withContent(page) {
      const html = htmlOf(page.docId);
      cachedHtml.delete(page.docId);
      return html === undefined ? page : { ...page, contentHtml: html };
    },
    withHtml(note) {
      const html = htmlOf(note.id);
      return html === undefined ? note : { ...note, html };
    },
    planSearch(input, writer) {
      for (const note of input.notes) sourceHashes.set(note.filePath, noteSourceHash(note));
      for (const page of input.pages) pageByRoute.set(page.route, page);
      searchKey = searchKeyOf(input, sourceHashes);
      const unchanged =
        oldSearch?.key === searchKey &&
        input.notes.every((note) => isValid(note, input.parser, sourceHashes.get(note.filePath)!));
      if (unchanged && linkFiles(oldSearch.files, context.outDir, writer) !== 'no') return (searchPlan = 'reuse');
      const samePages =
        oldSearch?.notes !== undefined &&
        isDeepStrictEqual(
          oldSearch.routes,
          input.pages.map((page) => page.route),
        );
      searchFileStamps = samePages ? stampsIfUnchanged(oldSearch.files, context.outDir) : undefined;
      return (searchPlan = searchFileStamps ? 'splice' : 'full');
    },
    searchNoteUnchanged(note) {
      const page = pageByRoute.get(note.route);
      const made = contentKeys.get(note.route) ?? `html:${hashOf([note.html, JSON.stringify(note.headings)])}`;
      const key = hashOf([made, note.route, sectionLabel(page), note.title, String(note.contentHasTitle)]);
      searchNotes.push(key);
      return oldSearch?.notes?.[searchNotes.length - 1] === key;
    },
    forgetSearch() {
      fs.rmSync(path.join(dir, 'search.json'), { force: true });
    },
    noteOtherFiles(relPaths) {
      for (const relPath of relPaths) otherFiles.add(relPath);
    },
    noteSearchFiles(written, kept) {
      // Once the site is the output: a kept file is the output's that planSearch stamped (else it is stat'ed now).
      const keptStamp = (relPath: string) => searchFileStamps?.get(relPath) ?? stampWritten(context.outDir, relPath);
      searchStamps = () => [...written, ...kept.map(keptStamp)];
    },
    discard: () => {
      oldNotes?.close();
      newNotes.discard();
    },
    savedStamps() {
      const stamps = new Map<string, OutputFileStat>(); // filled in place: a large site's output is 100,000s of files
      for (const files of saved)
        for (const [relPath, size, mtimeMs, ino] of files) stamps.set(relPath, { size, mtimeMs, ino });
      return stamps;
    },
    save() {
      try {
        const stampedPages = stampPages(pages, context.outDir);
        const encoded = Object.fromEntries(Object.entries(stampedPages).map(([k, page]) => [k, encodePage(k, page)]));
        const stamped: CachedPages = { links: carry?.links, pages: encoded };
        const search = stampSearch();
        saved = [...Object.values(stampedPages).map((page) => page.files), search?.files ?? []];
        if (changed || newNotes.count !== oldCount)
          newNotes.commit(); // may copy the last build's entries
        else newNotes.discard();
        oldNotes?.close();
        // After the notes' commit or discard: a discard removes the folder when it is empty (no note was ever kept).
        fs.mkdirSync(dir, { recursive: true });
        if (!isDeepStrictEqual(stamped, oldPagesFile))
          writeCacheFile(path.join(dir, 'pages.json'), { format: CACHE_FORMAT, key }, stamped);
        if (isDeepStrictEqual(search, oldSearch)) return;
        if (search) writeCacheFile(path.join(dir, 'search.json'), { format: CACHE_FORMAT, key }, search);
        else fs.rmSync(path.join(dir, 'search.json'), { force: true });
      } catch (error) {
        newNotes.discard();
        oldNotes?.close();
        // The site is written: a cache not saved only makes the next build render more.
        warn(`Could not write the build cache in ${dir} (${(error as Error).message}); the next build renders more.`);
      }
    },
  };
}

/**
 * A digest of what the search index is made from: the layout's digest, which stands for every page's route and
 * breadcrumbs and every summary (the layout makes them from its input), and each note's source hash. Without a layout
 * digest, searchParts: the two kinds of key never match, so a build that changes kinds makes the index again.
 */
function searchKeyOf(input: SearchInputs, sourceHashes: ReadonlyMap<string, string>): string {
  const layoutKey = input.carry?.layoutKey;
  if (layoutKey === undefined) return hashOfParts(searchParts(input, sourceHashes));
  return hashOf(['layout', layoutKey, ...input.notes.map((note) => sourceHashes.get(note.filePath)!)]);
}

/**
 * What the search index is made from, a page and a note at a time (hashOfParts): each page's route and breadcrumbs,
 * each note's id, route and title, and each note's source hash; each list but the last after its length.
 */
function* searchParts(input: SearchInputs, sourceHashes: ReadonlyMap<string, string>): Generator<string> {
  yield String(input.pages.length);
  for (const page of input.pages) yield JSON.stringify([page.route, page.breadcrumbs]);
  yield String(input.summaries.length);
  for (const doc of input.summaries) yield JSON.stringify([doc.id, doc.route, doc.title, doc.contentHasTitle]);
  for (const note of input.notes) yield sourceHashes.get(note.filePath)!;
}

/** A digest of every note's source: what a note's content hangs on when notes embed one another (`![[Note]]`). */
export function hashNoteSources(notes: readonly Note[]): string {
  return hashOf(notes.map(noteSourceHash));
}

/**
 * Every link the note had resolves to what it was rendered with (by this build's resolver, or wikilink index); its
 * links to URLs, not kept, resolve to themselves. In the same universe, only links to files (whose contents name them)
 * and broken links are resolved again.
 */
function linksResolveAsBefore(
  links: readonly StoredLink[],
  note: Note,
  parser: NoteParser,
  sameUniverse: boolean,
): boolean {
  const { sourcePath } = note;
  return links.every(([target, , resolved]) => {
    if (sameUniverse && resolved.asset === undefined && resolved.broken === undefined) return true;
    const now = resolveRecordedLink(target, sourcePath, parser);
    return now !== undefined && isDeepStrictEqual(now, resolved);
  });
}

function encodeLink(link: LinkRecord): StoredLink {
  return [link.target, link.line, link.resolved];
}

function decodeLink([target, line, resolved]: StoredLink): LinkRecord {
  return { target, line, resolved };
}

/** One warning per build, however many cache files are bad. */
function warnOnce(): (message: string) => void {
  let warned = false;
  return (message) => {
    if (!warned) console.warn(`warning ${message}`);
    warned = true;
  };
}
