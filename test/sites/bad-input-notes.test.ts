/**
 * Bad notes, each built by the real `wiki build`: the message says what is wrong, where (file, line) and how to
 * fix it, and no other note is lost. A failed build exits 1 and leaves the previous output as it was.
 * Binary, non-UTF-8, 10 MB and symlink-loop inputs are made in a temp folder at test time, not committed.
 * Invalid YAML, wrong field types, broken links/anchors and route clashes: see engineProblems.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { OUTPUT_MARKER } from '../../src/node/pipeline/outputFolder.js';
import { directoryFiles, startSiteServer } from '../../src/node/server/index.js';
import { fixturesDir, makeTempDir, runWiki, type CliResult } from '../helpers/cli.js';
import { copyFixtureSite } from '../helpers/devServer.js';
import { listPages, snapshotFiles } from './builtSite.js';

const basicPages = ['guides/index.html', 'guides/setup.html', 'index.html'];
interface Built extends CliResult {
  readonly outDir: string;
  /** The output folder before the build (a stand-in for the last good site). */
  readonly previous: Map<string, string>;
}

/** Builds a site folder (cwd = the site, so messages show docs/...) into an output folder holding a previous build. */
async function build(siteDir: string, args: readonly string[] = []): Promise<Built> {
  const outDir = path.join(makeTempDir('wiki-bad-out-'), 'build');
  fs.mkdirSync(outDir);
  fs.writeFileSync(path.join(outDir, 'index.html'), '<h1>The last good build</h1>');
  fs.writeFileSync(path.join(outDir, OUTPUT_MARKER), ''); // written by a build: the next may replace it
  const previous = snapshotFiles(outDir);
  const result = await runWiki(['build', '--out', outDir, ...args], { cwd: siteDir });
  return { ...result, outDir, previous };
}

/** A temp copy of the basic fixture (intro, guides, setup) with one extra file written by `addBadInput`. */
function tempSite(addBadInput: (docsDir: string) => void): string {
  const siteDir = makeTempDir('wiki-bad-');
  copyFixtureSite(path.join(fixturesDir, 'basic/docs'), siteDir, 'Bad Input Site');
  addBadInput(path.join(siteDir, 'docs'));
  return siteDir;
}

function assertFailedKeepingPrevious(built: Built): void {
  assert.equal(built.code, 1, built.stdout + built.stderr);
  assert.deepEqual(snapshotFiles(built.outDir), built.previous, 'the previous output must stay as it was');
  assert.match(built.stderr, /Build failed: .*Nothing was written; .* is unchanged\./);
}

function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('error '));
}

describe('bad notes', () => {
  it('a note that is not UTF-8: byte, line, column and an iconv fix; only that note is named', async () => {
    const built = await build(
      tempSite((docs) =>
        fs.writeFileSync(path.join(docs, 'latin.md'), Buffer.from('# Latin\n\nThe caf\xe9 on the corner.\n', 'latin1')),
      ),
    );
    assertFailedKeepingPrevious(built);
    assert.deepEqual(errorLines(built.stderr), [
      'error [invalid-utf8] docs/latin.md:3: The note is not valid UTF-8: byte 0xE9 at line 3, column 8 (after "The caf"); it was left out.',
    ]);
    assert.match(
      built.stderr,
      /Re-save the file with UTF-8 encoding, e\.g\. `iconv -f latin1 -t utf-8 'docs\/latin\.md'/,
    );
  });

  it('a binary file named .md: what it looks like and the name it should have', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const built = await build(tempSite((docs) => fs.writeFileSync(path.join(docs, 'diagram.md'), png)));
    assertFailedKeepingPrevious(built);
    assert.deepEqual(errorLines(built.stderr), [
      'error [binary-note] docs/diagram.md: This file is named like a Markdown note but holds binary data (it looks like a PNG image); it was left out.',
    ]);
    assert.match(built.stderr, /Rename it to its real extension \(e\.g\. diagram\.png\) and move it to static\//);
  });

  it("two notes with one id: the first one's id line, both files, and an id to use instead", async () => {
    const built = await build(path.join(fixturesDir, 'bad-duplicate-id'));
    assertFailedKeepingPrevious(built);
    assert.deepEqual(errorLines(built.stderr), [
      'error [duplicate-id] docs/guides/one.md:2: 2 notes have the id "guides/shared": docs/guides/one.md, docs/guides/two.md',
    ]);
    assert.match(
      built.stderr,
      /Give each note a unique `id` in its front matter \(e\.g\. `id: two` in docs\/guides\/two\.md\)/,
    );
  });

  it("an id a file's name gives, claimed again in front matter: reported at the claim's line", async () => {
    const siteDir = tempSite((docsDir) => {
      fs.writeFileSync(path.join(docsDir, 'guides/zz.md'), '---\ntitle: Zz\nid: setup\n---\n\n# Zz\n');
    });
    const built = await build(siteDir);
    assertFailedKeepingPrevious(built);
    assert.deepEqual(errorLines(built.stderr), [
      'error [duplicate-id] docs/guides/zz.md:3: 2 notes have the id "guides/setup": docs/guides/setup.md, docs/guides/zz.md',
    ]);
  });

  it('a slug with illegal characters: the slug line and a clean slug', async () => {
    const built = await build(path.join(fixturesDir, 'bad-slug'));
    assertFailedKeepingPrevious(built);
    assert.deepEqual(errorLines(built.stderr), [
      'error [invalid-slug] docs/bad-slug.md:2: The route computed for this note is not a valid URL path: "/what?is#this"',
    ]);
    assert.match(built.stderr, /Set a clean slug in its front matter, e\.g\. `slug: \/bad-slug`/);
  });

  it('an empty note builds, titled from its file name', async () => {
    const built = await build(path.join(fixturesDir, 'bad-empty-note'));
    assert.equal(built.code, 0, built.stderr);
    assert.deepEqual(listPages(built.outDir).html, ['empty-note.html', ...basicPages]);
    const html = fs.readFileSync(path.join(built.outDir, 'empty-note.html'), 'utf8');
    assert.match(html, /<title>empty-note \| Bad Input Fixture<\/title>/);
    assert.match(fs.readFileSync(path.join(built.outDir, 'index.html'), 'utf8'), /href="\/empty-note"/);
  });

  it('a 10 MB note builds whole, beside the others', async () => {
    const paragraph = 'A long note: a [link](guides/setup.md), **bold** words and `code` in every paragraph.\n\n';
    const body = `# Huge\n\n${paragraph.repeat(Math.ceil((10 * 1024 * 1024) / paragraph.length))}The very last paragraph.\n`;
    const built = await build(tempSite((docs) => fs.writeFileSync(path.join(docs, 'huge.md'), body)));
    assert.equal(built.code, 0, built.stderr);
    assert.deepEqual(listPages(built.outDir).html, [...basicPages.slice(0, 2), 'huge.html', 'index.html']);
    const html = fs.readFileSync(path.join(built.outDir, 'huge.html'), 'utf8');
    assert.ok(html.length > 10 * 1024 * 1024);
    assert.match(html, /The very last paragraph\./);
  });

  it('a symlink loop: a warning naming the link and the fix; every note once; --strict fails', async () => {
    const siteDir = tempSite((docs) => fs.symlinkSync('..', path.join(docs, 'guides/loop')));
    const built = await build(siteDir);
    assert.equal(built.code, 0, built.stderr);
    assert.match(
      built.stderr,
      /^warning \[symlink-loop\] docs\/guides\/loop: This folder links back to a folder already read \(a symlink loop\); it was skipped\.\n {4}Remove the symbolic link\.$/m,
    );
    assert.deepEqual(listPages(built.outDir).html, basicPages);
    const strict = await build(siteDir, ['--strict']);
    assertFailedKeepingPrevious(strict);
    assert.match(strict.stderr, /Build failed: 0 error\(s\), 1 warning\(s\)\..*warnings above \(--strict\)/);
  });

  it('file names with spaces, unicode and capitals build, and links between them resolve', async () => {
    const built = await build(path.join(fixturesDir, 'bad-file-names'));
    assert.equal(built.code, 0, built.stderr);
    assert.doesNotMatch(built.stderr, /warning|error/);
    assert.deepEqual(
      listPages(built.outDir).html,
      [
        'My Notes/Space Note.html',
        'UPPER-Case.html',
        'guides/index.html',
        'guides/setup.html',
        'index.html',
        'Ünïcode Café.html',
      ].sort(),
    );
    const space = fs.readFileSync(path.join(built.outDir, 'My Notes/Space Note.html'), 'utf8');
    assert.match(space, /<a href="\/%C3%9Cn%C3%AFcode%20Caf%C3%A9">the Ünïcode note<\/a>/);
    assert.match(space, /<a href="\/UPPER-Case">UPPER<\/a>/);
    const server = await startSiteServer({ files: directoryFiles(built.outDir), port: 0 });
    try {
      for (const url of ['%C3%9Cn%C3%AFcode%20Caf%C3%A9', 'My%20Notes/Space%20Note', 'UPPER-Case']) {
        const response = await fetch(server.url + url);
        assert.equal(response.status, 200, url);
      }
    } finally {
      await server.close();
    }
  });
});
