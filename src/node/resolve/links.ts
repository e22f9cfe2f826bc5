import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { asRoute, asSourcePath, hrefForRoute, type Route, type SourcePath } from '../../shared/paths.js';
import { isPathInside, posixPathBelow } from '../filePaths.js';
import type { LinkResolver, ResolvedLink } from '../markdown/noteEnv.js';
import { didYouMean } from '../nearestNames.js';
import { indexLikelyNotes, type LikelyNotes } from './likelyNotes.js';

export interface LinkResolverOptions {
  /** Every note's source path and route (plain pairs, so worker threads can receive them). */
  readonly routes: ReadonlyArray<readonly [string, Route]>;
  readonly docsDir: string;
  /** Files of the site's static/ folder, site-relative without a leading slash ("img/logo.svg"). */
  readonly staticFiles: ReadonlySet<string>;
  /** Routes that exist besides notes (/search, custom pages). */
  readonly extraRoutes: ReadonlySet<string>;
  readonly baseUrl: string;
}

const externalScheme = /^[a-z][a-z\d+.-]*:/i;

/**
 * A link to a URL (with a scheme, or protocol-relative): it resolves to itself, whatever the site's notes, routes and
 * files are (the build cache keeps no such link of a note: it never needs checking again).
 */
export function isUrlLink(href: string): boolean {
  return href.startsWith('//') || externalScheme.test(href);
}

/** Decides, for every href of every note, what it points to: a note, a docs file, a route, or the web. */
export function createLinkResolver(options: LinkResolverOptions): LinkResolver {
  const routeBySource = new Map<string, Route>(options.routes);
  const routeOf = new Set<string>(options.routes.map(([, route]) => route));
  const knownPath = (route: string): boolean =>
    routeOf.has(route) ||
    options.extraRoutes.has(route) ||
    options.staticFiles.has(route.slice(1)) ||
    routeOf.has(route.endsWith('/') ? route.slice(0, -1) : `${route}/`);
  const assetOutput = new Map<string, string>();
  let realDocsDir: string | undefined; // resolved once, at the first link to a docs file
  let likely: LikelyNotes | undefined; // indexed at the first broken link to a note
  let likelyRoutes: LikelyNotes | undefined; // and to a route
  const linkedOutside = (filePath: string): string | undefined => {
    realDocsDir ??= fs.realpathSync(options.docsDir);
    const target = fs.realpathSync(filePath);
    return isPathInside(target, realDocsDir) ? undefined : target;
  };

  return (href, from) => {
    if (isUrlLink(href)) return { href, external: /^(https?:)?\/\//i.test(href) };
    const [pathPart = '', fragment] = splitFragment(href);
    const fromRoute = routeBySource.get(from);
    if (pathPart === '')
      return { href, external: false, ...(fragment && fromRoute && { anchor: { route: fromRoute, id: fragment } }) };
    const decoded = safeDecode(pathPart.split('?')[0]!);
    if (/\.mdx?$/i.test(decoded)) return resolveNoteLink(decoded, fragment, from);
    const filePath = path.resolve(
      options.docsDir,
      path.posix.dirname(from),
      decoded.startsWith('/') ? `.${decoded}` : decoded,
    );
    if (!decoded.startsWith('/') && isFileInside(filePath, options.docsDir)) {
      const outside = linkedOutside(filePath);
      if (outside)
        return {
          href,
          external: false,
          broken: `"${decoded}" is a symbolic link to a file outside the docs folder (${outside}); it was not published`,
        };
      return {
        href: withBase(assetUrl(filePath)),
        external: false,
        asset: { filePath, outputPath: assetUrl(filePath).slice(1) },
      };
    }
    const route = decoded.startsWith('/') ? decoded : resolveAgainstPage(decoded, fromRoute ?? '/');
    const withFragment = (r: string) => withBase(r) + (fragment ? `#${fragment}` : '');
    if (knownPath(route))
      return {
        href: withFragment(route),
        external: false,
        ...(fragment && routeOf.has(route) && { anchor: { route, id: fragment } }),
      };
    const meant = (likelyRoutes ??= indexLikelyNotes([...routeOf, ...options.extraRoutes])).atPath(route);
    return { href, external: false, broken: `No page or file at "${route}"${didYouMean(meant)}` };
  };

  function resolveNoteLink(target: string, fragment: string | undefined, from: SourcePath): ResolvedLink {
    const rooted = target.startsWith('/');
    // join normalises already: only a rooted target needs it (a note's links are resolved two or three times a build).
    const sourcePath = asSourcePath(rooted ? target.slice(1) : path.posix.join(path.posix.dirname(from), target));
    const route =
      routeBySource.get(rooted ? path.posix.normalize(sourcePath) : sourcePath) ??
      (rooted ? routeBySource.get(siteRootedSource(target)) : undefined);
    if (!route) {
      const meant = (likely ??= indexLikelyNotes(routeBySource.keys())).atPath(sourcePath);
      const guess = didYouMean(meant && path.posix.relative(path.posix.dirname(from), meant));
      return {
        href: target + (fragment ? `#${fragment}` : ''),
        external: false,
        broken: `No note at "${sourcePath}"${guess}`,
      };
    }
    return {
      href: withBase(route) + (fragment ? `#${fragment}` : ''),
      external: false,
      ...(fragment && { anchor: { route, id: fragment } }),
    };
  }

  // `/docs/x.md`: Docusaurus tries a `/`-rooted link against the docs folder, then the site folder that holds it.
  function siteRootedSource(target: string): string {
    const docsDir = path.resolve(options.docsDir);
    const filePath = path.join(path.dirname(docsDir), ...target.split('/'));
    return posixPathBelow(docsDir, filePath) ?? '';
  }

  function assetUrl(filePath: string): string {
    let url = assetOutput.get(filePath);
    if (!url) {
      const hash = crypto.createHash('sha256').update(fs.readFileSync(filePath)).digest('hex').slice(0, 8);
      const parsed = path.parse(filePath);
      url = `/assets/files/${parsed.name}-${hash}${parsed.ext}`;
      assetOutput.set(filePath, url);
    }
    return url;
  }

  function withBase(route: string): string {
    return hrefForRoute(asRoute(route), options.baseUrl);
  }
}

function splitFragment(href: string): [string, string | undefined] {
  const index = href.indexOf('#');
  return index === -1 ? [href, undefined] : [href.slice(0, index), href.slice(index + 1) || undefined];
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

function isFileInside(filePath: string, dir: string): boolean {
  if (!isPathInside(filePath, dir)) return false;
  try {
    return fs.statSync(filePath).isFile();
  } catch {
    return false;
  }
}

/** A relative URL path resolved against the page's route, as the browser would. */
function resolveAgainstPage(relative: string, pageRoute: string): string {
  return new URL(relative, `https://site.invalid${encodeURI(pageRoute)}`).pathname.split('/').map(safeDecode).join('/');
}
