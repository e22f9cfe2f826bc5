/**
 * Stage 6 for MDX notes: every MDX note compiled, bundled with what it imports, and rendered to static HTML before the
 * Markdown notes are parsed; each then goes through the stream like any note's content. Runs only when a site has
 * MDX notes: the compiler is loaded on demand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodeEntities } from '../../shared/html.js';
import type { SourcePath } from '../../shared/paths.js';
import type { DocCardItem, SidebarItem, TocItem } from '../../shared/types.js';
import { cachedEntry, cacheEntryPath, contentHash, engineCacheDir } from '../bundleCache.mjs';
import type { BuildContext } from '../context.js';
import { isPathInside, posixPathBelow, toPosixPath } from '../filePaths.js';
import { engineRoot } from '../engineRoot.js';
import { renderCodeBlock } from '../markdown/codeBlocks.js';
import { createHighlighter } from '../markdown/highlight.js';
import { renderMath } from '../markdown/math.js';
import type { HeadingInfo } from '../markdown/noteEnv.js';
import type { Note, NoteContent, NoteSummary } from '../notes/note.js';
import type { NoteParser } from '../notes/parseNotes.js';
import { formatBuildErrors } from '../render/loadRenderer.js';
import { buildDocCards } from '../resolve/generatedIndex.js';
import { bundleMdxNotes, type MdxBundle, type MdxBundleHooks, type MdxEntry } from './bundleMdx.js';
import { compileMdx } from './compileMdx.js';
import { isMdxNote } from './isMdxNote.js';
import { createRawHtmlStore, type MdxCollected, type RawHtmlStore } from './remarkWiki.js';
import { importModule } from '../engineHooks.js';

export interface MdxNotesInput {
  readonly notes: readonly Note[];
  readonly summaries: readonly NoteSummary[];
  /** Every sidebar by id: `<DocCardList />` on a category's note lists that category's items. */
  readonly sidebars: ReadonlyMap<string, readonly SidebarItem[]>;
  readonly parser: NoteParser;
}

/** The rendered content of each MDX note that compiled and rendered, by source path; failures are reported. */
export async function renderMdxNotes(
  context: BuildContext,
  input: MdxNotesInput,
): Promise<ReadonlyMap<SourcePath, NoteContent>> {
  const notes = input.notes.filter((note) => isMdxNote(note, context.config.markdown.format));
  if (notes.length === 0) return new Map();
  const entries: MdxEntry[] = notes.map((note) => ({
    filePath: note.filePath,
    source: '\n'.repeat(note.lineOffset) + note.body,
  }));
  const collected = new Map<string, MdxCollected>();
  const partials = new Map<string, MdxCollected>();
  const failed = new Set<string>();
  const raw = createRawHtmlStore();
  // One highlighter for the stage: its languages load once, for the compile and for `<CodeBlock>` alike.
  const highlight = createHighlighter();
  const codeBlock = (code: string, info: string) => renderCodeBlock(code, info, highlight);
  const hooks = createHooks(context, { parser: input.parser, collected, partials, failed, raw, codeBlock });
  const { module, importsOf } = await loadBundle(context, entries, hooks);
  const contents = new Map<SourcePath, NoteContent>();
  for (const note of notes) {
    const own = collected.get(note.filePath);
    if (!own || failed.has(note.filePath)) continue;
    const data = withPartials(own, note.filePath, importsOf, partials);
    const content = renderOne(context, module, note, data, { ...input, raw, codeBlock });
    if (content) contents.set(note.sourcePath, content);
  }
  return contents;
}

/**
 * A note's links and needs with those of the partials it renders, theirs too: a picture a partial shows is published
 * and a link it has checked (on the note's page, as Docusaurus reports it; the line is the partial's, so none is
 * given), and math in a partial loads KaTeX's stylesheet on the note's page.
 */
function withPartials(
  own: MdxCollected,
  filePath: string,
  importsOf: ReadonlyMap<string, readonly string[]>,
  partials: ReadonlyMap<string, MdxCollected>,
): MdxCollected {
  const seen = new Set([filePath]);
  const pending = [...(importsOf.get(filePath) ?? [])];
  const data: MdxCollected = { ...own, links: [...own.links] };
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...(importsOf.get(file) ?? []));
    const partial = partials.get(file);
    if (!partial) continue;
    data.links.push(...partial.links.map((link) => ({ ...link, line: 0 })));
    data.usesMath ||= partial.usesMath;
    data.usesMermaid ||= partial.usesMermaid;
  }
  return data;
}

type CodeBlockRenderer = (code: string, info: string) => string;

interface MdxModule {
  renderMdxNote(filePath: string, page: object): string;
}

function renderOne(
  context: BuildContext,
  module: MdxModule,
  note: Note,
  data: MdxCollected,
  input: MdxNotesInput & { readonly raw: RawHtmlStore; readonly codeBlock: CodeBlockRenderer },
): NoteContent | undefined {
  const { config } = context;
  const toc: TocItem[] = data.headings
    .filter((heading) => heading.level >= 2)
    .map(({ id, html, level }) => ({ id, html, level }));
  const page = {
    toc,
    cards: categoryCards([...input.sidebars.values()].flat(), note.route, input.summaries),
    baseUrl: config.baseUrl,
    siteConfig: {
      title: config.title,
      tagline: config.tagline,
      url: config.url,
      baseUrl: config.baseUrl,
      customFields: {},
    },
    renderCodeBlock: input.codeBlock,
  };
  try {
    const html = input.raw.expand(module.renderMdxNote(note.filePath, page));
    const headings = headingsOf(html, data.headings);
    const headingIds = new Set(headings.map((heading) => heading.id));
    const htmlIds = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!).filter((id) => !headingIds.has(id));
    return {
      html,
      headings,
      links: data.links,
      htmlIds,
      ...(data.usesMath && { usesMath: true as const }),
      ...(data.usesMermaid && { usesMermaid: true as const }),
    };
  } catch (error) {
    context.diagnostics.add({
      severity: 'error',
      code: 'mdx-render',
      file: context.displayPath(note.filePath),
      message: `This MDX note failed to render: ${(error as Error).message}`,
      hint: 'Fix the component or expression that threw (the message names it), or remove it.',
    });
    return undefined;
  }
}

/**
 * The headings of the rendered page, in order: the note's own and those of the partials it renders (Docusaurus lists
 * both in the TOC). The note's own keep the line they were collected with; a partial's has no line in the note.
 */
function headingsOf(html: string, own: readonly HeadingInfo[]): HeadingInfo[] {
  const lines = new Map(own.map((heading) => [heading.id, heading.line]));
  const headings: HeadingInfo[] = [];
  for (const match of html.matchAll(/<h([1-6]) id="([^"]*)"[^>]*>([^]*?)<\/h\1>/g)) {
    const id = decodeEntities(match[2]!);
    const inner = match[3]!.replace(/<a [^>]*class="hash-link"[^>]*>[^]*?<\/a>/g, '');
    const text = decodeEntities(inner.replace(/<[^>]+>/g, ''));
    headings.push({
      id,
      level: Number(match[1]),
      text,
      html: inner.replace(/<\/?a\b[^>]*>/g, ''),
      line: lines.get(id) ?? 0,
      isFirstBlock: headings.length === 0 && match.index === html.search(/<[a-z]/i),
    });
  }
  return headings;
}

function createHooks(
  context: BuildContext,
  {
    parser,
    collected,
    partials,
    failed,
    raw,
    codeBlock,
  }: {
    parser: NoteParser;
    collected: Map<string, MdxCollected>;
    /** What each partial's compile collected (its links, math), for the notes that render it. */
    partials: Map<string, MdxCollected>;
    failed: Set<string>;
    raw: RawHtmlStore;
    codeBlock: CodeBlockRenderer;
  },
): MdxBundleHooks {
  const sourcePathOf = (filePath: string) => posixPathBelow(context.docsDir, filePath) as SourcePath | undefined;
  return {
    siteDir: context.siteDir,
    displayPath: context.displayPath,
    formatOf: (filePath, source) =>
      isMdxNote({ sourcePath: filePath, body: source }, context.config.markdown.format) ? 'mdx' : 'md',
    async compile(filePath, source, format, entry) {
      const data: MdxCollected = { headings: [], links: [], usesMath: false, usesMermaid: false };
      (entry ? collected : partials).set(filePath, data);
      const options = {
        sourcePath: sourcePathOf(filePath),
        resolveLink: parser.resolveLink,
        renderCodeBlock: codeBlock,
        renderMath,
        collected: data,
        raw,
      };
      try {
        return await compileMdx({ filePath, source, format }, options);
      } catch (error) {
        failed.add(filePath);
        reportCompileError(context, filePath, error);
        return 'export default function Failed() { return null; }';
      }
    },
    importFile(importer, filePath) {
      const data = collected.get(importer) ?? partials.get(importer);
      if (isPathInside(filePath, context.staticDir))
        return context.config.baseUrl + toPosixPath(path.relative(context.staticDir, filePath));
      const from = sourcePathOf(importer);
      if (!data || from === undefined || !isPathInside(filePath, context.docsDir)) return undefined;
      // As a Markdown link to the file from the importing file: the same URL, published the same way.
      const target = toPosixPath(path.relative(path.dirname(importer), filePath));
      const resolved = parser.resolveLink(target.startsWith('.') ? target : `./${target}`, from);
      if (!resolved.asset) return undefined;
      data.links.push({ target, line: 0, resolved });
      return resolved.href;
    },
    report(importer, message, hint, specifier) {
      failed.add(importer);
      // The files it would be, once made, are inputs too: a build made then differs (and `wiki dev` watches them).
      for (const file of filesAnImportNames(specifier, importer, context.siteDir)) context.inputFiles.add(file);
      context.diagnostics.add({
        severity: 'error',
        code: 'mdx-import',
        file: context.displayPath(importer),
        ...lineOf(importer, specifier),
        message,
        hint,
      });
    },
  };
}

/** The compiler's message with the file, line and column it gives, and the usual fix. */
function reportCompileError(context: BuildContext, filePath: string, error: unknown): void {
  const { line, column, reason, message } = error as {
    line?: number;
    column?: number;
    reason?: string;
    message: string;
  };
  context.diagnostics.add({
    severity: 'error',
    code: 'mdx-syntax',
    file: context.displayPath(filePath) + (line && column ? `:${line}:${column}` : ''),
    message: `This MDX does not compile: ${reason ?? message}`,
    hint: 'In MDX, `<` and `{` start JSX and expressions: write them as `\\<` and `\\{` in text, close every tag, or rename a plain Markdown note to .md.',
  });
}

/** What esbuild tries for an import without an extension (its default resolveExtensions), and the MDX partials. */
const IMPORT_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.css', '.json', '.mdx', '.md'];

/**
 * The files a relative or `@site/` import that resolves to nothing would name: the path as written, and with each
 * extension tried when it has none. A package's name names no file of the site.
 */
export function filesAnImportNames(specifier: string, importer: string, siteDir: string): string[] {
  const base = specifier.startsWith('@site/')
    ? path.resolve(siteDir, specifier.slice('@site/'.length))
    : /^\.\.?\//.test(specifier)
      ? path.resolve(path.dirname(importer), specifier)
      : undefined;
  if (base === undefined) return [];
  return path.extname(base) ? [base] : [base, ...IMPORT_EXTENSIONS.map((extension) => base + extension)];
}

function lineOf(filePath: string, text: string): { line?: number } {
  try {
    const source = fs.readFileSync(filePath, 'utf8');
    const index = source.indexOf(text);
    return index === -1 ? {} : { line: source.slice(0, index).split('\n').length };
  } catch {
    return {};
  }
}

async function loadBundle(
  context: BuildContext,
  entries: MdxEntry[],
  hooks: MdxBundleHooks,
): Promise<{ module: MdxModule; importsOf: MdxBundle['importsOf'] }> {
  let bundle: MdxBundle;
  try {
    bundle = await bundleMdxNotes(entries, hooks);
    for (const input of bundle.inputs) context.inputFiles.add(input);
  } catch (error) {
    throw new Error(`Can't bundle the site's MDX notes:\n${formatBuildErrors(error, context)}`);
  }
  const { code, importsOf } = bundle;
  const file = await cachedEntry(
    cacheEntryPath(engineCacheDir(engineRoot), 'mdx', contentHash(code), '.mjs'),
    (staging) => fs.writeFileSync(staging, code),
  );
  return { module: (await importModule(pathToFileURL(file).href)) as MdxModule, importsOf };
}

/** The cards `<DocCardList />` shows on a category's own note: the category's items, as the sidebar has them. */
function categoryCards(
  sidebar: readonly SidebarItem[],
  route: string,
  summaries: readonly NoteSummary[],
): DocCardItem[] {
  const category = findCategory(sidebar, route);
  if (!category) return [];
  return buildDocCards(category.items, new Map(summaries.map((summary) => [summary.route as string, summary])));
}

function findCategory(
  items: readonly SidebarItem[],
  route: string,
): Extract<SidebarItem, { type: 'category' }> | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === route) return item;
    const inner = findCategory(item.items, route);
    if (inner) return inner;
  }
  return undefined;
}
