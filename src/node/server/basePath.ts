/**
 * A site built for a base URL ("/wiki/") is previewed where it will be hosted: its files answer under that path, and
 * any other path is sent there (as `docusaurus serve` does), so styles, scripts and links resolve as they will online.
 */
import { encodeUrlPath } from '../../shared/paths.js';

/** Where a request lands relative to the site's base path. */
export type BaseMatch = { inside: true; siteUrl: string } | { inside: false; location: string };

/**
 * The request target as the site's own path ("/wiki/a?q" -> "/a?q" under "/wiki/"), or where to send a request
 * outside the base path (the base itself).
 */
export function matchBasePath(rawUrl: string, baseUrl: string): BaseMatch {
  if (baseUrl === '/') return { inside: true, siteUrl: rawUrl };
  const base = encodeUrlPath(baseUrl);
  if (!rawUrl.startsWith(base)) return { inside: false, location: base };
  return { inside: true, siteUrl: rawUrl.slice(base.length - 1) };
}

/** A site-relative redirect location ("/a/") as the address the browser must go to ("/wiki/a/"). */
export function withBasePath(location: string, baseUrl: string): string {
  return baseUrl === '/' ? location : `${encodeUrlPath(baseUrl).slice(0, -1)}${location}`;
}
