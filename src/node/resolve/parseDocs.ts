import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type MarkdownIt from 'markdown-it';
import type { Doc, ParsedDoc } from '../docs/doc.js';
import { parseNumberPrefix } from '../docs/numberPrefix.js';
import { createExcerpt } from '../markdown/excerpt.js';
import type { LinkResolver } from '../markdown/noteEnv.js';
import { createMarkdownRenderer, renderNote } from '../markdown/renderNote.js';
import { createLinkResolver, type LinkResolverOptions } from './links.js';

/** Renders one note and derives its title and description the way the reference site does. */
export function parseDoc(doc: Doc, md: MarkdownIt, resolveLink: LinkResolver): ParsedDoc {
  const rendered = renderNote(md, { sourcePath: doc.sourcePath, body: doc.body, lineOffset: doc.lineOffset, resolveLink });
  const first = rendered.headings[0];
  const contentTitle = first?.isFirstBlock && first.level === 1 ? compatibleTitle(doc.body, first.text.trim()) : undefined;
  const title = doc.frontMatter.title ?? contentTitle ?? parseNumberPrefix(path.posix.parse(doc.sourcePath).name).name;
  const bodyWithoutTitle = contentTitle !== undefined ? removeFirstHeading(doc.body) : doc.body;
  const { body: _source, ...located } = doc;
  return {
    ...located,
    title,
    contentHasTitle: contentTitle !== undefined,
    description: doc.frontMatter.description ?? createExcerpt(bodyWithoutTitle) ?? '',
    html: rendered.html,
    headings: rendered.headings,
    links: rendered.links,
  };
}

/** Parses notes in order on this thread. */
export function parseDocsInline(docs: readonly Doc[], resolverOptions: LinkResolverOptions): ParsedDoc[] {
  const md = createMarkdownRenderer();
  const resolveLink = createLinkResolver(resolverOptions);
  return docs.map((doc) => parseDoc(doc, md, resolveLink));
}

// Measured on the 2-core machine: two threads parse only ~1.3x faster than one and each worker needs
// ~1 s to load the engine, so workers pay off only on large sites.
const minNotesForWorkers = 3000;

/** Parses notes on every core with worker threads (Markdown dominates build time); results keep input order. */
export async function parseDocs(docs: readonly Doc[], resolverOptions: LinkResolverOptions): Promise<ParsedDoc[]> {
  const workers = Math.min(os.availableParallelism(), 8);
  if (workers < 2 || docs.length < minNotesForWorkers) return parseDocsInline(docs, resolverOptions);
  const chunks = splitBySize(docs, workers);
  const results = await Promise.all(chunks.map((chunk) => parseInWorker(chunk.map((index) => docs[index]!), resolverOptions)));
  const parsed: ParsedDoc[] = new Array(docs.length);
  chunks.forEach((chunk, c) => chunk.forEach((docIndex, i) => (parsed[docIndex] = results[c]![i]!)));
  return parsed;
}

/** Deals notes out largest first to the least-loaded chunk, so every worker gets about the same bytes. */
function splitBySize(docs: readonly Doc[], count: number): number[][] {
  const chunks = Array.from({ length: count }, () => ({ size: 0, indexes: [] as number[] }));
  const bySize = docs.map((doc, index) => ({ index, size: doc.body.length })).sort((a, b) => b.size - a.size);
  for (const { index, size } of bySize) {
    const lightest = chunks.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.size += size + 2000; // a fixed cost per note beside its bytes
    lightest.indexes.push(index);
  }
  return chunks.map((chunk) => chunk.indexes).filter((indexes) => indexes.length > 0);
}

function parseInWorker(docs: readonly Doc[], resolverOptions: LinkResolverOptions): Promise<ParsedDoc[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerBootstrap(new URL('./parseWorker.ts', import.meta.url)), { eval: true, workerData: { docs, resolverOptions }, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    worker.once('message', (parsed: ParsedDoc[]) => {
      resolve(parsed);
      void worker.terminate();
    });
    worker.once('error', (error) => reject(new Error('A Markdown worker thread failed', { cause: error })));
  });
}

// The engine runs from TypeScript sources; on Node 20 a worker cannot start from a .ts file even with
// tsx's --import, so a one-line bootstrap loads it through tsx's API.
function workerBootstrap(entry: URL): string {
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`;
}

/**
 * The reference reads a title only up to the first "#" or "{" of the heading line ("# C#" is titled "C");
 * when its raw text is a prefix of the rendered text we keep that shorter title so titles match it.
 */
function compatibleTitle(body: string, renderedText: string): string {
  const raw = /^\s*#\s*([^#\n{]*)/.exec(body)?.[1]?.trim();
  return raw && raw !== renderedText && renderedText.startsWith(raw) ? raw : renderedText;
}

// Drops a leading ATX (`# Title`) or setext (`Title\n===`) heading so the excerpt starts at the first paragraph.
function removeFirstHeading(body: string): string {
  const trimmed = body.trimStart();
  const atx = /^#[^\n]*\n?/.exec(trimmed);
  if (atx) return trimmed.slice(atx[0].length);
  const setext = /^[^\n]*\n=+[ \t]*\n?/.exec(trimmed);
  return setext ? trimmed.slice(setext[0].length) : trimmed;
}
