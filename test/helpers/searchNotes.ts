/** Random notes for the search index's tests (from seededRandom.ts), as records and as a full index's files. */
import { createMarkdownRenderer, renderNote } from '../../src/node/markdown/renderNote.js';
import { buildLocalIndexFiles } from '../../src/node/search/indexFiles.js';
import type { RecordNote, RecordPage } from '../../src/node/search/records.js';
import { asDocId, asRoute, asSourcePath } from '../../src/shared/paths.js';

const md = createMarkdownRenderer();
export const INDEX_DIR = 'search/';
const WORDS = 'alpha beta gamma delta kubernetes rust tokio node.js c++ café 東京 zebra quartz x1 y2'.split(' ');

export interface Source {
  readonly route: string;
  readonly title: string;
  readonly body: string;
}

export function randomBody(random: () => number): string {
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const sentence = () => Array.from({ length: 3 + Math.floor(random() * 12) }, pick).join(' ');
  const parts: string[] = random() < 0.5 ? [`# ${sentence()}`] : [];
  const sections = Math.floor(random() * 4);
  for (let section = 0; section <= sections; section++) {
    if (section > 0) parts.push(`${'#'.repeat(2 + Math.floor(random() * 3))} ${sentence()}`);
    // Now and then a section long enough for several chunks (records are cut at 1,500 characters).
    const paragraphs = random() < 0.1 ? 40 : Math.floor(random() * 4);
    for (let paragraph = 0; paragraph < paragraphs; paragraph++) parts.push(sentence());
  }
  return parts.join('\n\n');
}

export function toRecordNote(source: Source): RecordNote {
  const rendered = renderNote(md, {
    sourcePath: asSourcePath(`${source.route.slice(1)}.md`),
    body: source.body,
    lineOffset: 0,
    resolveLink: (href) => ({ href, external: true }),
  });
  return {
    id: asDocId(source.route.slice(1)),
    route: asRoute(source.route),
    title: source.title,
    html: rendered.html,
    headings: rendered.headings,
    contentHasTitle: rendered.headings[0]?.level === 1,
  };
}

export function pagesOf(sources: readonly Source[]): RecordPage[] {
  return sources.map((source, index) => ({
    route: asRoute(source.route),
    breadcrumbs: [{ label: `Topic ${index % 3}`, href: asRoute('/topic/') }, { label: source.title }],
  }));
}

export function fullIndex(sources: readonly Source[]): Map<string, string> {
  const files = new Map<string, string>();
  const input = { pages: pagesOf(sources), urlPrefix: '/', indexDir: INDEX_DIR };
  buildLocalIndexFiles(input, sources.map(toRecordNote), (relPath, text) => files.set(relPath, text));
  return files;
}
