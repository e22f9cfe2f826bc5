import path from 'node:path';
import type { Route } from '../../shared/paths.js';
import type { DiagnosticList, SeveritySetting } from '../diagnostics.js';
import type { Note } from '../notes/note.js';
import { applyTrailingSlash, computeDocRoute, isValidRoute, locateDoc, prefixRoute } from '../notes/notePaths.js';
import { frontMatterKeyLine, type SplitNote, splitFrontMatter } from '../notes/frontMatter.js';
import { rereadNoteText, type ScannedNote } from '../notes/scan.js';

export interface ResolveNotesOptions {
  readonly notes: readonly ScannedNote[];
  readonly diagnostics: DiagnosticList;
  readonly displayPath: (filePath: string) => string;
  readonly includeDrafts: boolean;
  readonly trailingSlash: boolean | undefined;
  /** The docs plugin's routeBasePath ('/' by default): every note's route starts with it. */
  readonly routeBasePath?: string;
  readonly onDuplicateRoutes: SeveritySetting;
  /** Routes the engine's own pages hold (route -> what it is, e.g. "the search page"): a note cannot take them. */
  readonly reservedRoutes?: ReadonlyMap<string, string>;
}

export interface ResolvedNotes {
  readonly notes: Note[];
  /** Ids of draft notes left out of this build (links to them in the navbar are skipped silently). */
  readonly draftIds: ReadonlySet<string>;
}

/** Front matter + file path -> the site's docs with ids and routes; drafts, clashes and bad slugs are reported. */
export function resolveNotes(options: ResolveNotesOptions): ResolvedNotes {
  const docs: Note[] = [];
  const draftIds = new Set<string>();
  for (const note of options.notes) {
    const doc = resolveNote(note, options);
    if (doc && doc.frontMatter.draft && !options.includeDrafts) draftIds.add(doc.id);
    else if (doc) docs.push(doc);
  }
  reportDuplicateIds(docs, options);
  return { notes: dropDuplicateRoutes(dropReservedRoutes(docs, options), options), draftIds };
}

/** A note whose route an engine page holds (/search, /404) would be overwritten by it: reported, and left out. */
function dropReservedRoutes(docs: readonly Note[], options: ResolveNotesOptions): Note[] {
  const reserved = new Map(
    [...(options.reservedRoutes ?? [])].map(([route, name]) => [withoutTrailingSlash(route), name]),
  );
  if (reserved.size === 0) return [...docs];
  return docs.filter((doc) => {
    const owner = reserved.get(withoutTrailingSlash(doc.route));
    if (owner === undefined) return true;
    options.diagnostics.addWithSetting(options.onDuplicateRoutes, {
      code: 'duplicate-route',
      file: options.displayPath(doc.filePath),
      message: `Duplicate route "${doc.route}": ${owner} is served there, so this note was left out.`,
      hint: 'Give the note another `slug` in its front matter (or rename the file).',
    });
    return false;
  });
}

function withoutTrailingSlash(route: string): string {
  return route.length > 1 ? route.replace(/\/+$/, '') : route;
}

function resolveNote(note: ScannedNote, options: ResolveNotesOptions): Note | undefined {
  const split = readFrontMatter(note);
  const text = 'text' in note ? note.text : undefined; // a known note had no problem here (else it is read again)
  for (const problem of split.problems) {
    options.diagnostics.add({
      severity: problem.severity ?? 'error',
      code: 'invalid-front-matter',
      file: options.displayPath(note.filePath),
      ...(problem.line !== undefined && { line: problem.line }),
      message: problem.message,
      hint: problem.hint,
    });
  }
  const { frontMatter } = split;
  const location = locateDoc(note.sourcePath, frontMatter.id);
  // As in Docusaurus, an absolute slug is under the routeBasePath too (`slug: /` is the docs' home).
  const computed = prefixRoute(
    computeDocRoute({
      sourcePath: note.sourcePath,
      ...(frontMatter.id !== undefined && { frontMatterId: frontMatter.id }),
      ...(frontMatter.slug !== undefined && { frontMatterSlug: frontMatter.slug }),
    }),
    options.routeBasePath ?? '/',
  );
  if (!isValidRoute(computed)) {
    const line = frontMatter.slug !== undefined && text !== undefined ? findFrontMatterLine(text, 'slug') : undefined;
    options.diagnostics.add({
      severity: 'error',
      code: 'invalid-slug',
      file: options.displayPath(note.filePath),
      ...(line !== undefined && { line }),
      message: `The route computed for this note is not a valid URL path: "${computed}"`,
      hint: `Set a clean slug in its front matter, e.g. \`slug: /${slugSuggestion(note.sourcePath)}\` (letters, digits, "-", "/"; no "?", "#", "\\" or "..").`,
    });
    return undefined;
  }
  const tooLong = describeOverlongRoute(computed);
  if (tooLong) {
    const line = frontMatter.slug !== undefined && text !== undefined ? findFrontMatterLine(text, 'slug') : undefined;
    options.diagnostics.add({
      ...tooLong,
      file: options.displayPath(note.filePath),
      ...(line !== undefined && { line }),
      hint: `Set a shorter slug in its front matter, e.g. \`slug: /${slugSuggestion(note.sourcePath).slice(0, 80)}\`, or rename the file.`,
    });
    if (tooLong.severity === 'error') return undefined;
  }
  const sidebarPosition = frontMatter.sidebar_position ?? location.prefixPosition;
  return {
    sourcePath: note.sourcePath,
    filePath: note.filePath,
    id: location.id,
    route: applyTrailingSlash(computed, options.trailingSlash),
    dirName: location.dirName,
    isIndex: location.isIndex,
    ...(sidebarPosition !== undefined && { sidebarPosition }),
    frontMatter,
    body: split.body,
    lineOffset: split.bodyLineOffset,
    bodyStart: split.bodyStart,
    ...('known' in note && { released: note.known.released }),
  };
}

/** The note's front matter and where its body starts: parsed, or as the last build parsed it (a known note). */
function readFrontMatter(note: ScannedNote): SplitNote & { readonly bodyStart: number } {
  if ('known' in note) {
    const { frontMatter, lineOffset, bodyStart } = note.known;
    return { frontMatter, body: '', bodyLineOffset: lineOffset, problems: [], bodyStart };
  }
  const split = splitFrontMatter(note.text);
  return { ...split, bodyStart: note.text.length - split.body.length };
}

/** File systems refuse longer names (ext4, APFS, NTFS: 255 bytes); the page would not be written. */
const MAX_SEGMENT_BYTES = 255;
/** Longer URLs are refused by some browsers, proxies and hosts (2,000 characters is the common safe limit). */
const MAX_ROUTE_CHARS = 2000;

/** Why a route cannot be written as a file (an error) or may not be served everywhere (a warning); else undefined. */
function describeOverlongRoute(
  route: string,
): { severity: 'error' | 'warning'; code: string; message: string } | undefined {
  // A UTF-16 code unit is at most 3 bytes of a file name and 9 characters of an encoded URL: most routes are short.
  if (route.length * 3 + 5 <= MAX_SEGMENT_BYTES && route.length * 9 <= MAX_ROUTE_CHARS) return undefined;
  const longest = route.split('/').reduce((max, segment) => Math.max(max, Buffer.byteLength(segment) + 5), 0); // + ".html"
  if (longest > MAX_SEGMENT_BYTES)
    return {
      severity: 'error',
      code: 'route-too-long',
      message: `A part of this note's route is ${longest} bytes long as a file name, over the ${MAX_SEGMENT_BYTES} a file system allows; it was left out.`,
    };
  const encoded = encodeURI(route).length;
  if (encoded > MAX_ROUTE_CHARS)
    return {
      severity: 'warning',
      code: 'route-too-long',
      message: `This note's URL is ${encoded} characters long once encoded; browsers, proxies and hosts may refuse URLs over ${MAX_ROUTE_CHARS}.`,
    };
  return undefined;
}

/** The 1-based line of `key:` inside the note's front matter block. */
function findFrontMatterLine(text: string, key: string): number | undefined {
  const lines = text.split('\n');
  for (let i = 1; i < lines.length && !/^-{3,}\s*$/.test(lines[i]!); i++)
    if (lines[i]!.startsWith(`${key}:`)) return i + 1;
  return undefined;
}

function slugSuggestion(sourcePath: string): string {
  const parsed = path.posix.parse(sourcePath);
  return `${parsed.dir ? `${parsed.dir}/` : ''}${parsed.name}`
    .toLowerCase()
    .replace(/[^a-z0-9/]+/g, '-')
    .replace(/^-|-$/g, '');
}

function reportDuplicateIds(docs: readonly Note[], options: ResolveNotesOptions): void {
  if (new Set(docs.map((doc) => doc.id)).size === docs.length) return; // most builds: no list for every id
  const byId = groupBy(docs, (doc) => doc.id);
  for (const [id, group] of byId) {
    if (group.length < 2) continue;
    const files = group.map((doc) => options.displayPath(doc.filePath));
    // Reported where a front matter `id` claims it (a file's name may be the other claim).
    const claiming = group.find((doc) => doc.frontMatter.id !== undefined) ?? group[0]!;
    const line = frontMatterLine(claiming, 'id');
    const second = group[1]!;
    const suggestion = `${second.dirName === '.' ? '' : `${second.dirName}/`}${path.posix.parse(second.sourcePath).name}`;
    const fix =
      suggestion !== id
        ? `e.g. \`id: ${path.posix.basename(suggestion)}\` in ${files[1]}`
        : `e.g. \`id: ${path.posix.basename(id)}-2\` in ${files[1]}`;
    options.diagnostics.add({
      severity: 'error',
      code: 'duplicate-id',
      file: options.displayPath(claiming.filePath),
      ...(line !== undefined && { line }),
      message: `${group.length} notes have the id "${id}": ${files.join(', ')}`,
      hint: `Give each note a unique \`id\` in its front matter (${fix}), or remove the \`id\` field to use the file name.`,
    });
  }
}

/** The line of a note's front matter field (read again, for a rare error: the note's text may have been let go). */
function frontMatterLine(note: Note, key: 'id' | 'slug'): number | undefined {
  if (note.frontMatter[key] === undefined) return undefined;
  try {
    return frontMatterKeyLine(rereadNoteText(note.filePath), key);
  } catch {
    return undefined; // removed since the scan: reported without a line
  }
}

/** Keeps the first note of each route (sorted by path) and reports the others, naming every file. */
function dropDuplicateRoutes(docs: readonly Note[], options: ResolveNotesOptions): Note[] {
  if (new Set(docs.map((doc) => doc.route)).size === docs.length) return [...docs];
  const byRoute = groupBy(docs, (doc) => doc.route);
  const kept: Note[] = [];
  for (const [route, group] of byRoute) {
    kept.push(group[0]!);
    if (group.length < 2) continue;
    const files = group.map((doc) => options.displayPath(doc.filePath));
    // Reported where a front matter `slug` makes the clash, else on the note left out.
    const claiming = group.find((doc) => doc.frontMatter.slug !== undefined) ?? group[1]!;
    const line = frontMatterLine(claiming, 'slug');
    options.diagnostics.addWithSetting(options.onDuplicateRoutes, {
      code: 'duplicate-route',
      file: options.displayPath(claiming.filePath),
      ...(line !== undefined && { line }),
      message: `Duplicate route "${route}": claimed by ${files.join(' and ')}; only ${files[0]} is served there.`,
      hint: 'Rename one of the files, or give one a different `slug` in its front matter.',
    });
  }
  return kept;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export type RouteTable = ReadonlyMap<Route, Note>;
