/**
 * Notes of an in-memory Obsidian vault rendered as a build renders them: the wikilink index of every note, the link
 * resolver of their routes, and the renderer with the vault's Obsidian settings. Attachments live in
 * test/fixtures/obsidian-vault/docs (images/pic.png, files/pic.png, files/paper.pdf, song.mp3, clip.mp4).
 */
import path from 'node:path';
import { siteConfigSchema, type SiteConfigInput } from '../../src/node/config/schema.js';
import { createMarkdownRenderer, renderNote, type NoteContent } from '../../src/node/markdown/renderNote.js';
import { splitFrontMatter } from '../../src/node/notes/frontMatter.js';
import { createLinkResolver } from '../../src/node/resolve/links.js';
import { createObsidianMarkdown } from '../../src/node/resolve/wikilinks.js';
import { asRoute, asSourcePath } from '../../src/shared/paths.js';
import { fixturesDir } from './cli.js';

export const vaultDocsDir = path.join(fixturesDir, 'obsidian-vault/docs');

export interface Vault {
  /** Whether `markdown.obsidian` ('auto' decided) is on. */
  readonly enabled: boolean;
  render(sourcePath: string): NoteContent;
  inlineTags(sourcePath: string): readonly string[] | undefined;
}

/** A vault of notes (source path -> Markdown with front matter); each note's route is its path without `.md`. */
export function createVault(
  files: Readonly<Record<string, string>>,
  markdown: NonNullable<SiteConfigInput['markdown']> = {},
  docsDir = vaultDocsDir,
): Vault {
  const config = siteConfigSchema.parse({ title: 'Vault', url: 'https://vault.example.com', markdown });
  const notes = Object.entries(files).map(([file, source]) => {
    const split = splitFrontMatter(source);
    return {
      sourcePath: asSourcePath(file),
      frontMatter: split.frontMatter,
      body: split.body,
      lineOffset: split.bodyLineOffset,
    };
  });
  const obsidian = createObsidianMarkdown({ notes, docsDir, config });
  const resolveLink = createLinkResolver({
    routes: notes.map((note) => [note.sourcePath, asRoute(`/${note.sourcePath.replace(/\.md$/, '')}`)] as const),
    docsDir,
    staticFiles: new Set(),
    extraRoutes: new Set(['/tags/rust', '/tags/web/node']),
    baseUrl: '/',
  });
  const md = createMarkdownRenderer({ enabled: obsidian.enabled, breaks: obsidian.breaks });
  const byPath = new Map(notes.map((note) => [note.sourcePath as string, note]));
  return {
    enabled: obsidian.enabled,
    render: (sourcePath) => {
      const note = byPath.get(sourcePath)!;
      return renderNote(md, { ...note, resolveLink, obsidian });
    },
    inlineTags: (sourcePath) => obsidian.inlineTags(asSourcePath(sourcePath)),
  };
}
