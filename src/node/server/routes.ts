/**
 * Maps a validated request path onto the site's files, the way the build writes them:
 * "/" -> index.html, "/a/" -> a/index.html, "/a/b" -> a/b.html, assets by their exact path.
 * URLs that name a page another way ("/a/b.html", "/a/index.html", a missing slash) get one
 * 301 to the canonical URL, so every page has exactly one address.
 */
import { getExtension } from './headers.js';
import { formatUrlPath, type SitePath } from './requestPath.js';
import type { SiteFile, SiteFiles } from './siteFiles.js';

/** A `file` result is open: whoever gets it closes it. */
export type RouteResult =
  { kind: 'file'; relPath: string; file: SiteFile } | { kind: 'redirect'; location: string } | { kind: 'missing' };

const missing: RouteResult = { kind: 'missing' };

/** The first of the candidate files that exists, opened. */
async function openFirst(files: SiteFiles, candidates: string[]): Promise<RouteResult | undefined> {
  for (const relPath of candidates) {
    const file = await files.open(relPath);
    if (file !== undefined) return { kind: 'file', relPath, file };
  }
  return undefined;
}

async function exists(files: SiteFiles, relPath: string): Promise<boolean> {
  const file = await files.open(relPath);
  await file?.close();
  return file !== undefined;
}

function redirectTo(segments: string[], trailingSlash: boolean, query: string): RouteResult {
  return { kind: 'redirect', location: formatUrlPath(segments, trailingSlash) + query };
}

/** "/x.html" and "/x/index.html" name the page at "/x" or "/x/"; send the client where it really is. */
async function resolveHtmlSuffix(files: SiteFiles, target: SitePath): Promise<RouteResult> {
  const parents = target.segments.slice(0, -1);
  const last = target.segments.at(-1) ?? '';
  const isIndex = last === 'index.html';
  const stem = isIndex ? parents : [...parents, last.slice(0, -'.html'.length)];
  if (stem.length === 0) return redirectTo([], true, target.query);
  if (stem.at(-1) === '') return missing; // a file literally named ".html"
  const base = stem.join('/');
  // Prefer the form the URL named, then the other one.
  const forms = isIndex ? [true, false] : [false, true];
  for (const asFolder of forms) {
    if (await exists(files, asFolder ? `${base}/index.html` : `${base}.html`)) {
      return redirectTo(stem, asFolder, target.query);
    }
  }
  return missing;
}

/** "/a/": the folder's index page, or a redirect to "/a" when the page is a.html. */
async function resolveFolder(files: SiteFiles, target: SitePath): Promise<RouteResult> {
  const base = target.segments.join('/');
  const page = await openFirst(files, [`${base}/index.html`]);
  if (page) return page;
  if (await exists(files, `${base}.html`)) return redirectTo(target.segments, false, target.query);
  return missing;
}

/** "/a/b": the page a/b.html, the file a/b itself, or a redirect to "/a/b/" when the page is a/b/index.html. */
async function resolveLeaf(files: SiteFiles, target: SitePath): Promise<RouteResult> {
  const base = target.segments.join('/');
  // Names with an extension are usually assets, so try the exact file first and save a read.
  const candidates = getExtension(base) ? [base, `${base}.html`] : [`${base}.html`, base];
  const file = await openFirst(files, candidates);
  if (file) return file;
  if (await exists(files, `${base}/index.html`)) return redirectTo(target.segments, true, target.query);
  return missing;
}

/** Resolves a validated request path to a file to serve, a redirect, or nothing. */
export async function resolveRoute(files: SiteFiles, target: SitePath): Promise<RouteResult> {
  if (target.segments.length === 0) return (await openFirst(files, ['index.html'])) ?? missing;
  if (target.trailingSlash) return resolveFolder(files, target);
  if (target.segments.at(-1)?.endsWith('.html')) return resolveHtmlSuffix(files, target);
  return resolveLeaf(files, target);
}
