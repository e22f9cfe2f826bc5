/**
 * Branded path types: a file path, a doc id, a route and an href are all strings,
 * and mixing them up is the classic bug of a docs engine, so the compiler keeps them apart.
 */
export type SourcePath = string & { readonly __brand: 'SourcePath' }; // docs-relative, posix, with extension: "web/nodejs/nodejs.md"
export type NoteId = string & { readonly __brand: 'NoteId' }; // "web/nodejs/nodejs"
export type Route = string & { readonly __brand: 'Route' }; // "/web/nodejs/" (site-relative, no base URL)

export const asSourcePath = (value: string): SourcePath => value as SourcePath;
export const asDocId = (value: string): NoteId => value as NoteId;
export const asRoute = (value: string): Route => value as Route;

/** The JSON data file that holds a route's page data, found by a naming rule so no route table ships to the browser. */
export function pageDataPath(route: Route): string {
  const clean = route.replace(/^\/+/, '');
  if (clean === '') return '__data/index.json';
  return route.endsWith('/') ? `__data/${clean}index.json` : `__data/${clean}.json`;
}

/** The HTML file a route is written to: folders for index routes, `name.html` beside them otherwise. */
export function htmlPathForRoute(route: Route): string {
  const clean = route.replace(/^\/+/, '');
  if (clean === '' || clean.endsWith('/')) return `${clean}index.html`;
  return `${clean}.html`;
}

/**
 * The route a URL path names on a site served at `baseUrl`, or undefined when the path lies outside the site.
 * "/a/b.html" and "/a/index.html" name "/a/b" and "/a/" (the server redirects them the same way).
 */
export function routeFromPathname(pathname: string, baseUrl: string): Route | undefined {
  let path: string;
  try {
    path = decodeURI(pathname);
  } catch {
    return undefined;
  }
  if (`${path}/` === baseUrl) path = baseUrl;
  if (!path.startsWith(baseUrl)) return undefined;
  const route = `/${path.slice(baseUrl.length)}`.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  return asRoute(route);
}

// A lone surrogate (possible in a YAML slug) would make encodeURI throw; U+FFFD is what a browser sends for it.
// Pairs are matched first and kept; no lookbehind, which older Safari cannot parse in the client bundle.
const surrogates = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;
const replaceLoneSurrogate = (match: string) => (match.length === 2 ? match : '\uFFFD');

/**
 * A decoded URL path ("/100% done/") percent-encoded so a browser sends it as it is and one decode gives it back:
 * "%", spaces, control characters and non-ASCII are escaped, and so are "?" and "#", which encodeURI leaves alone.
 */
export function encodeUrlPath(path: string): string {
  return encodeURI(path.replace(surrogates, replaceLoneSurrogate)).replace(/[?#]/g, (char) =>
    char === '?' ? '%3F' : '%23',
  );
}

/** decodeURIComponent, or the text as it is where it holds no valid escape (`100%`): what a link names, decoded. */
export function decodeComponentOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The href of a route on a site served at `baseUrl` ("/docs/" + "/100% done" -> "/docs/100%25%20done"). */
export function hrefForRoute(route: Route, baseUrl = '/'): string {
  return encodeUrlPath(baseUrl.replace(/\/$/, '') + route);
}

/** The URL of a route's page data file, under the runtime's data folder ("/wiki/__data/"). */
export function pageDataUrl(dataUrl: string, route: Route): string {
  return dataUrl + encodeUrlPath(pageDataPath(route).slice('__data/'.length));
}
