import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { articleText } from '../helpers/builtDocPages.js';
import { makeTempDir, repoRoot, runWiki, type CliResult } from '../helpers/cli.js';
import { sharedDir } from './sharedFolder.js';

// Quartz 4's documentation (../shared/corpora/quartz-docs), an Obsidian vault, built by the CLI with the site folder
// test/corpus/quartz: every wikilink resolved as its ORIGIN.md says, the missing images reported, callouts and tags
// rendered, and no Obsidian syntax left visible on any page.
const corpusDir = path.join(sharedDir, 'corpora/quartz-docs');
const docsDir = path.join(corpusDir, 'docs');
const configFile = path.join(repoRoot, 'test/corpus/quartz/wiki.config.ts');

interface Diagnostic {
  readonly severity: string;
  readonly code: string;
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** The build's diagnostics, read from what it printed (`warning [code] file:line: message`). */
function readDiagnostics(build: CliResult): Diagnostic[] {
  const pattern = /^(warning|error) \[([\w-]+)\] (.+?):(\d+): (.*)$/gm;
  return [...`${build.stdout}\n${build.stderr}`.matchAll(pattern)].map((match) => ({
    severity: match[1]!,
    code: match[2]!,
    file: path.relative(docsDir, path.resolve(repoRoot, match[3]!)).split(path.sep).join('/'),
    line: Number(match[4]),
    message: match[5]!,
  }));
}

/** Every note's Markdown without code (fences and spans), by docs-relative path. */
function readProse(): Map<string, string> {
  const files = fs.readdirSync(docsDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
  return new Map(
    files.map((file) => [
      file.split(path.sep).join('/'),
      fs
        .readFileSync(path.join(docsDir, file), 'utf8')
        .replace(/^( {0,3})(`{3,}|~{3,})[^]*?^ {0,3}\2[`~]*[ \t]*$/gm, '')
        .replace(/(`+)[^`][^]*?\1/g, ''),
    ]),
  );
}

/** The images MISSING_IMAGES.txt lists as embedded and absent: name -> embedding notes. */
function readMissingImages(): Map<string, string[]> {
  const lines = fs.readFileSync(path.join(corpusDir, 'MISSING_IMAGES.txt'), 'utf8').split('\n');
  const rows = lines.filter((line) => line.trim() !== '' && !line.startsWith('#')).map((line) => line.split('\t'));
  return new Map(rows.map((row) => [row[0]!, row[3]!.split('; ').map((note) => note.replace(/^docs\/| \(.*$/g, ''))]));
}

/** Every HTML page of the build but the assets' own, as [file relative to the output, HTML]. */
function readPages(outDir: string): [string, string][] {
  return fs
    .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && !file.startsWith(`assets${path.sep}`))
    .sort()
    .map((file) => [file, fs.readFileSync(path.join(outDir, file), 'utf8')]);
}

const pageOf = (outDir: string, note: string) =>
  fs.readFileSync(path.join(outDir, note.replace(/\.md$/, '.html')), 'utf8');

describe('the Quartz docs vault (../shared/corpora/quartz-docs) builds as Obsidian shows it', () => {
  let build: CliResult;
  let diagnostics: Diagnostic[];
  let outDir: string;
  const prose = readProse();

  before(async () => {
    outDir = path.join(makeTempDir('wiki-quartz-'), 'build');
    build = await runWiki(['build', '--config', configFile, '--out', outDir]);
    diagnostics = readDiagnostics(build);
  });

  it('builds (broken links are warnings) and reports each missing image where it is embedded', () => {
    assert.equal(build.code, 0, build.stderr || build.stdout);
    assert.equal(diagnostics.filter((d) => d.severity === 'error').length, 0);
    const reported = diagnostics.filter((d) => d.code === 'broken-link' && d.message.includes('![['));
    const missing = readMissingImages();
    assert.equal(missing.size, 13);
    const expected = [...missing].flatMap(([name, notes]) => notes.map((note) => `${note}: ${name}`));
    const actual = reported.map((d) => `${d.file}: ${/!\[\[([^|\]]+)/.exec(d.message)![1]}`);
    assert.deepEqual([...new Set(actual)].sort(), expected.sort());
    for (const [name, notes] of missing)
      for (const note of notes)
        assert.ok(pageOf(outDir, note).includes(`embed-missing" title="Missing file">${name}<`), note);
  });

  it('resolves every wikilink but the upstream mistakes ORIGIN.md lists', () => {
    const wikilinkProblems = diagnostics.filter((d) => /"!?\[\[/.test(d.message) && d.code !== 'ambiguous-link');
    const notMissingImages = wikilinkProblems.filter((d) => !d.message.includes('![['));
    assert.deepEqual(
      notMissingImages.map((d) => `${d.code} ${d.file}: ${/"(\[\[[^"]*\]\])"/.exec(d.message)?.[1]}`).sort(),
      [
        // ORIGIN.md: heading anchors that match no heading (upstream mistakes).
        'broken-anchor advanced/creating components.md: [[configuration#Layout|layout]]',
        'broken-anchor features/social images.md: [[#Properties | Frontmatter Properties]]',
      ],
    );
  });

  it('resolves the links that match their note only case-insensitively', () => {
    const names = new Set(
      [...prose.keys()].flatMap((file) => [file.replace(/\.md$/, ''), path.posix.basename(file, '.md')]),
    );
    const lower = new Map(
      [...prose.keys()].flatMap((file) => [[path.posix.basename(file, '.md').toLowerCase(), file]]),
    );
    const caseOnly = [...prose].flatMap(([note, text]) =>
      [...text.matchAll(/(?<!!)\[\[([^[\]|#\n\\]+)[^[\]\n]*\]\]/g)]
        .map((match) => match[1]!.trim())
        .filter((target) => !names.has(target) && lower.has(target.toLowerCase()))
        .map((target) => ({ note, target, file: lower.get(target.toLowerCase())! })),
    );
    assert.equal(caseOnly.length, 19, JSON.stringify(caseOnly)); // ORIGIN.md counts 19
    for (const { note, file } of caseOnly) {
      const href = `href="/${encodeURI(file.replace(/\.md$/, ''))}`;
      assert.ok(pageOf(outDir, note).includes(href), `${note} links to ${file}`);
    }
  });

  it('warns of the ambiguous [[Latex]] with both candidates, and links the first', () => {
    const ambiguous = diagnostics.filter((d) => d.code === 'ambiguous-link');
    assert.deepEqual(ambiguous.map((d) => d.file).sort(), ['advanced/making plugins.md', 'configuration.md']);
    for (const d of ambiguous) assert.match(d.message, /features\/Latex\.md, plugins\/Latex\.md/);
    assert.ok(pageOf(outDir, 'configuration.md').includes('<a href="/features/Latex" class="wikilink">Latex</a>'));
  });

  it('resolves [[docs/index#...]], written from the folder above the vault, to the home page', () => {
    const html = pageOf(outDir, 'authoring content.md');
    assert.match(html, /<a href="\/#-get-started" class="wikilink">setup Quartz<\/a>/);
  });

  it('renders every callout, foldable ones as <details>', () => {
    const written = [...prose.values()].reduce(
      (sum, text) => sum + (text.match(/^(?:> ?)+\[![^\]]+\]/gm)?.length ?? 0),
      0,
    );
    const foldable = [...prose.values()].reduce(
      (sum, text) => sum + (text.match(/^(?:> ?)+\[![^\]]+\][+-]/gm)?.length ?? 0),
      0,
    );
    const pages = readPages(outDir).map(([, html]) => html);
    const count = (pattern: RegExp) => pages.reduce((sum, html) => sum + (html.match(pattern)?.length ?? 0), 0);
    assert.ok(written >= 90, `${written} callouts written`); // ORIGIN.md counts 90
    assert.equal(count(/<(?:div|details) class="callout callout-/g), written);
    assert.equal(count(/<details class="callout/g), foldable);
  });

  it('lists tagged notes on tag pages, front matter and inline tags alike', () => {
    const tagged = [...prose].filter(([, text]) => /^tags:\s*(?:\n\s+- )?plugin\/emitter/m.test(text)).length;
    const emitter = fs.readFileSync(path.join(outDir, 'tags/plugin/emitter.html'), 'utf8');
    assert.equal(emitter.match(/class="tag-doc"/g)?.length, tagged);
    const listing = pageOf(outDir, 'features/folder and tag listings.md');
    assert.match(listing, /<a href="\/tags\/component" class="tag tag-inline">#component<\/a>/);
  });

  it('leaves no [[, ![[, [!, == or %% visible on any page (code aside)', () => {
    const hits = readPages(outDir).flatMap(([file, html]) =>
      articleText(html, { withCode: false })
        .split('\n')
        .filter((line) => /!?\[\[|\[!|==|%%/.test(line))
        .map((line) => `${file}: ${line.trim().slice(0, 100)}`),
    );
    assert.deepEqual(hits, []);
  });
});
