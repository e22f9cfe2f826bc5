/**
 * The remark side of an MDX note, doing what the markdown-it plugins do for a `.md` note, with the same functions
 * where the output must match: heading ids and anchors, links resolved to routes (and recorded for the link check),
 * code blocks, math and Mermaid through the Markdown renderer's HTML, `:::type` admonitions in the same markup.
 */
import GithubSlugger from 'github-slugger';
import type { Heading, Parent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { escapeHtml } from '../../shared/html.js';
import type { SourcePath } from '../../shared/paths.js';
import { admonitionTypes } from '../markdown/admonitions.js';
import { headingAnchorHtml } from '../markdown/headings.js';
import type { HeadingInfo, LinkRecord, LinkResolver } from '../markdown/noteEnv.js';

/** What the plugin collects of one note while it is compiled. */
export interface MdxCollected {
  readonly headings: HeadingInfo[];
  readonly links: LinkRecord[];
  usesMath: boolean;
  usesMermaid: boolean;
}

export interface RemarkWikiOptions {
  /** Docs-relative path of the file, to resolve its links; undefined for a partial outside the docs folder. */
  readonly sourcePath: SourcePath | undefined;
  readonly resolveLink: LinkResolver;
  readonly renderCodeBlock: (code: string, info: string) => string;
  readonly renderMath: (tex: string, displayMode: boolean) => string;
  readonly collected: MdxCollected;
  /** Where HTML strings wait for the rendered note (see rawHtmlStore). */
  readonly raw: RawHtmlStore;
}

/**
 * HTML made by the Markdown renderer's functions (code, math, anchors) or written raw in a `.md` partial goes into the
 * compiled note as an empty `<wiki-raw k="N">` element and is put back into the rendered HTML by key: MDX has no raw
 * HTML, and parsing those strings into elements (rehype-raw) was a fifth of the compile time.
 */
export interface RawHtmlStore {
  /** The key of `html`, to write as the placeholder's `k`. */
  add(html: string): string;
  /** The rendered HTML with every placeholder replaced by its HTML. */
  expand(html: string): string;
}

export function createRawHtmlStore(): RawHtmlStore {
  const entries: string[] = [];
  return {
    add: (html) => String(entries.push(html) - 1),
    expand: (html) =>
      html.includes('<wiki-raw')
        ? html.replace(/<wiki-raw k="(\d+)"><\/wiki-raw>/g, (_match, key: string) => entries[Number(key)] ?? '')
        : html,
  };
}

type AnyNode = { type: string; value?: string; children?: AnyNode[]; data?: Record<string, unknown> } & Record<
  string,
  unknown
>;

/** remark plugin: see the file's comment. */
export function remarkWiki(options: RemarkWikiOptions) {
  return (tree: Root, file: VFile): void => {
    rewriteDirectives(tree, file);
    replaceCodeAndMath(tree, options);
    identifyHeadings(tree, options.collected);
    resolveLinks(tree, options);
    replaceHtml(tree, options.raw);
  };
}

/** Every HTML node (made above, or raw HTML of a `.md` partial) becomes a placeholder element the store expands. */
function replaceHtml(tree: Root, raw: RawHtmlStore): void {
  visit(tree, 'html', (node, index, parent) => {
    if (!parent || index === undefined) return;
    const type = parent.type === 'paragraph' || parent.type === 'heading' ? 'mdxJsxTextElement' : 'mdxJsxFlowElement';
    const attributes = [{ type: 'mdxJsxAttribute', name: 'k', value: raw.add(node.value) }];
    (parent as Parent).children[index] = { type, name: 'wiki-raw', attributes, children: [] } as unknown as RootContent;
  });
}

/** `{/* #id *\/}` (Docusaurus 3.10) and `{#id}` (escaped before parsing) at a heading's end. */
const COMMENT_ID = /^\s*\/\*\s*#([^\s*]+)\s*\*\/\s*$/;
const TEXT_ID = /\s*\{#([^}\s]+)\}\s*$/;

function identifyHeadings(tree: Root, collected: MdxCollected): void {
  const slugger = new GithubSlugger();
  const first = tree.children.find((node) => !IGNORABLE_AT_START.has(node.type));
  visit(tree, 'heading', (node: Heading) => {
    const custom = takeHeadingId(node);
    const text = toString(node);
    if (custom === undefined && text.trim() === '') return; // an empty `###`: no id, no TOC entry (Docusaurus)
    const id = custom ?? slugger.slug(text);
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    node.children.push({ type: 'html', value: headingAnchorHtml(id, text) });
    collected.headings.push({
      id,
      level: node.depth,
      text,
      html: escapeHtml(text),
      line: node.position?.start.line ?? 0,
      isFirstBlock: node === first,
    });
  });
}

// What may come before a note's first block without being one: ESM, comments and whitespace-only expressions.
const IGNORABLE_AT_START = new Set(['mdxjsEsm', 'mdxFlowExpression', 'yaml', 'toml']);

function takeHeadingId(node: Heading): string | undefined {
  const children = node.children as unknown as AnyNode[];
  const last = children[children.length - 1];
  if (!last) return undefined;
  if (last.type === 'mdxTextExpression') {
    const match = COMMENT_ID.exec(last.value ?? '');
    if (!match) return undefined;
    children.pop();
    trimEnd(children);
    return match[1];
  }
  if (last.type !== 'text') return undefined;
  const match = TEXT_ID.exec(last.value ?? '');
  if (!match) return undefined;
  last.value = last.value!.slice(0, match.index);
  return match[1];
}

function trimEnd(children: AnyNode[]): void {
  const last = children[children.length - 1];
  if (last?.type === 'text') last.value = last.value!.trimEnd();
}

function resolveLinks(tree: Root, { sourcePath, resolveLink, collected }: RemarkWikiOptions): void {
  if (!sourcePath) return;
  visit(tree, ['link', 'image', 'definition'], (node) => {
    const target = (node as { url: string }).url;
    const resolved = resolveLink(target, sourcePath);
    collected.links.push({ target, line: node.position?.start.line ?? 0, resolved });
    (node as { url: string }).url = resolved.href;
    if (resolved.external && node.type === 'link') {
      const data = (node.data ??= {}) as { hProperties?: Record<string, string> };
      data.hProperties = { ...data.hProperties, target: '_blank', rel: 'noopener noreferrer' };
    }
  });
}

/** Fenced code, `$math$` and `$$math$$` become the HTML the Markdown renderer makes of them. */
function replaceCodeAndMath(tree: Root, options: RemarkWikiOptions): void {
  const { collected } = options;
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return;
    const any = node as unknown as AnyNode;
    let html: string | undefined;
    if (any.type === 'code') {
      const lang = (any.lang as string | null) ?? '';
      if (lang === 'mermaid') collected.usesMermaid = true;
      html = options.renderCodeBlock(any.value ?? '', [lang, (any.meta as string | null) ?? ''].join(' ').trim());
    } else if (any.type === 'math' || any.type === 'inlineMath') {
      collected.usesMath = true;
      html = options.renderMath(any.value ?? '', any.type === 'math');
    }
    if (html === undefined) return;
    (parent as Parent).children[index] = { type: 'html', value: html, position: node.position } as RootContent;
  });
}

/**
 * `:::tip[Title]` containers become admonitions (the markup of src/node/markdown/admonitions.ts). Any other
 * directive is text the author wrote (`10:30`, `:smile:`), put back as it was, as Docusaurus does.
 */
function rewriteDirectives(tree: Root, file: VFile): void {
  const source = String(file.value);
  visit(tree, (node, index, parent) => {
    const any = node as unknown as AnyNode;
    if (!DIRECTIVES.has(any.type) || !parent || index === undefined) return;
    const type = admonitionTypes.find((known) => known === any.name);
    if (any.type === 'containerDirective' && type) {
      toAdmonition(any, type);
      return;
    }
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const text = start !== undefined && end !== undefined ? source.slice(start, end) : `:${String(any.name)}`;
    const replacement: AnyNode =
      any.type === 'textDirective'
        ? { type: 'text', value: text }
        : { type: 'paragraph', children: [{ type: 'text', value: text }] };
    (parent as Parent).children[index] = replacement as unknown as RootContent;
  });
}

const DIRECTIVES = new Set(['containerDirective', 'leafDirective', 'textDirective']);

function toAdmonition(node: AnyNode, type: string): void {
  const children = node.children ?? [];
  const label = children[0]?.data?.directiveLabel ? children.shift() : undefined;
  const heading = { hName: 'p', hProperties: { className: ['admonition-heading'] } };
  const title: AnyNode = label
    ? { ...label, data: heading }
    : { type: 'paragraph', children: [{ type: 'text', value: type }], data: heading };
  const content: AnyNode = {
    type: 'admonitionContent',
    children,
    data: { hName: 'div', hProperties: { className: ['admonition-content'] } },
  };
  node.children = [title, content];
  node.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${type}`] } };
}
