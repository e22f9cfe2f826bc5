/**
 * The raw HTML policy (issue 21, item 4), on test/fixtures/raw-html built by the real CLI: by default a note's raw
 * HTML is published as written, as Docusaurus does; with `markdown: { rawHtml: 'sanitize' }` (wiki.sanitize.config.ts)
 * neither `wiki build` nor `wiki dev` publishes a script, an event handler or a `javascript:` URL, in the page, its
 * table of contents or the route's JSON, while code blocks stay escaped text and the engine's own markup is kept.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/node/config/loadConfig.js';
import { buildDevSite, type DevSite, readSiteFile } from '../../src/node/dev/devSite.js';
import { updateNote } from '../../src/node/dev/updateNote.js';
import { buildFixture, fixturesDir, makeTempDir, readBuilt, runWiki } from '../helpers/cli.js';
import { copyFixtureSite } from '../helpers/devServer.js';
import { findExecutable } from '../helpers/hostileMarkup.js';

const siteDir = path.join(fixturesDir, 'raw-html');

/** The note's HTML in a built page (between the article's content div and its end). */
function noteHtml(page: string): string {
  const start = page.indexOf('<div class="markdown doc-markdown">');
  assert.ok(start >= 0, 'the page has the note content');
  return page.slice(start, page.indexOf('</article>', start)); // with what follows the note (its backlinks)
}

function tocHtml(page: string): string {
  return /<ul class="table-of-contents">[^]*?<\/ul>/.exec(page)?.[0] ?? '';
}

/** The route's JSON (client navigation): the note's HTML and its table of contents' entries. */
function routeDataHtml(outDir: string, route: string): string[] {
  const data = JSON.parse(readBuilt(outDir, `__data/${route}.json`)) as {
    contentHtml: string;
    toc: Array<{ html: string }>;
  };
  return [data.contentHtml, ...data.toc.map((entry) => entry.html)];
}

describe('raw HTML in notes', () => {
  let allowed: string;
  let sanitized: string;

  before(async () => {
    const built = await buildFixture('raw-html');
    assert.equal(built.code, 0, built.stderr);
    allowed = built.outDir;
    sanitized = path.join(makeTempDir('wiki-raw-html-'), 'build');
    const result = await runWiki(
      ['build', '--config', path.join(siteDir, 'wiki.sanitize.config.ts'), '--out', sanitized],
      { cwd: siteDir },
    );
    assert.equal(result.code, 0, result.stderr);
  });

  it("is published as written by default (the notes are the owner's, as in Docusaurus)", () => {
    const page = readBuilt(allowed, 'hostile.html');
    const note = noteHtml(page);
    for (const raw of [
      `<script>window.__ran = 'script'</script>`,
      `<p onclick="window.__ran = 'onclick'" title="kept title">`,
      `href="javascript:window.__ran='link'"`,
      `onerror="window.__ran = 'onerror'"`,
      '<iframe src="data:text/html,',
      '<style>body',
    ]) {
      assert.ok(note.includes(raw), `kept as written: ${raw}`);
    }
    assert.deepEqual(findExecutable(tocHtml(page)), ['img onerror'], "the heading's raw HTML is in the TOC too");
    assert.ok(findExecutable(note).length >= 8, findExecutable(note).join(', '));
  });

  it("with markdown.rawHtml: 'sanitize', no script, handler or script URL is in the page, its TOC or its JSON", () => {
    const page = readBuilt(sanitized, 'hostile.html');
    assert.deepEqual(findExecutable(noteHtml(page)), []);
    assert.deepEqual(findExecutable(tocHtml(page)), []);
    assert.deepEqual(routeDataHtml(sanitized, 'hostile').flatMap(findExecutable), []);
    assert.ok(
      routeDataHtml(allowed, 'hostile').flatMap(findExecutable).length >= 8,
      'the JSON of the default build has them',
    );
    for (const kept of [
      '<p title="kept title">Click me</p>',
      '<a>A javascript link</a>',
      '<img src="missing.png" alt="A broken image" />',
      '<details><summary>Details stay</summary>Their text too.</details>',
    ]) {
      assert.ok(page.includes(kept), `kept: ${kept}`);
    }
    assert.match(tocHtml(page), /A heading with <img src="x" \/> markup/);
    assert.equal(page.match(/id="__wiki-boot"/g)?.length, 1, "no element of the note takes the boot data's id");
  });

  it('code blocks stay escaped text under either policy', () => {
    for (const outDir of [allowed, sanitized]) {
      const note = noteHtml(readBuilt(outDir, 'hostile.html'));
      assert.match(note, /<span class="token punctuation">&lt;<\/span>img<\/span>/);
      assert.ok(note.includes('<code>&lt;script&gt;alert(2)&lt;/script&gt;</code>'));
    }
  });

  it("keeps the engine's own markup around raw HTML: links, task lists, table alignment, admonitions", () => {
    const note = noteHtml(readBuilt(sanitized, 'hostile.html'));
    for (const kept of [
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">external link</a>',
      '<li class="task-list-item"><input type="checkbox" disabled checked /> done</li>',
      '<th style="text-align:right">Right</th>',
      '<div class="admonition admonition-note"><p class="admonition-heading">Kept</p>',
      'An admonition with <span>raw HTML</span> inside.',
    ]) {
      assert.ok(note.includes(kept), `kept: ${kept}`);
    }
  });

  it('leaves a note without raw HTML exactly as the default does (markdown-it has escaped it already)', () => {
    assert.equal(readBuilt(sanitized, '__data/intro.json'), readBuilt(allowed, '__data/intro.json'));
  });
});

describe("raw HTML in notes under wiki dev with rawHtml: 'sanitize'", () => {
  // In process, as `wiki dev` builds and updates its site (its HTTP server is tested elsewhere).
  let devSite: DevSite;
  let docsDir: string;
  before(async () => {
    const dir = makeTempDir('wiki-raw-html-dev-');
    copyFixtureSite(path.join(siteDir, 'docs'), dir, 'Raw HTML Wiki');
    const configPath = path.join(dir, 'wiki.config.ts');
    fs.writeFileSync(
      configPath,
      `export default { title: 'Raw HTML Wiki', url: 'https://fixture.example.com', markdown: { rawHtml: 'sanitize' } };\n`,
    );
    docsDir = path.join(dir, 'docs');
    devSite = await buildDevSite({ config: await loadConfig(configPath), configPath });
  });
  after(() => {
    if (devSite) devSite.cancelled = true;
  });

  const page = async (relPath: string) => String(await readSiteFile(devSite, relPath));

  it('serves the note sanitised, its TOC too', async () => {
    const html = await page('hostile.html');
    assert.deepEqual([...findExecutable(noteHtml(html)), ...findExecutable(tocHtml(html))], []);
    assert.ok(html.includes('<p title="kept title">Click me</p>'));
  });

  it('an edited note is sanitised as it is rendered again', async () => {
    const notePath = path.join(docsDir, 'hostile.md');
    fs.writeFileSync(
      notePath,
      `# Hostile note\n\n<button onclick="window.__ran = 'edit'">Edited</button> <a href="vbscript:msgbox(1)">vb</a>\n`,
    );
    assert.equal(updateNote(devSite, notePath).kind, 'page', 'rendered again on its own (its TOC changed)');
    const html = await page('hostile.html');
    assert.deepEqual(findExecutable(noteHtml(html)), []);
    assert.match(noteHtml(html), /Edited/);
  });
});
