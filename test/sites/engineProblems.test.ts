/**
 * Fixture mini-sites with content problems, built by the real `wiki build`: what is reported (file:line,
 * field, both files of a clash), at which severity, the exit code, and what is (not) written.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { buildFixture, readBuilt, type CliResult, workFolderEntries, workFolderName } from '../helpers/cli.js';
import { buildFixtureWith, listPages, snapshotFiles } from './builtSite.js';

type Built = CliResult & { outDir: string };

/** The diagnostic lines the CLI printed ("warning [code] file:line: message"), without hints. */
function diagnostics(output: string): string[] {
  return output.split('\n').filter((line) => /^(?:error|warning) \[/.test(line));
}

describe('fixture duplicate-routes', () => {
  let warned: Built;
  let strict: Built;
  let noSlash: Built;
  before(async () => {
    warned = await buildFixture('duplicate-routes');
    strict = await buildFixture('duplicate-routes', ['--strict']);
    noSlash = await buildFixtureWith('duplicate-routes', { config: 'wiki.no-trailing-slash.config.ts' });
  });

  it("warns once about the slug clash at the slug's line, naming both files, and still builds", () => {
    assert.equal(warned.code, 0, warned.stderr);
    assert.deepEqual(diagnostics(warned.stderr), [
      'warning [duplicate-route] docs/x.md:2: Duplicate route "/y": claimed by docs/x.md and docs/y.md; only docs/x.md is served there.',
    ]);
    assert.match(warned.stderr, /give one a different `slug`/);
    assert.match(warned.stdout, /0 error\(s\), 1 warning\(s\)/);
  });

  it('serves the first claimant at the clashing route', () => {
    assert.match(readBuilt(warned.outDir, 'y.html'), /X claims y/);
    assert.doesNotMatch(readBuilt(warned.outDir, 'y.html'), /The note y\.md/);
  });

  it('keeps a/b.md (/a/b) and the folder index a/b/b.md (/a/b/) apart when trailingSlash is unset', () => {
    assert.deepEqual(listPages(warned.outDir).html, [
      'a/b.html',
      'a/b/c.html',
      'a/b/index.html',
      'index.html',
      'y.html',
    ]);
    assert.match(readBuilt(warned.outDir, 'a/b.html'), /The note a\/b\.md/);
    assert.match(readBuilt(warned.outDir, 'a/b/index.html'), /The folder index a\/b\/b\.md/);
    assert.deepEqual(listPages(warned.outDir).data, [
      '__data/a/b.json',
      '__data/a/b/c.json',
      '__data/a/b/index.json',
      '__data/index.json',
      '__data/y.json',
    ]);
  });

  it('with --strict, fails with exit code 1 and writes nothing', () => {
    assert.equal(strict.code, 1);
    assert.match(strict.stderr, /warning \[duplicate-route\] docs\/x\.md:2: .*docs\/x\.md and docs\/y\.md/);
    assert.match(strict.stderr, /Build failed: 0 error\(s\), 1 warning\(s\)\..*--strict/);
    assert.equal(fs.existsSync(strict.outDir), false);
  });

  it('with trailingSlash: false, reports a/b.md and a/b/b.md as a clash on /a/b', () => {
    assert.equal(noSlash.code, 0, noSlash.stderr);
    const lines = diagnostics(noSlash.stderr);
    assert.equal(lines.length, 2, noSlash.stderr);
    assert.ok(
      lines.some((line) => /\[duplicate-route\].*"\/a\/b".*docs\/a\/b\/b\.md and docs\/a\/b\.md/.test(line)),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((line) => /\[duplicate-route\].*"\/y".*docs\/x\.md and docs\/y\.md/.test(line)),
      lines.join('\n'),
    );
    assert.deepEqual(listPages(noSlash.outDir).html, ['a/b.html', 'a/b/c.html', 'index.html', 'y.html']);
  });
});

describe('fixture broken-links', () => {
  let warned: Built;
  let thrown: Built;
  before(async () => {
    warned = await buildFixture('broken-links');
    thrown = await buildFixtureWith('broken-links', { config: 'wiki.throw.config.ts' });
  });

  const expectedProblems: readonly { code: string; where: string; message: RegExp }[] = [
    {
      code: 'broken-link',
      where: 'docs/guides/setup.md:10',
      message: /Broken link to "missing\.md": No note at "guides\/missing\.md"/,
    },
    {
      code: 'broken-anchor',
      where: 'docs/guides/setup.md:12',
      message: /Broken anchor in link "\.\.\/intro\.md#nowhere": the page \/ has no heading with id "nowhere"/,
    },
    { code: 'broken-link', where: 'docs/guides/setup.md:14', message: /Broken link to "\/nope"/ },
  ];

  for (const problem of expectedProblems) {
    it(`warns about ${problem.code} at ${problem.where} and builds`, () => {
      assert.equal(warned.code, 0, warned.stderr);
      const line = diagnostics(warned.stderr).find((l) => l.startsWith(`warning [${problem.code}] ${problem.where}: `));
      assert.ok(line, `no warning at ${problem.where} in:\n${warned.stderr}`);
      assert.match(line, problem.message);
    });
  }

  // Also: setup.md's link to an id that only raw HTML gives (intro.md's <a id="raw-anchor">) is not reported.
  it('reports exactly these problems, with a count', () => {
    assert.equal(diagnostics(warned.stderr).length, expectedProblems.length, warned.stderr);
    assert.match(warned.stdout, /0 error\(s\), 3 warning\(s\)/);
  });

  it('still resolves the good links and copies the image next to the page', () => {
    const home = readBuilt(warned.outDir, 'index.html');
    assert.match(home, /<a href="\/guides\/setup">setup guide<\/a>/);
    assert.match(home, /<a href="\/guides\/setup#install">install step<\/a>/);
    const src = /<img src="\/(assets\/files\/diagram-[0-9a-f]{8}\.png)" alt="Diagram">/.exec(home)?.[1];
    assert.ok(src, 'the image points at a hashed asset');
    assert.equal(readBuilt(warned.outDir, src), 'fake png bytes\n');
  });

  it("with onBrokenLinks: 'throw', fails with exit code 1 naming each broken link; anchors still warn", () => {
    assert.equal(thrown.code, 1);
    const lines = diagnostics(thrown.stderr);
    assert.ok(
      lines.includes(
        'error [broken-link] docs/guides/setup.md:10: Broken link to "missing.md": No note at "guides/missing.md".',
      ),
      thrown.stderr,
    );
    assert.ok(
      lines.some((l) => l.startsWith('error [broken-link] docs/guides/setup.md:14: ')),
      thrown.stderr,
    );
    assert.ok(
      lines.some((l) => l.startsWith('warning [broken-anchor] docs/guides/setup.md:12: ')),
      thrown.stderr,
    );
    assert.match(thrown.stderr, /Build failed: 2 error\(s\), 1 warning\(s\)/);
    assert.equal(fs.existsSync(thrown.outDir), false);
  });
});

describe('fixture bad-front-matter', () => {
  let outDir: string;
  let good: Built;
  let before1: Map<string, string>;
  let bad: Built;
  before(async () => {
    good = await buildFixture('bad-front-matter', ['--docs', 'docs-valid']);
    outDir = good.outDir;
    before1 = snapshotFiles(outDir);
    bad = await buildFixtureWith('bad-front-matter', { outDir });
  });

  it('the valid variant builds', () => {
    assert.equal(good.code, 0, good.stderr);
    assert.deepEqual(listPages(outDir).html, ['index.html', 'kept.html']);
  });

  it('fails with exit code 1', () => {
    assert.equal(bad.code, 1);
  });

  const expected: readonly { where: string; message: RegExp; hint: RegExp }[] = [
    {
      where: 'docs/broken-yaml.md:2',
      message: /^Invalid YAML front matter/,
      hint: /Fix the YAML between the two --- lines/,
    },
    {
      where: 'docs/guides/position.md:3',
      message: /^Front matter field `sidebar_position` is invalid/,
      hint: /sidebar_position: 2/,
    },
  ];
  for (const problem of expected) {
    it(`names the file, the line and the problem: ${problem.where}`, () => {
      const lines = bad.stderr.split('\n');
      const index = lines.findIndex((l) => l.startsWith(`error [invalid-front-matter] ${problem.where}: `));
      assert.notEqual(index, -1, bad.stderr);
      assert.match(lines[index]!.slice(`error [invalid-front-matter] ${problem.where}: `.length), problem.message);
      assert.match(lines[index + 1] ?? '', problem.hint);
    });
  }

  it('still processes the other notes and shows every problem at once, with the count', () => {
    const lines = diagnostics(bad.stderr);
    assert.equal(lines.filter((l) => l.startsWith('error ')).length, 2, bad.stderr);
    assert.ok(
      lines.some((l) => l.startsWith('warning [broken-link] docs/guides/fine.md:3: ')),
      bad.stderr,
    );
    assert.match(bad.stderr, /Build failed: 2 error\(s\), 1 warning\(s\)/);
  });

  it('leaves the previous output folder unchanged', () => {
    assert.deepEqual(snapshotFiles(outDir), before1);
    assert.match(readBuilt(outDir, 'kept.html'), /Only in the last good build/);
    assert.match(bad.stderr, new RegExp(`${path.basename(outDir)} is unchanged`));
    assert.deepEqual(
      fs.readdirSync(path.dirname(outDir)).filter((name) => name !== workFolderName(outDir)),
      ['build'],
      'nothing else beside the output',
    );
    const entries = workFolderEntries(outDir).filter((name) => name !== 'cache'); // the last good build's cache stays
    assert.deepEqual(entries, ['lock'], 'no staging folder left in the work folder');
  });
});
