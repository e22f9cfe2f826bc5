/**
 * Input a careless or hostile notes folder can hold, built by the real `wiki build`: symbolic links out of the docs
 * and static folders publish nothing from outside; a note cannot take the engine's own routes; oversized or
 * self-expanding front matter, UTF-16 notes and a config that never settles each get a message that says what,
 * where and how to fix it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { MAX_FRONT_MATTER_CHARS } from '../../src/node/notes/frontMatter.js';
import { makeTempDir, runWiki, type CliResult } from '../helpers/cli.js';
import { listPages } from './builtSite.js';

/** A site folder with a plain config and a few notes; `addInput` adds the input under test. */
function makeSite(addInput: (site: string) => void): string {
  const site = path.join(makeTempDir('wiki-hostile-'), 'site');
  fs.mkdirSync(path.join(site, 'docs/guides'), { recursive: true });
  fs.writeFileSync(
    path.join(site, 'wiki.config.ts'),
    "export default { title: 'Hostile', url: 'https://hostile.example.com' };\n",
  );
  fs.writeFileSync(path.join(site, 'docs/index.md'), '# Home\n\nWelcome.\n');
  fs.writeFileSync(path.join(site, 'docs/guides/setup.md'), '# Setup\n\nSteps.\n');
  addInput(site);
  return site;
}

async function build(site: string): Promise<CliResult & { outDir: string }> {
  const outDir = path.join(path.dirname(site), 'build');
  return { ...(await runWiki(['build', '--out', outDir], { cwd: site })), outDir };
}

/** Every built file's text joined: a secret must appear in none of them. */
function allOutput(outDir: string): string {
  return (fs.readdirSync(outDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'latin1'))
    .join('\n');
}

describe('symbolic links', () => {
  it('to files and folders outside the docs and static folders publish nothing, each named in a warning; links inside work', async () => {
    const secret = 'SECRET-8d1f0c outside the notes';
    const site = makeSite((site) => {
      const outside = path.join(path.dirname(site), 'private');
      fs.mkdirSync(path.join(outside, 'notes'), { recursive: true });
      fs.writeFileSync(path.join(outside, 'hostname'), `${secret}\n`);
      fs.writeFileSync(path.join(outside, 'shadow.txt'), `${secret} (shadow)\n`);
      fs.writeFileSync(path.join(outside, 'notes/other.md'), `# Other site\n\n${secret} (folder)\n`);
      fs.symlinkSync(path.join(outside, 'hostname'), path.join(site, 'docs/leak.md'));
      fs.symlinkSync(path.join(outside, 'notes'), path.join(site, 'docs/borrowed'));
      fs.symlinkSync(path.join(outside, 'shadow.txt'), path.join(site, 'docs/shadow.txt'));
      fs.writeFileSync(
        path.join(site, 'docs/guides/links.md'),
        '# Links\n\n[the shadow file](../shadow.txt) and [the setup alias](alias.md).\n',
      );
      fs.symlinkSync('setup.md', path.join(site, 'docs/guides/alias.md')); // inside: still a note
      fs.mkdirSync(path.join(site, 'static/img'), { recursive: true });
      fs.writeFileSync(path.join(site, 'static/img/logo.svg'), '<svg/>');
      fs.symlinkSync('logo.svg', path.join(site, 'static/img/mark.svg')); // inside: still copied
      fs.symlinkSync(path.join(outside, 'hostname'), path.join(site, 'static/hostname.txt'));
    });
    const built = await build(site);
    assert.equal(built.code, 0, built.stderr);
    const warnings = built.stderr
      .split('\n')
      .filter((line) => line.startsWith('warning ') || line.startsWith('error '));
    assert.deepEqual(
      warnings.filter((line) => line.includes('[symlink-outside]')).sort(),
      [
        'warning [symlink-outside] docs/borrowed: This symbolic link points outside the docs folder (to PRIVATE/notes), so it was not published.',
        'warning [symlink-outside] docs/leak.md: This symbolic link points outside the docs folder (to PRIVATE/hostname), so it was not published.',
        'warning [symlink-outside] static/hostname.txt: This symbolic link points outside the static folder (to PRIVATE/hostname), so it was not published.',
      ].map((line) => line.replace('PRIVATE', fs.realpathSync(path.join(path.dirname(site), 'private')))),
    );
    assert.match(
      built.stderr,
      /warning \[broken-link\] docs\/guides\/links\.md:3: .*"\.\.\/shadow\.txt" is a symbolic link to a file outside the docs folder \(.*shadow\.txt\); it was not published/,
    );
    assert.ok(!allOutput(built.outDir).includes('SECRET-8d1f0c'), 'nothing from outside the notes is in the site');
    const pages = listPages(built.outDir).html;
    assert.ok(pages.includes('guides/alias.html') && pages.includes('guides/links.html'), pages.join(', '));
    assert.ok(!pages.some((page) => page.startsWith('leak') || page.startsWith('borrowed')), pages.join(', '));
    assert.equal(fs.readFileSync(path.join(built.outDir, 'img/mark.svg'), 'utf8'), '<svg/>');
    assert.ok(!fs.existsSync(path.join(built.outDir, 'hostname.txt')));
  });
});

describe("the engine's own routes", () => {
  it('a note whose slug is /404 or /search is a duplicate route naming the note; the built-in pages stay', async () => {
    const site = makeSite((site) => {
      fs.writeFileSync(path.join(site, 'docs/missing.md'), '---\nslug: /404\n---\n# My missing page\n');
      fs.writeFileSync(path.join(site, 'docs/find.md'), '---\nslug: /search\n---\n# My finder\n');
    });
    const built = await build(site);
    assert.equal(built.code, 0, built.stderr);
    assert.match(
      built.stderr,
      /^warning \[duplicate-route\] docs\/missing\.md: Duplicate route "\/404": the not-found page is served there, so this note was left out\.\n {4}Give the note another `slug`/m,
    );
    assert.match(
      built.stderr,
      /^warning \[duplicate-route\] docs\/find\.md: Duplicate route "\/search": the search page is served there, so this note was left out\./m,
    );
    assert.doesNotMatch(fs.readFileSync(path.join(built.outDir, '404.html'), 'utf8'), /My missing page/);
    assert.doesNotMatch(fs.readFileSync(path.join(built.outDir, 'search.html'), 'utf8'), /My finder/);
  });
});

describe('routes', () => {
  it('too long for a file name: an error with the slug line; too long for some hosts: a warning', async () => {
    const site = makeSite((site) => {
      fs.writeFileSync(path.join(site, 'docs/long.md'), `---\nslug: /${'a'.repeat(300)}\n---\n# Long\n`);
      fs.writeFileSync(
        path.join(site, 'docs/deep.md'),
        `---\nslug: /${Array.from({ length: 12 }, () => 'b'.repeat(200)).join('/')}\n---\n# Deep\n`,
      );
    });
    const built = await build(site);
    assert.equal(built.code, 1);
    assert.match(
      built.stderr,
      /^error \[route-too-long\] docs\/long\.md:2: A part of this note's route is 305 bytes long as a file name, over the 255 a file system allows; it was left out\.\n {4}Set a shorter slug/m,
    );
    assert.match(
      built.stderr,
      /^warning \[route-too-long\] docs\/deep\.md:2: This note's URL is 2412 characters long once encoded; browsers, proxies and hosts may refuse URLs over 2000\./m,
    );
  });
});

describe('front matter', () => {
  it(`over ${MAX_FRONT_MATTER_CHARS / 1e6} MB: a warning naming the note, which builds without it`, async () => {
    const keys = Array.from({ length: 70_000 }, (_, i) => `key${i}: value ${i}`).join('\n');
    const site = makeSite((site) =>
      fs.writeFileSync(path.join(site, 'docs/big.md'), `---\ntitle: Big\n${keys}\n---\n# Big body\n`),
    );
    const built = await build(site);
    assert.equal(built.code, 0, built.stderr);
    assert.match(
      built.stderr,
      /^warning \[invalid-front-matter\] docs\/big\.md:1: The front matter is 1\.\d MB, over the 1 MB that is read; it was ignored/m,
    );
    assert.ok(listPages(built.outDir).html.includes('big.html'));
  });

  it('an alias bomb: an error naming the note, the other notes still checked', async () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
    ].join('\n');
    const site = makeSite((site) => fs.writeFileSync(path.join(site, 'docs/bomb.md'), `---\n${bomb}\n---\n# Bomb\n`));
    const built = await build(site);
    assert.equal(built.code, 1);
    assert.match(
      built.stderr,
      /^error \[invalid-front-matter\] docs\/bomb\.md:1: The front matter could not be read: Excessive alias count/m,
    );
    assert.match(built.stderr, /Write the values out instead of repeating YAML aliases/);
  });

  it('a key given twice: the line of the second', async () => {
    const site = makeSite((site) =>
      fs.writeFileSync(path.join(site, 'docs/twice.md'), '---\ntitle: One\nslug: /twice\ntitle: Two\n---\n# Twice\n'),
    );
    const built = await build(site);
    assert.match(
      built.stderr,
      /^error \[invalid-front-matter\] docs\/twice\.md:4: Invalid YAML front matter: Map keys must be unique; "title" is repeated/m,
    );
  });
});

describe('encodings', () => {
  it('a UTF-16 note (as PowerShell writes it) builds, with a warning to re-save it as UTF-8', async () => {
    const text = '# Café notes\n\nWritten on Windows.\n';
    const site = makeSite((site) => {
      fs.writeFileSync(
        path.join(site, 'docs/windows.md'),
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      );
      fs.writeFileSync(
        path.join(site, 'docs/no-bom.md'),
        Buffer.from('# No mark\n\nUTF-16 without a byte-order mark.\n', 'utf16le'),
      );
    });
    const built = await build(site);
    assert.equal(built.code, 0, built.stderr);
    assert.match(
      built.stderr,
      /^warning \[utf16-note\] docs\/windows\.md: This note is saved as UTF-16 \(little-endian\).*\n {4}Re-save it as UTF-8/m,
    );
    assert.match(built.stderr, /^warning \[utf16-note\] docs\/no-bom\.md:/m);
    assert.match(fs.readFileSync(path.join(built.outDir, 'windows.html'), 'utf8'), /<h1 [^>]*>Café notes<a /);
    assert.match(fs.readFileSync(path.join(built.outDir, 'no-bom.html'), 'utf8'), /<h1 [^>]*>No mark<a /);
  });

  it('invalid UTF-8 at the very first byte: line 1, column 1 (never a negative column)', async () => {
    const site = makeSite((site) =>
      fs.writeFileSync(
        path.join(site, 'docs/first.md'),
        Buffer.concat([Buffer.from([0xe9]), Buffer.from('t\xe9\n# Title\n', 'latin1')]),
      ),
    );
    const built = await build(site);
    assert.equal(built.code, 1);
    assert.match(
      built.stderr,
      /^error \[invalid-utf8\] docs\/first\.md:1: The note is not valid UTF-8: byte 0xE9 at line 1, column 1; it was left out\./m,
    );
  });
});

describe('the config', () => {
  it('whose default export never settles: an error after a timeout, not a silent exit 13', async () => {
    const site = makeSite((site) =>
      fs.writeFileSync(path.join(site, 'wiki.config.ts'), 'export default await new Promise(() => {});\n'),
    );
    const built = await build(site);
    assert.equal(built.code, 1);
    assert.match(
      built.stderr,
      /^error wiki\.config\.ts: The config did not finish loading within 10 s: a top-level `await` or its default export \(a promise\) never settles\.\n {4}Export the config object itself/,
    );
  });
});
