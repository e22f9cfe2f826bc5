/**
 * Backlinks and the link graph, in one pass over every note's Markdown before any page is rendered (pages are written
 * as their notes render, so a page cannot wait for the other notes' links). Links are found in the source
 * (linkScan.ts) and resolved by the renderer's own link resolver, so a backlink exists exactly when the rendered link
 * leads to the note.
 */
import type MarkdownIt from 'markdown-it';
import { routeFromPathname, type Route, type SourcePath } from '../../shared/paths.js';
import type { Backlink } from '../../shared/types.js';
import type { LinkResolver, ResolvedLink } from '../markdown/noteEnv.js';
import { parseWikilink } from '../markdown/obsidian/syntax.js';
import type { ObsidianMarkdown } from '../markdown/obsidian/types.js';
import { extractLinkContext } from './linkContext.js';
import { scanMarkdownLinks } from './linkScan.js';
import { shortenTitle } from './sidebar.js';

/** What the collector reads of a note: where it is, its title and its Markdown. */
export interface BacklinkSource {
  readonly sourcePath: SourcePath;
  readonly route: Route;
  readonly title: string;
  readonly body: string;
}

export interface BacklinkOptions {
  readonly md: MarkdownIt;
  /** The renderer's link resolver (NoteParser.resolveLink). */
  readonly resolveLink: LinkResolver;
  readonly baseUrl: string;
  /**
   * The note a `[[wikilink]]` names, from its inside as written (`Note#Heading|alias`); without it wikilinks are not
   * counted. The wikilink index's, through noteOfWikilink.
   */
  readonly resolveWikilink?: ((inner: string, from: SourcePath) => SourcePath | undefined) | undefined;
}

/** The site's internal links: each note's backlinks by route, and every note-to-note link once, as note indices. */
export interface SiteLinks {
  readonly backlinks: ReadonlyMap<Route, readonly Backlink[]>;
  /** [from, to] pairs of indices into the notes given, each pair once, no self links, in the order of the notes. */
  readonly edges: readonly (readonly [number, number])[];
}

/**
 * A note's links to other notes: the index of the note each leads to and its context, the first link to each, in
 * order (indices into the notes collectSiteLinks was given).
 */
export type NoteLinks = readonly (readonly [to: number, context: string])[];

/**
 * The last build's links of a note, when they are still what scanning it would find (`wiki build`'s outline cache);
 * told the links found when they are not.
 */
export interface LinkMemo {
  recall(index: number): NoteLinks | undefined;
  record(index: number, links: NoteLinks): void;
}

/**
 * Scans every note's links: a note linking another (however often, with or without `#anchor`) is one backlink, with
 * the context of its first link; each note's backlinks are in title order.
 */
export function collectSiteLinks<Source extends BacklinkSource>(
  notes: readonly Source[],
  options: BacklinkOptions,
  memo?: LinkMemo,
  bodyOf: (note: Source) => string = (note) => note.body, // `wiki build` reads a let-go note's Markdown again
): SiteLinks {
  const indexOfRoute = new Map<string, number>();
  const indexOfSource = new Map<string, number>();
  notes.forEach((note, index) => {
    indexOfRoute.set(routeKey(note.route), index);
    indexOfSource.set(note.sourcePath, index);
  });
  const edges: [number, number][] = [];
  const find = (note: Source, from: number): NoteLinks => {
    const found: [number, string][] = [];
    const linked = new Set<number>();
    const body = bodyOf(note);
    for (const link of scanMarkdownLinks(body, options.md)) {
      const to = link.wikilink
        ? indexOfSource.get(options.resolveWikilink?.(link.target, note.sourcePath) ?? '')
        : resolveTarget(link.target, note.sourcePath, options, indexOfRoute);
      if (to === undefined || to === from || linked.has(to)) continue;
      linked.add(to);
      found.push([to, extractLinkContext(body, link.start, link.end)]);
    }
    memo?.record(from, found);
    return found;
  };
  // Lists by the linked note's index, not looked up by route for each of the site's links (about ten a note); two
  // notes with one route (a duplicate route) share the list of the first, as a Map by route would.
  const listOf = firstIndexOfRoute(notes);
  const lists: Backlink[][] = new Array(notes.length);
  const created: number[] = []; // the Map's order: where each list began
  notes.forEach((note, from) => {
    const links = memo?.recall(from) ?? find(note, from);
    const title = links.length > 0 ? shortenTitle(note.title) : '';
    for (const [to, context] of links) {
      edges.push([from, to]);
      const at = listOf[to]!;
      let list = lists[at];
      if (!list) {
        lists[at] = list = [];
        created.push(at);
      }
      list.push({ title, href: note.route, context });
    }
  });
  // What `a.localeCompare(b, 'en')` does, with one collator for the site instead of one looked up per comparison.
  const byTitle = new Intl.Collator('en').compare;
  const backlinks = new Map<Route, Backlink[]>();
  for (const at of created)
    backlinks.set(
      notes[at]!.route,
      lists[at]!.sort((a, b) => byTitle(a.title, b.title)),
    );
  return { backlinks, edges };
}

/** For each note, the index of the first note with its route (its own, unless a route is taken twice). */
function firstIndexOfRoute(notes: readonly { readonly route: Route }[]): number[] {
  const first = new Map<string, number>();
  return notes.map((note, index) => {
    const taken = first.get(note.route);
    if (taken !== undefined) return taken;
    first.set(note.route, index);
    return index;
  });
}

/** The index of the note a scanned link leads to, if it leads to one. */
function resolveTarget(
  target: string,
  from: SourcePath,
  options: BacklinkOptions,
  indexOfRoute: ReadonlyMap<string, number>,
): number | undefined {
  const route = linkedRoute(options.resolveLink(target, from), options.baseUrl);
  return route === undefined ? undefined : indexOfRoute.get(routeKey(route));
}

/** A resolveWikilink hook on the build's wikilink index: the note a `[[Note#Heading|alias]]` names, if any. */
export function noteOfWikilink(obsidian: Pick<ObsidianMarkdown, 'resolve'>): BacklinkOptions['resolveWikilink'] {
  return (inner, from) => {
    const { path } = parseWikilink(inner);
    const found = path === '' ? undefined : obsidian.resolve(path, from);
    return found && 'sourcePath' in found && found.isNote ? found.sourcePath : undefined;
  };
}

/** The route a resolved link leads to, when it is a page of the site (not external, broken or a file). */
export function linkedRoute(resolved: ResolvedLink, baseUrl: string): string | undefined {
  if (resolved.external || resolved.broken !== undefined || resolved.asset) return undefined;
  if (resolved.anchor) return resolved.anchor.route;
  const path = resolved.href.split('#', 1)[0]!.split('?', 1)[0]!;
  return path.startsWith('/') ? routeFromPathname(path, baseUrl) : undefined;
}

// The resolver accepts a route with or without its trailing slash: both name the note.
export const routeKey = (route: string) => (route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route);
