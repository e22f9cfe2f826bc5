/**
 * Bad site-level input, built by the real `wiki build`: a mistyped command or option, a config that does not parse or
 * fails the schema, an unknown navbar item type, a docs folder that does not exist. Each message says what, where and
 * how to fix it; the build exits 1 and the previous output folder stays as it was.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { OUTPUT_MARKER } from '../../src/node/pipeline/outputFolder.js';
import { fixturesDir, makeTempDir, runWiki, type CliResult } from '../helpers/cli.js';
import { snapshotFiles } from './builtSite.js';

async function buildKeepingPrevious(siteDir: string, args: readonly string[] = []): Promise<CliResult> {
  const outDir = path.join(makeTempDir('wiki-bad-site-'), 'build');
  fs.mkdirSync(outDir);
  fs.writeFileSync(path.join(outDir, 'index.html'), '<h1>The last good build</h1>');
  fs.writeFileSync(path.join(outDir, OUTPUT_MARKER), ''); // written by a build: the next may replace it
  const previous = snapshotFiles(outDir);
  const result = await runWiki(['build', '--out', outDir, ...args], { cwd: siteDir });
  assert.equal(result.code, 1, result.stdout + result.stderr);
  assert.deepEqual(snapshotFiles(outDir), previous, 'the previous output must stay as it was');
  return result;
}

describe('a mistyped command line', () => {
  it('names the command or option nearest a mistyped one, and none far from every one', async () => {
    const cwd = makeTempDir('wiki-bad-args-');
    const command = await runWiki(['biuld'], { cwd });
    assert.equal(command.code, 2);
    assert.match(command.stderr, /^Unknown command "biuld" \(did you mean "build"\?\)\.\n\nUsage:/);
    const option = await runWiki(['build', '--no-cahce'], { cwd });
    assert.equal(option.code, 1);
    assert.equal(option.stderr, `error Unknown option '--no-cahce' (did you mean "--no-cache"?)\n`);
    const far = await runWiki(['serve', '--zzzz'], { cwd });
    assert.equal(far.stderr, `error Unknown option '--zzzz'\n`);
  });
});

describe('bad site input', () => {
  it('a config that does not parse: file:line:column, the line with a caret, and the usual cause', async () => {
    const { stderr } = await buildKeepingPrevious(path.join(fixturesDir, 'bad-config-syntax'), [
      '--config',
      'wiki.config.mjs',
    ]);
    assert.equal(
      stderr,
      [
        'error wiki.config.mjs:4:3: The config file does not parse: Expected "}" but found "url".',
        "      url: 'https://fixture.example.com',",
        '      ^',
        '    Fix the syntax there (a missing comma, quote or bracket is the usual cause).',
        '',
      ].join('\n'),
    );
  });

  it('a config that fails the schema: every field with its line, the value given and the fix', async () => {
    const { stderr } = await buildKeepingPrevious(path.join(fixturesDir, 'bad-config-schema'));
    const lines = stderr.trimEnd().split('\n');
    assert.equal(lines[0], 'error Invalid config in wiki.config.ts (4 problems):');
    assert.deepEqual(lines.slice(1).sort(), [
      '  - line 4, url: not a valid URL (got "fixture.example.com"). Fix: use a full URL, e.g. "https://example.com".',
      '  - line 5, onBrokenLinks: Invalid option: expected one of "ignore"|"warn"|"throw" (got "explode"). Fix: use one of "ignore", "warn", "throw".',
      '  - line 6, tableOfContents.minHeadingLevel: expected number (got "two"). Fix: set tableOfContents.minHeadingLevel to a number value.',
      '  - line 7, unknown field(s) "colour". Fix: remove them or check the spelling against the documented fields.',
    ]);
  });

  it('an unknown navbar item type: the reference message, the field and the types to use', async () => {
    const { stderr } = await buildKeepingPrevious(path.join(fixturesDir, 'bad-navbar-type'));
    assert.match(
      stderr,
      /^error No NavbarItem component found for type "x"\.\n {4}In wiki\.config\.ts, navbar\.items\.0\.type: use one of "default", "dropdown", /,
    );
  });

  it('a docs folder that does not exist: which folder, and how to point to the notes', async () => {
    const { stderr, stdout } = await buildKeepingPrevious(path.join(fixturesDir, 'bad-empty-note'), [
      '--docs',
      'notes',
    ]);
    assert.match(stdout, /Building Bad Input Fixture from notes/);
    assert.equal(
      stderr,
      'error Docs folder not found: notes\n    Create it, or point to your notes with --docs DIR (or docsDir in the config).\n',
    );
  });

  it('a config file that does not exist: the path and what to create', async () => {
    const result = await runWiki(['build', '--config', 'nowhere.config.ts'], {
      cwd: path.join(fixturesDir, 'bad-empty-note'),
    });
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /^error Config file not found: nowhere\.config\.ts\n {4}Create wiki\.config\.ts at the site root .* or pass --config FILE\.$/m,
    );
  });
});
