/**
 * Reads what a site built by our engine shows, in the shape of the Docusaurus oracles (test/corpus/docusaurus/<name>/
 * oracle.json, written by scripts/docusaurus-oracle.mjs), so the parity test compares like with like. It reads the
 * built HTML through the theme's markup, which is the contract the engine implements:
 * - title: the article's first `h1`; document title: `<title>`;
 * - headings: `h1..h6[id]` inside `.doc-markdown` (the page title's h1 is the `title`, as in Docusaurus, where it has no id);
 * - code block titles: `.code-block-title` inside `div.code-block`;
 * - admonitions: `div.admonition.admonition-<type>`, title `.admonition-heading`;
 * - tabs: the `[role="tab"]` labels of each `[role="tablist"]`;
 * - breadcrumbs: `.breadcrumbs__item` but the home icon; pager: `.pagination-nav__link--prev|next` and their
 *   `.pagination-nav__label`; table of contents: `.toc-desktop .table-of-contents__link`;
 * - sidebar: whether the page has `aside.doc-sidebar`; the trees: the whole-sidebar files `assets/sidebar-<hash>.json`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';

type DomDocument = ReturnType<typeof parseDocument>;
type DomElement = ReturnType<typeof DomUtils.findAll>[number];
type DomNode = DomDocument['children'][number];

export interface PageLink {
  readonly label: string;
  readonly href: string;
}

export interface Crumb {
  readonly label: string;
  readonly href?: string;
}

export interface HeadingView {
  readonly level: number;
  readonly id: string;
  readonly text: string;
}

/** What one page shows, field for field as in the oracle's `pages`. */
export interface BuiltPageView {
  readonly documentTitle: string;
  readonly title: string | null;
  readonly hasSidebar: boolean;
  readonly breadcrumbs: readonly Crumb[];
  readonly previous: PageLink | null;
  readonly next: PageLink | null;
  readonly headings: readonly HeadingView[];
  readonly toc: readonly { readonly id: string; readonly text: string }[];
  readonly codeTitles: readonly string[];
  readonly admonitions: readonly { readonly type: string; readonly title: string }[];
  readonly tabs: readonly (readonly string[])[];
}

/** A sidebar item reduced to what a reader sees, as in the oracle's `sidebars`. */
export interface SidebarView {
  readonly type: string;
  readonly label: string;
  readonly href?: string;
  readonly items?: readonly SidebarView[];
}

const classesOf = (el: DomElement) => (DomUtils.getAttributeValue(el, 'class') ?? '').split(/\s+/);
const hasClass = (el: DomElement, name: string) => classesOf(el).includes(name);
const attr = (el: DomElement, name: string) => DomUtils.getAttributeValue(el, name) ?? '';
const findAll = (roots: readonly DomNode[], test: (el: DomElement) => boolean) => DomUtils.findAll(test, [...roots]);
const findOne = (roots: readonly DomNode[], test: (el: DomElement) => boolean) =>
  DomUtils.findOne(test, [...roots], true);
const byClass = (name: string) => (el: DomElement) => hasClass(el, name);

/** Visible text of an element: no heading anchor links, no zero-width spaces, whitespace collapsed. */
export function textOf(el: DomElement): string {
  const parts: string[] = [];
  const walk = (node: DomNode) => {
    if (node.type === 'text') parts.push(node.data);
    else if ('children' in node && !(node.type === 'tag' && node.name === 'a' && hasClass(node, 'hash-link')))
      node.children.forEach(walk);
  };
  walk(el);
  return parts
    .join('')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function readBreadcrumbs(root: readonly DomNode[]): Crumb[] {
  const nav = findOne(root, byClass('breadcrumbs'));
  if (!nav) return [];
  return findAll([nav], byClass('breadcrumbs__item'))
    .filter((li) => !hasClass(li, 'breadcrumbs__item--home'))
    .map((li) => {
      const link = findOne([li], (el) => el.name === 'a');
      return { label: textOf(li), ...(link && { href: attr(link, 'href') }) };
    });
}

function readPagerLink(root: readonly DomNode[], direction: 'prev' | 'next'): PageLink | null {
  const link = findOne(root, byClass(`pagination-nav__link--${direction}`));
  if (!link) return null;
  const label = findOne([link], byClass('pagination-nav__label'));
  return { label: textOf(label ?? link), href: attr(link, 'href') };
}

/** The headings of the content, without the page title's h1 (Docusaurus gives that one no id: it is the `title`). */
function readHeadings(content: readonly DomNode[]): HeadingView[] {
  const headings = findAll(content, (el) => /^h[1-6]$/.test(el.name) && DomUtils.hasAttrib(el, 'id')).map((el) => ({
    level: Number(el.name[1]),
    id: attr(el, 'id'),
    text: textOf(el),
  }));
  const first = content.length > 0 ? findOne(content, (el) => /^h[1-6]$/.test(el.name)) : null;
  return first?.name === 'h1' && headings[0]?.id === attr(first, 'id') ? headings.slice(1) : headings;
}

/** Reads one built HTML page. */
export function readBuiltPage(html: string): BuiltPageView {
  const doc = parseDocument(html);
  const main = findOne(doc.children, (el) => el.name === 'main');
  const root = main ? [main] : doc.children;
  const markdown = findOne(root, byClass('doc-markdown'));
  const content = markdown ? [markdown] : [];
  const article = findOne(root, (el) => el.name === 'article') ?? main;
  const h1 = article && findOne([article], (el) => el.name === 'h1');
  const title = findOne(doc.children, (el) => el.name === 'title');
  const toc = findOne(doc.children, byClass('toc-desktop'));
  return {
    documentTitle: title ? textOf(title) : '',
    title: h1 ? textOf(h1) : null,
    hasSidebar: findOne(doc.children, byClass('doc-sidebar')) !== null,
    breadcrumbs: readBreadcrumbs(root),
    previous: readPagerLink(root, 'prev'),
    next: readPagerLink(root, 'next'),
    headings: readHeadings(content),
    toc: toc
      ? findAll([toc], byClass('table-of-contents__link')).map((a) => ({
          id: decodeURIComponent(attr(a, 'href').replace(/^#/, '')),
          text: textOf(a),
        }))
      : [],
    codeTitles: findAll(content, byClass('code-block'))
      .map((block) => findOne([block], byClass('code-block-title')))
      .filter((el) => el !== null)
      .map(textOf),
    admonitions: findAll(content, byClass('admonition')).map((el) => {
      const heading = findOne([el], byClass('admonition-heading'));
      const type = classesOf(el).find((name) => name.startsWith('admonition-') && name !== 'admonition-heading');
      return { type: type?.slice('admonition-'.length) ?? '', title: heading ? textOf(heading) : '' };
    }),
    tabs: findAll(content, (el) => attr(el, 'role') === 'tablist').map((list) =>
      findAll([list], (el) => attr(el, 'role') === 'tab').map(textOf),
    ),
  };
}

/** The routes of a build, from its sitemap (every note page, none of the engine's own pages such as /search). */
export function readBuiltRoutes(outDir: string, baseUrl = '/'): string[] {
  const sitemap = fs.readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => decodeURI(new URL(match[1] ?? '').pathname))
    .map((pathname) => `/${pathname.slice(baseUrl.length)}`)
    .sort();
}

/** The HTML file of a route: `a/b/index.html` for `/a/b/`, `a/b.html` (or `a/b/index.html`) for `/a/b`. */
export function builtHtmlFile(outDir: string, route: string): string {
  const clean = route.replace(/^\/+/, '');
  if (clean === '' || clean.endsWith('/')) return path.join(outDir, clean, 'index.html');
  const flat = path.join(outDir, `${clean}.html`);
  return fs.existsSync(flat) ? flat : path.join(outDir, clean, 'index.html');
}

function reduceSidebar(items: readonly SidebarView[]): SidebarView[] {
  return items.map((item) => ({
    type: item.type,
    label: item.label,
    ...(item.href !== undefined && { href: item.href }),
    ...(item.items && { items: reduceSidebar(item.items) }),
  }));
}

/** Every whole-sidebar file of the build (`assets/sidebar-<hash>.json`), each reduced to labels, hrefs and nesting. */
export function readBuiltSidebars(outDir: string): SidebarView[][] {
  const assets = path.join(outDir, 'assets');
  if (!fs.existsSync(assets)) return [];
  return fs
    .readdirSync(assets)
    .filter((name) => /^sidebar-[0-9a-f]+\.json$/.test(name))
    .map((name) => reduceSidebar(JSON.parse(fs.readFileSync(path.join(assets, name), 'utf8')) as SidebarView[]));
}

/** Elements whose text starts and ends a line of the visible text. */
const BLOCK_ELEMENTS = new Set(
  'address article aside blockquote br dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table td th tr ul'.split(
    ' ',
  ),
);
const NEVER_TEXT = new Set(['script', 'style', 'svg', 'template', 'noscript']);

/**
 * The visible text of a page's article (its `<article>`, else `<main>`), entities decoded, one line per block.
 * `withCode: false` leaves out what is inside `<pre>` and `<code>`.
 */
export function articleText(html: string, options: { withCode: boolean }): string {
  const doc = parseDocument(html);
  const article =
    findOne(doc.children, (el) => el.name === 'article') ?? findOne(doc.children, (el) => el.name === 'main');
  const parts: string[] = [];
  const walk = (node: DomNode) => {
    if (node.type === 'text') parts.push(node.data);
    if (node.type !== 'tag' || NEVER_TEXT.has(node.name)) return;
    if (!options.withCode && (node.name === 'pre' || node.name === 'code')) return;
    const block = BLOCK_ELEMENTS.has(node.name);
    if (block) parts.push('\n');
    node.children.forEach(walk);
    if (block) parts.push('\n');
  };
  if (article) walk(article);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
