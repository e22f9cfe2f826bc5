/** Stage 7 of the pipeline: every link of every note checked once all are parsed; the docs-folder files notes link are collected. */
import { decodeComponentOrKeep } from '../../shared/paths.js';
import type { ParsedNote } from '../notes/note.js';
import type { BuildContext } from '../context.js';
import { katexAssetCopies } from '../markdown/math.js';
import { mermaidAssetCopies } from '../markdown/codeBlocks.js';
import { nearestNames } from '../nearestNames.js';

/** What checking links needs of a note: its links, and the anchors other notes' links may point into. */
export interface LinkCheckNote extends Pick<
  ParsedNote,
  'route' | 'filePath' | 'links' | 'htmlIds' | 'usesMath' | 'usesMermaid'
> {
  readonly headings: readonly { readonly id: string }[];
}

/**
 * A note as checkLinks needs it once its HTML is gone: the links there is something to check or copy for, and its
 * anchors. All copied out of the note, as a kept slice of a string keeps the whole string (the Markdown, the HTML).
 */
export function toLinkCheckNote(doc: ParsedNote): LinkCheckNote {
  const headingIds = new Set(doc.headings.map((heading) => heading.id));
  const links = doc.links.filter(
    ({ resolved }) => resolved.broken !== undefined || resolved.anchor || resolved.asset || resolved.warning,
  );
  const ids = doc.htmlIds.filter((id) => !headingIds.has(id));
  return {
    route: doc.route,
    filePath: doc.filePath,
    headings: [...headingIds].map((id) => ({ id })),
    links: links.length > 0 ? structuredClone(links) : [],
    htmlIds: ids.length > 0 ? structuredClone(ids) : [],
    ...(doc.usesMath && { usesMath: true }),
    ...(doc.usesMermaid && { usesMermaid: true }),
  };
}

/** The codes of the problems checkLinks reports: the dev server replaces a re-checked note's problems of these. */
export const LINK_CHECK_CODES: ReadonlySet<string> = new Set(['broken-link', 'ambiguous-link', 'broken-anchor']);

/**
 * Reports broken links and anchors once every note is parsed; collects the docs files to copy.
 * `sources` limits which notes' links are checked (the dev server re-checks only the notes an edit can affect).
 */
export function checkLinks(
  docs: readonly LinkCheckNote[],
  context: BuildContext,
  sources: readonly LinkCheckNote[] = docs,
): Map<string, string> {
  const docsByRoute = new Map<string, LinkCheckNote>(docs.map((doc) => [doc.route, doc]));
  const anchorsByRoute = new Map<string, Set<string>>();
  // Only for the pages a link points into.
  const anchorsOf = (route: string): Set<string> | undefined => {
    let anchors = anchorsByRoute.get(route);
    const doc = docsByRoute.get(route);
    if (!anchors && doc)
      anchorsByRoute.set(route, (anchors = new Set([...doc.headings.map((h) => h.id), ...doc.htmlIds])));
    return anchors;
  };
  // KaTeX's stylesheet and fonts, which the pages with math link (pageModels.ts: withNoteContent); Mermaid, which
  // pages with a diagram load (src/client/islands/mermaid.ts). A site without either ships neither.
  const assets = new Map<string, string>([
    ...(docs.some((doc) => doc.usesMath) ? katexAssetCopies() : []),
    ...(docs.some((doc) => doc.usesMermaid) ? mermaidAssetCopies() : []),
  ]);
  for (const doc of sources) {
    let shown: string | undefined; // the note as messages name it, made for its first message (most notes have none)
    const file = () => (shown ??= context.displayPath(doc.filePath));
    for (const link of doc.links) {
      const { resolved } = link;
      if (resolved.asset) assets.set(resolved.asset.filePath, resolved.asset.outputPath);
      if (resolved.broken) {
        context.diagnostics.addWithSetting(context.config.onBrokenLinks, {
          code: 'broken-link',
          file: file(),
          line: link.line,
          message: `Broken link to "${link.target}": ${resolved.broken}.`,
          hint: link.target.includes('[[')
            ? 'Fix the name (a note or file of the docs folder, e.g. [[Note]] or ![[image.png]]) or remove the link.'
            : 'Fix the path (links to notes are relative paths to .md files, e.g. ../web/vite.md) or remove the link.',
        });
        continue;
      }
      if (resolved.warning)
        context.diagnostics.add({
          severity: 'warning',
          code: 'ambiguous-link',
          file: file(),
          line: link.line,
          message: `Link "${link.target}": ${resolved.warning}.`,
          hint: 'Write the path of the note you mean (e.g. [[folder/Note]]), or rename one of them.',
        });
      const anchor = resolved.anchor;
      const known = anchor && anchorsOf(anchor.route);
      if (!anchor || !known) continue;
      const id = decodeComponentOrKeep(anchor.id);
      if (!known.has(id)) {
        context.diagnostics.addWithSetting(context.config.onBrokenAnchors, {
          code: 'broken-anchor',
          file: file(),
          line: link.line,
          message: `Broken anchor in link "${link.target}": the page ${anchor.route} has no heading with id "${anchor.id}".`,
          hint: suggestAnchors(id, known),
        });
      }
    }
  }
  return assets;
}

/** A broken anchor's fix: the page's id nearest the one written (a typo, a renamed heading), else a few of its ids. */
function suggestAnchors(wanted: string, known: ReadonlySet<string>): string {
  const [nearest] = nearestNames(wanted, known);
  if (nearest !== undefined) return `Did you mean #${nearest}? It is the page's heading id nearest "${wanted}".`;
  const list = [...known].slice(0, 5).map((id) => `#${id}`);
  return `Use one of its heading ids${list.length > 0 ? ` (e.g. ${list.join(', ')})` : ''}.`;
}
