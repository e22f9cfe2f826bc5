/**
 * A failure while one note is rendered names that note, with the original error underneath: in the pipeline's parse
 * stage (unit) and while its page is rendered (a theme override that throws, built by the real CLI).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { createBuildContext } from '../../src/node/context.js';
import type { Note } from '../../src/node/notes/note.js';
import { createNoteParser } from '../../src/node/notes/parseNotes.js';
import { parseNoteContent } from '../../src/node/pipeline/noteStream.js';
import { asRoute, asSourcePath, type NoteId } from '../../src/shared/paths.js';
import { makeTempDir, repoRoot, runWiki } from '../helpers/cli.js';

describe('a note that fails to render', () => {
  it('parse: the error names the note, and keeps the original as cause', () => {
    const config = validateConfig({ title: 'T', url: 'https://t.example.com' }, 'test');
    const context = createBuildContext({ config, siteDir: repoRoot, docsDir: path.join(repoRoot, 'docs') });
    const note: Note = {
      sourcePath: asSourcePath('web/broken.md'),
      filePath: path.join(repoRoot, 'docs/web/broken.md'),
      id: 'web/broken' as NoteId,
      route: asRoute('/web/broken'),
      dirName: 'web',
      isIndex: false,
      frontMatter: {},
      body: '# Broken',
      lineOffset: 0,
    };
    const parser = createNoteParser({
      routes: [],
      docsDir: context.docsDir,
      staticFiles: new Set(),
      extraRoutes: new Set(),
      baseUrl: '/',
    });
    const original = new Error('the Markdown renderer broke');
    assert.throws(
      () =>
        parseNoteContent(context, note, parser, () => {
          throw original;
        }),
      (error: Error) => error.message === "Can't render note docs/web/broken.md" && error.cause === original,
    );
  });

  it('page: wiki build says which note, then what went wrong underneath', async () => {
    const site = path.join(makeTempDir('wiki-note-failure-'), 'site');
    fs.mkdirSync(path.join(site, 'docs'), { recursive: true });
    fs.mkdirSync(path.join(site, 'theme'));
    fs.writeFileSync(
      path.join(site, 'wiki.config.ts'),
      "export default { title: 'Failing', url: 'https://failing.example.com' };\n",
    );
    fs.writeFileSync(path.join(site, 'docs/first.md'), '# First\n\nText.\n');
    fs.writeFileSync(
      path.join(site, 'theme/Footer.tsx'),
      "export function Footer(): never {\n  throw new Error('the footer override broke');\n}\n",
    );
    const result = await runWiki(['build', '--out', path.join(path.dirname(site), 'build')], { cwd: site });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(
      result.stderr,
      /^error Can't render the page of note docs\/first\.md\n {4}caused by: the footer override broke/m,
    );
  });
});
