/** `wiki init [DIR]`: a starter wiki.config.ts (and docs/intro.md when there are no notes yet), never over a file. */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { docusaurusConfigNames, wikiConfigNames } from './findConfig.js';

/** What `wiki init` did in a folder: the files it wrote and those it kept. */
export interface InitResult {
  readonly written: string[];
  readonly kept: string[];
  /** A config that was already there (wiki.config.* or docusaurus.config.*), read instead of a new one. */
  readonly existingConfig?: string;
}

/** Writes the starter files into `siteDir` (made when missing); an existing file is kept, never overwritten. */
export function initSite(siteDir: string): InitResult {
  fs.mkdirSync(siteDir, { recursive: true });
  const written: string[] = [];
  const kept: string[] = [];
  const existingConfig = [...wikiConfigNames, ...docusaurusConfigNames].find((name) =>
    fs.existsSync(path.join(siteDir, name)),
  );
  if (existingConfig) kept.push(existingConfig);
  else writeNew(siteDir, 'wiki.config.ts', starterConfig(path.basename(path.resolve(siteDir))), written);
  const docsDir = path.join(siteDir, 'docs');
  if (!fs.existsSync(docsDir)) writeNew(siteDir, 'docs/intro.md', starterNote, written);
  return { written, kept, ...(existingConfig && { existingConfig }) };
}

/** Writes a file that does not exist yet ('wx' fails rather than replace one made meanwhile). */
function writeNew(siteDir: string, relPath: string, text: string, written: string[]): void {
  const file = path.join(siteDir, relPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { flag: 'wx' });
  written.push(relPath);
}

/** The starter config: the folder's name as title, the common options commented out. */
export function starterConfig(folderName: string): string {
  const title = folderName.trim() || 'My notes';
  return `// The site's configuration, read by \`wiki build\` and \`wiki dev\` (every option, with its default: the engine's
// src/node/config/schema.ts). Paths are relative to this file's folder.
export default {
  title: ${quote(title)},
  // tagline: 'What this site is about',
  url: 'http://localhost', // where the site is published, e.g. 'https://notes.example.com'
  baseUrl: '/', // its path there, e.g. '/notes/'
  docsDir: 'docs', // the notes: one .md or .mdx file per page, folders become sidebar categories
  staticDir: 'static', // files published as they are: static/img/a.png is /img/a.png
  // favicon: 'img/favicon.ico',
  // editUrl: 'https://github.com/you/notes/edit/main/docs/', // an "Edit this page" link: this + the note's path
  // docs: { routeBasePath: '/' }, // serve the notes under e.g. '/docs/'
  navbar: {
    title: ${quote(title)},
    items: [
      // { href: 'https://github.com/you', label: 'GitHub', position: 'right' },
    ],
  },
  // footer: { links: [{ label: 'Search', to: '/search' }], copyright: 'Notes by me.' },
  // colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
  // search: { provider: 'local' }, // or 'algolia' / 'typesense' with appId, apiKey and indexName
  onBrokenLinks: 'warn', // or 'throw' to fail the build on a broken link
};
`;
}

// `slug: /` makes it the home page: the site answers at its root.
const starterNote = `---
slug: /
sidebar_position: 1
---

# Introduction

This is the first note. Each Markdown file in \`docs/\` is a page; each folder is a category of the sidebar.

Link to another note by its path, e.g. \`[Setup](./setup.md)\`.
`;

/** A single-quoted TypeScript string. */
function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The `wiki init [DIR]` command: prints what it wrote, what it kept and what to run next. */
export function runInit(args: readonly string[]): number {
  const { positionals } = parseArgs({ args: [...args], allowPositionals: true, options: {} });
  if (positionals.length > 1) {
    console.error(`error wiki init takes one folder, not ${positionals.length}.\n    Run \`wiki init DIR\`.`);
    return 2;
  }
  const dir = positionals[0] ?? '.';
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) {
    console.error(`error ${dir} is a file, not a folder.\n    Run \`wiki init\` with a folder (a new one is made).`);
    return 1;
  }
  const result = initSite(dir);
  for (const file of result.written) console.log(`Wrote ${path.join(dir, file)}`);
  if (result.existingConfig)
    console.log(
      `Kept ${path.join(dir, result.existingConfig)}: it is the site's config already (nothing overwritten).`,
    );
  if (!result.written.includes('docs/intro.md')) console.log(`Kept ${path.join(dir, 'docs')}/: the notes are there.`);
  const cd = path.resolve(dir) === process.cwd() ? '' : `cd ${/^[\w./-]+$/.test(dir) ? dir : JSON.stringify(dir)} && `;
  console.log(
    `\nNext: \`${cd}wiki dev\` to write with a live preview, or \`${cd}wiki build\` to build the site into build/.`,
  );
  return 0;
}
