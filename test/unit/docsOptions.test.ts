/** The docs plugin's path options: routeBasePath prefixes every note's route; include/exclude choose the notes. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { DiagnosticList } from '../../src/node/diagnostics.js';
import { normaliseRouteBasePath, prefixRoute } from '../../src/node/notes/notePaths.js';
import { noteMatcher, scanNotes } from '../../src/node/notes/scan.js';
import { resolveNotes } from '../../src/node/resolve/routes.js';
import { asRoute, asSourcePath } from '../../src/shared/paths.js';
import { fixturesDir } from '../helpers/cli.js';

describe('routeBasePath', () => {
  const spellings: readonly [string, string][] = [
    ['/', '/'],
    ['', '/'],
    ['docs', '/docs/'],
    ['/docs', '/docs/'],
    ['/docs/', '/docs/'],
    ['docs/', '/docs/'],
    ['//docs//', '/docs/'],
    ['guide/v2', '/guide/v2/'],
  ];
  for (const [given, normalised] of spellings)
    it(`"${given}" is ${normalised}`, () => assert.equal(normaliseRouteBasePath(given), normalised));

  const prefixed: readonly [string, string, string][] = [
    ['/intro', '/', '/intro'],
    ['/', '/', '/'],
    ['/intro', 'docs', '/docs/intro'],
    ['/', 'docs', '/docs/'],
    ['/web/', '/docs/', '/docs/web/'],
    ['/a/b', 'guide/v2', '/guide/v2/a/b'],
  ];
  for (const [route, base, expected] of prefixed)
    it(`${route} under "${base}" is ${expected}`, () => assert.equal(prefixRoute(asRoute(route), base), expected));

  it('every note route follows it, front matter slugs included (as in Docusaurus)', () => {
    const files: Record<string, string> = {
      'index.md': '# Home\n',
      'web/web.md': '# Web\n',
      'web/vite.md': '# Vite\n',
      'moved.md': '---\nslug: /elsewhere/page\n---\n',
      'relative.md': '---\nslug: nearby\n---\n',
    };
    const notes = Object.entries(files).map(([sourcePath, text]) => ({
      sourcePath: asSourcePath(sourcePath),
      filePath: `/virtual/docs/${sourcePath}`,
      text,
    }));
    const resolve = (routeBasePath: string, trailingSlash?: boolean) =>
      resolveNotes({
        notes,
        diagnostics: new DiagnosticList(),
        displayPath: (file) => file,
        includeDrafts: false,
        trailingSlash,
        routeBasePath,
        onDuplicateRoutes: 'warn',
      }).notes.map((note) => `${note.sourcePath} ${note.route}`);
    assert.deepEqual(resolve('/'), [
      'index.md /',
      'web/web.md /web/',
      'web/vite.md /web/vite',
      'moved.md /elsewhere/page',
      'relative.md /nearby',
    ]);
    assert.deepEqual(resolve('docs'), [
      'index.md /docs/',
      'web/web.md /docs/web/',
      'web/vite.md /docs/web/vite',
      'moved.md /docs/elsewhere/page',
      'relative.md /docs/nearby',
    ]);
    assert.deepEqual(resolve('/docs/', false).slice(0, 2), ['index.md /docs', 'web/web.md /docs/web']);
  });

  it('the schema refuses a routeBasePath that is not a path, saying how to write one', () => {
    assert.throws(
      () => validateConfig({ title: 'T', url: 'https://x.example', docs: { routeBasePath: '/a?b' } }, 'wiki.config.ts'),
      /docs\.routeBasePath: must be a URL path .*"\/docs\/"/,
    );
  });
});

describe('include and exclude', () => {
  const docsDir = path.join(fixturesDir, 'docs-options/docs');
  const scan = (include?: string[], exclude?: string[]) =>
    scanNotes({
      docsDir,
      diagnostics: new DiagnosticList(),
      displayPath: (file) => file,
      ...(include && { include }),
      ...(exclude && { exclude }),
    })
      .notes.map((note) => String(note.sourcePath))
      .sort();

  it("Docusaurus's defaults: every .md/.mdx but `_` partials and folders, tests and dot-folders", () => {
    assert.deepEqual(scan(), ['a.md', 'drafts/d.md', 'index.md', 'sub/c.mdx']);
  });

  it('include narrows to what it matches; exclude drops a folder', () => {
    assert.deepEqual(scan(['**/*.md'], ['drafts/**']), [
      '__tests__/f.md',
      '_partial.md',
      '_shared/b.md',
      'a.md',
      'index.md',
    ]);
    assert.deepEqual(scan(['sub/**']), ['sub/c.mdx']);
    assert.deepEqual(scan(['./sub/**'], ['./**/_*']), ['sub/c.mdx'], 'a leading ./ is the docs folder');
  });

  it('an empty exclude publishes partials; a dot-folder and a non-Markdown file never are notes', () => {
    assert.deepEqual(scan(undefined, []), [
      '__tests__/f.md',
      '_partial.md',
      '_shared/b.md',
      'a.md',
      'drafts/d.md',
      'index.md',
      'sub/_g.mdx',
      'sub/c.mdx',
    ]);
    assert.deepEqual(scan(['**/*']), ['a.md', 'drafts/d.md', 'index.md', 'sub/c.mdx']);
  });

  const matches: readonly [string, boolean][] = [
    ['a.md', true],
    ['deep/er/note.mdx', true],
    ['_partial.md', false],
    ['deep/_partial.mdx', false],
    ['_folder/note.md', false],
    ['deep/_folder/note.md', false],
    ['a.test.md', true],
    ['__tests__/a.md', false],
    ['a.txt', false],
  ];
  const isNote = noteMatcher(
    ['**/*.{md,mdx}'],
    ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'],
  );
  for (const [relPath, expected] of matches)
    it(`${relPath} is ${expected ? '' : 'not '}a note by default`, () => assert.equal(isNote(relPath), expected));
});
