import path from 'node:path';
import { asDocId, asRoute, type NoteId, type Route, type SourcePath } from '../../shared/paths.js';
import { parseNumberPrefix, stripPathNumberPrefixes } from './numberPrefix.js';

/** What a note's path and front matter say about its identity, before its Markdown is read. */
export interface DocLocation {
  readonly id: NoteId;
  /** Docs-relative folder of the note, '.' at the root (number prefixes kept, as in the file system). */
  readonly dirName: string;
  /** Sidebar position from the file name's number prefix, if any. */
  readonly prefixPosition?: number;
  readonly isIndex: boolean;
}

const markdownExtensions = ['.md', '.mdx'] as const;

/** Whether a file name is a note's (by its extension). */
export function isNoteName(name: string): boolean {
  return markdownExtensions.some((ext) => name.endsWith(ext));
}

/** `web/nodejs/nodejs.md` -> parts Docusaurus computes ids and slugs from. */
export function locateDoc(sourcePath: SourcePath, frontMatterId?: string): DocLocation {
  const parsed = path.posix.parse(sourcePath);
  const dirName = parsed.dir === '' ? '.' : parsed.dir;
  const { name, position } = parseNumberPrefix(parsed.name);
  const baseId = frontMatterId ?? name;
  const id = asDocId(dirName === '.' ? baseId : `${dirName}/${baseId}`);
  return {
    id,
    dirName,
    isIndex: isIndexFileName(parsed.name, dirName),
    ...(position !== undefined && { prefixPosition: position }),
  };
}

/** A folder's index note: `index.md`, `README.md`, or named like its folder (`web/web.md`). Case-insensitive. */
export function isIndexFileName(fileNameWithoutExtension: string, dirName: string): boolean {
  const name = fileNameWithoutExtension.toLowerCase();
  const folder = dirName === '.' ? undefined : path.posix.basename(dirName).toLowerCase();
  return name === 'index' || name === 'readme' || name === folder;
}

/** The folder part of a route: '/' at the root, '/a/b/' for `a/01-b` (number prefixes stripped). */
export function folderRoute(dirName: string): Route {
  return asRoute(dirName === '.' ? '/' : `/${stripPathNumberPrefixes(dirName)}/`);
}

export interface ComputeRouteInput {
  readonly sourcePath: SourcePath;
  readonly frontMatterId?: string;
  readonly frontMatterSlug?: string;
}

/** The route a note is served at, as Docusaurus computes a doc slug (index notes get their folder's route). */
export function computeDocRoute(input: ComputeRouteInput): Route {
  const location = locateDoc(input.sourcePath, input.frontMatterId);
  const folder = folderRoute(location.dirName);
  const slug = input.frontMatterSlug;
  if (slug?.startsWith('/')) return asRoute(slug);
  if (slug === undefined && location.isIndex) return folder;
  const base = slug ?? path.posix.basename(location.id);
  return resolveRoute(base, folder);
}

/** Resolves a relative slug against a folder route, like a browser resolves a relative URL path. */
export function resolveRoute(relative: string, folder: Route): Route {
  const segments = folder.split('/').filter(Boolean);
  const parts = relative.split('/');
  for (const [index, part] of parts.entries()) {
    if (part === '..') segments.pop();
    else if (part !== '.' && part !== '') segments.push(part);
    else if (part === '' && index === parts.length - 1) segments.push('');
  }
  const joined = `/${segments.join('/')}`;
  return asRoute(joined.replace(/\/{2,}/g, '/'));
}

/** The docs plugin's routeBasePath as a folder route: 'docs', '/docs' and '/docs/' are '/docs/'; '' and '/' are '/'. */
export function normaliseRouteBasePath(routeBasePath: string): Route {
  const trimmed = routeBasePath.trim().replace(/^\/+|\/+$/g, '');
  return asRoute(trimmed === '' ? '/' : `/${trimmed}/`);
}

/** A doc's route served under the routeBasePath: '/a/b' under 'docs' is '/docs/a/b', and '/' is '/docs/'. */
export function prefixRoute(route: Route, routeBasePath: string): Route {
  const base = normaliseRouteBasePath(routeBasePath);
  return base === '/' ? route : asRoute(`${base}${route.replace(/^\/+/, '')}`);
}

/** Whether a route is a clean URL path: starts with '/' and a URL parser keeps it as it is (modulo encoding). */
export function isValidRoute(route: string): boolean {
  if (!route.startsWith('/')) return false;
  try {
    const pathname = new URL(route, 'https://example.com').pathname;
    return pathname === route || pathname === encodeURI(route);
  } catch {
    return false;
  }
}

/** Applies the site's trailingSlash setting; undefined keeps each route as computed. */
export function applyTrailingSlash(route: Route, trailingSlash: boolean | undefined): Route {
  if (trailingSlash === undefined || route === '/') return route;
  if (trailingSlash) return route.endsWith('/') ? route : asRoute(`${route}/`);
  return route.endsWith('/') ? asRoute(route.slice(0, -1)) : route;
}
