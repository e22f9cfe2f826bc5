import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { makeTempDir, runWiki, type CliResult } from '../helpers/cli.js';
import { FOLDER_NOTES, ROOT_NOTES, WINDOW_MOST, writeWideNotes } from '../helpers/wideSite.js';
import { listFiles, sidebarHrefs } from './builtSite.js';

// A site shaped like hostile input: 160 notes in the docs folder itself and 400 more in one subfolder, more than
// SIDEBAR_WIDE_LIST (100) each, and a note whose title is 200 KB. Each page must carry a bounded part of those lists,
// every note must stay reachable without JavaScript, and the long title must not be copied into other pages.
const LONG_TITLE = `Long ${'t'.repeat(200_000)}`;

/** Writes the site; no note links another, so only the sidebar and the listing pages can lead to them. */
function writeWideSite(): string {
  const siteDir = makeTempDir('wiki-wide-');
  const docs = path.join(siteDir, 'docs');
  writeWideNotes(docs);
  fs.writeFileSync(path.join(docs, 'wide/note-200-long.md'), `---\ntitle: ${LONG_TITLE}\n---\n\nText.\n`);
  fs.writeFileSync(
    path.join(siteDir, 'wiki.config.mjs'),
    "export default { title: 'Wide', url: 'https://wide.example.com' };\n",
  );
  return siteDir;
}

/** The site file an href of the site leads to, or undefined when it leads elsewhere. */
function fileOfHref(href: string, files: ReadonlySet<string>): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  const route = decodeURI(href.split(/[?#]/)[0]!).slice(1);
  const candidates =
    route === '' || route.endsWith('/')
      ? [`${route}index.html`, `${route.replace(/\/$/, '')}.html`]
      : [`${route}.html`, route];
  return candidates.find((candidate) => files.has(candidate));
}

describe('a folder far wider than the sidebar shows', () => {
  let build: CliResult;
  let outDir: string;
  let files: string[];
  const read = (relPath: string) => fs.readFileSync(path.join(outDir, relPath), 'utf8');
  before(async () => {
    const siteDir = writeWideSite();
    outDir = path.join(siteDir, 'build');
    build = await runWiki(['build', '--config', path.join(siteDir, 'wiki.config.mjs'), '--out', outDir], {
      cwd: siteDir,
    });
    files = listFiles(outDir);
  });

  it('builds, and warns of the long title with the note and what to set', () => {
    assert.equal(build.code, 0, build.stderr);
    const warning = `${build.stdout}\n${build.stderr}`.split('\n').find((line) => line.includes('[long-title]'));
    assert.ok(warning, build.stdout);
    assert.match(warning, /docs\/wide\/note-200-long\.md: Its title is 200,005 characters long/);
    assert.match(
      `${build.stdout}\n${build.stderr}`,
      /Set a shorter `title` in its front matter \(300 characters at most\)/,
    );
  });

  it('keeps every page small: a window of each wide list, and the long title cut wherever it is repeated', () => {
    const pages = files.filter((file) => file.endsWith('.html') && !file.startsWith('assets/'));
    assert.equal(pages.length, 1 + ROOT_NOTES + 1 + FOLDER_NOTES + 1 + 2); // + the search and not-found pages
    const oversized = pages.filter((file) => fs.statSync(path.join(outDir, file)).size > 40_000);
    assert.deepEqual(oversized, []);
    const neighbour = read('wide/note-199.html');
    assert.ok(
      neighbour.includes(`${'t'.repeat(250)}`) && !neighbour.includes('t'.repeat(300)),
      'the neighbour links to it by a cut title',
    );
  });

  it('shows a window of the folder around the page, and "Show all" as a link to its listing', () => {
    const hrefs = sidebarHrefs(read('wide/note-300.html'));
    const inFolder = hrefs.filter((href) => href.startsWith('/wide/note-'));
    assert.ok(inFolder.length <= WINDOW_MOST, `${inFolder.length} notes of the folder`);
    assert.ok(inFolder.includes('/wide/note-300'));
    assert.ok(inFolder.includes('/wide/note-000'), 'the first notes too');
    assert.match(
      read('wide/note-300.html'),
      /<a class="menu__link menu__link--more" href="(\/assets\/sidebar-[0-9a-f]+\/list-\d+\/)">Show all 401 notes<\/a>/,
    );
    assert.match(
      read('wide/note-300.html'),
      /<a class="menu__link menu__link--more" href="\/assets\/sidebar-[0-9a-f]+\/list-root\/">Show all 162 notes<\/a>/,
    );
  });

  it('keeps every sidebar file the browser loads small', () => {
    const sidebarFiles = files.filter((file) => /^assets\/sidebar-[0-9a-f]+\/.+\.json$/.test(file));
    const largest = Math.max(...sidebarFiles.map((file) => fs.statSync(path.join(outDir, file)).size));
    assert.ok(largest < 40_000, `largest sidebar file: ${largest} B`);
  });

  it('leads to every note without JavaScript, from the sidebars and the listing pages alone', () => {
    const fileSet = new Set(files);
    const seen = new Set(['index.html']);
    const queue = ['index.html'];
    while (queue.length > 0) {
      const file = queue.shift()!;
      const html = read(file);
      // Sidebar links on pages; every list link on a listing page (the no-JavaScript "Show all").
      const hrefs = file.startsWith('assets/')
        ? [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!)
        : sidebarHrefs(html);
      for (const href of hrefs) {
        const target = fileOfHref(href.replace(/&amp;/g, '&'), fileSet);
        if (target && target.endsWith('.html') && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    const notes = files.filter(
      (file) => file.endsWith('.html') && !file.startsWith('assets/') && !['404.html', 'search.html'].includes(file),
    );
    assert.deepEqual(
      notes.filter((file) => !seen.has(file)),
      [],
    );
  });
});
