import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyTrailingSlash, computeDocRoute, isValidRoute, locateDoc } from '../../src/node/notes/notePaths.js';
import { parseNumberPrefix } from '../../src/node/notes/numberPrefix.js';
import { asRoute, asSourcePath, htmlPathForRoute, pageDataPath } from '../../src/shared/paths.js';

// File path -> doc id -> route, as Docusaurus 2 computes them for the same folder of notes.
interface PathCase {
  readonly file: string;
  readonly id: string;
  readonly route: string;
  readonly isIndex: boolean;
  readonly position?: number;
  readonly frontMatterId?: string;
  readonly slug?: string;
}

const pathCases: readonly PathCase[] = [
  { file: 'intro.md', id: 'intro', route: '/intro', isIndex: false },
  { file: 'web/vite.md', id: 'web/vite', route: '/web/vite', isIndex: false },
  { file: 'web/nodejs/fastify.mdx', id: 'web/nodejs/fastify', route: '/web/nodejs/fastify', isIndex: false },
  { file: 'web/web.md', id: 'web/web', route: '/web/', isIndex: true },
  { file: 'web/nodejs/nodejs.md', id: 'web/nodejs/nodejs', route: '/web/nodejs/', isIndex: true },
  { file: 'web/index.md', id: 'web/index', route: '/web/', isIndex: true },
  { file: 'web/README.md', id: 'web/README', route: '/web/', isIndex: true },
  { file: 'web/readme.mdx', id: 'web/readme', route: '/web/', isIndex: true },
  { file: 'web/INDEX.md', id: 'web/INDEX', route: '/web/', isIndex: true },
  { file: 'macOS/MACOS.md', id: 'macOS/MACOS', route: '/macOS/', isIndex: true },
  { file: 'index.md', id: 'index', route: '/', isIndex: true },
  { file: 'web/webpack.md', id: 'web/webpack', route: '/web/webpack', isIndex: false },
  { file: '01-intro.md', id: 'intro', route: '/intro', isIndex: false, position: 1 },
  { file: '02-guides/03-setup.md', id: '02-guides/setup', route: '/guides/setup', isIndex: false, position: 3 },
  { file: '02-guides/02-guides.md', id: '02-guides/guides', route: '/guides/', isIndex: true, position: 2 },
  { file: '10_tools/1.hammer.md', id: '10_tools/hammer', route: '/tools/hammer', isIndex: false, position: 1 },
  { file: '2021-01-report.md', id: '2021-01-report', route: '/2021-01-report', isIndex: false },
  {
    file: 'looking-back/2021/2021-01.md',
    id: 'looking-back/2021/2021-01',
    route: '/looking-back/2021/2021-01',
    isIndex: false,
  },
  { file: 'v1.2-notes.md', id: 'v1.2-notes', route: '/v1.2-notes', isIndex: false },
  { file: 'releases/1.2.3-notes.md', id: 'releases/1.2.3-notes', route: '/releases/1.2.3-notes', isIndex: false },
  // Slug overrides
  { file: 'web/vite.md', slug: '/x', id: 'web/vite', route: '/x', isIndex: false },
  { file: 'web/vite.md', slug: '/x/y/', id: 'web/vite', route: '/x/y/', isIndex: false },
  { file: 'web/vite.md', slug: 'x', id: 'web/vite', route: '/web/x', isIndex: false },
  { file: 'web/vite.md', slug: 'x/', id: 'web/vite', route: '/web/x/', isIndex: false },
  { file: 'web/vite.md', slug: '../x', id: 'web/vite', route: '/x', isIndex: false },
  { file: 'web/nodejs/a.md', slug: '../../x', id: 'web/nodejs/a', route: '/x', isIndex: false },
  { file: 'web/web.md', slug: 'start', id: 'web/web', route: '/web/start', isIndex: true },
  {
    file: '02-guides/03-setup.md',
    slug: 'install',
    id: '02-guides/setup',
    route: '/guides/install',
    isIndex: false,
    position: 3,
  },
  { file: 'intro.md', slug: '/', id: 'intro', route: '/', isIndex: false },
  // Front matter id
  { file: 'web/vite.md', frontMatterId: 'fast', id: 'web/fast', route: '/web/fast', isIndex: false },
  { file: 'intro.md', frontMatterId: 'start', id: 'start', route: '/start', isIndex: false },
  { file: 'web/web.md', frontMatterId: 'overview', id: 'web/overview', route: '/web/', isIndex: true },
  { file: 'web/vite.md', frontMatterId: 'fast', slug: 'quick', id: 'web/fast', route: '/web/quick', isIndex: false },
];

describe('note file path -> id and route', () => {
  for (const c of pathCases) {
    const extra = [c.frontMatterId && `id: ${c.frontMatterId}`, c.slug && `slug: ${c.slug}`].filter(Boolean).join(', ');
    it(`${c.file}${extra ? ` (${extra})` : ''} -> ${c.id} at ${c.route}`, () => {
      const sourcePath = asSourcePath(c.file);
      const location = locateDoc(sourcePath, c.frontMatterId);
      assert.equal(location.id, c.id);
      assert.equal(location.isIndex, c.isIndex);
      assert.equal(location.prefixPosition, c.position);
      const route = computeDocRoute({
        sourcePath,
        ...(c.frontMatterId && { frontMatterId: c.frontMatterId }),
        ...(c.slug !== undefined && { frontMatterSlug: c.slug }),
      });
      assert.equal(route, c.route);
    });
  }
});

const prefixCases: readonly { input: string; name: string; position?: number }[] = [
  { input: '01-intro', name: 'intro', position: 1 },
  { input: '1.intro', name: 'intro', position: 1 },
  { input: '10_setup', name: 'setup', position: 10 },
  { input: '02 - setup', name: 'setup', position: 2 },
  { input: 'intro', name: 'intro' },
  { input: '2021-01-report', name: '2021-01-report' },
  { input: '2021-01-15-report', name: '2021-01-15-report' },
  { input: '21.01.2021-notes', name: '21.01.2021-notes' },
  { input: 'v1.2-notes', name: 'v1.2-notes' },
  { input: '1.2.3-notes', name: '1.2.3-notes' },
  { input: '2017', name: '2017' },
  { input: '3d-printing', name: '3d-printing' },
  { input: '01-', name: '01-' },
];

describe('parseNumberPrefix', () => {
  for (const c of prefixCases) {
    it(`"${c.input}" -> "${c.name}"${c.position === undefined ? '' : ` at ${c.position}`}`, () => {
      assert.deepEqual(parseNumberPrefix(c.input), {
        name: c.name,
        ...(c.position !== undefined && { position: c.position }),
      });
    });
  }
});

const validRouteCases: readonly { route: string; valid: boolean }[] = [
  { route: '/', valid: true },
  { route: '/web/vite', valid: true },
  { route: '/web/', valid: true },
  { route: '/c++', valid: true },
  { route: '/notes with spaces', valid: true },
  { route: '/日本語', valid: true },
  { route: 'web/vite', valid: false },
  { route: '', valid: false },
  { route: '/a?b', valid: false },
  { route: '/a#b', valid: false },
  { route: '/a/../b', valid: false },
  { route: '/a/./b', valid: false },
  { route: '/a\\b', valid: false },
];

describe('isValidRoute', () => {
  for (const c of validRouteCases) {
    it(`${JSON.stringify(c.route)} is ${c.valid ? 'valid' : 'invalid'}`, () =>
      assert.equal(isValidRoute(c.route), c.valid));
  }
});

const trailingSlashCases: readonly { route: string; setting: boolean | undefined; expected: string }[] = [
  { route: '/a', setting: undefined, expected: '/a' },
  { route: '/a/', setting: undefined, expected: '/a/' },
  { route: '/a', setting: true, expected: '/a/' },
  { route: '/a/', setting: true, expected: '/a/' },
  { route: '/a/', setting: false, expected: '/a' },
  { route: '/a/b', setting: false, expected: '/a/b' },
  { route: '/', setting: false, expected: '/' },
  { route: '/', setting: true, expected: '/' },
];

describe('applyTrailingSlash', () => {
  for (const c of trailingSlashCases) {
    it(`${c.route} with trailingSlash ${String(c.setting)} -> ${c.expected}`, () =>
      assert.equal(applyTrailingSlash(asRoute(c.route), c.setting), c.expected));
  }
});

const outputPathCases: readonly { route: string; html: string; data: string }[] = [
  { route: '/', html: 'index.html', data: '__data/index.json' },
  { route: '/intro', html: 'intro.html', data: '__data/intro.json' },
  { route: '/web/', html: 'web/index.html', data: '__data/web/index.json' },
  { route: '/web/vite', html: 'web/vite.html', data: '__data/web/vite.json' },
  { route: '/web/nodejs/', html: 'web/nodejs/index.html', data: '__data/web/nodejs/index.json' },
  { route: '/v1.2-notes', html: 'v1.2-notes.html', data: '__data/v1.2-notes.json' },
];

describe('route -> output files (htmlPathForRoute, pageDataPath)', () => {
  for (const c of outputPathCases) {
    it(`${c.route} -> ${c.html} and ${c.data}`, () => {
      assert.equal(htmlPathForRoute(asRoute(c.route)), c.html);
      assert.equal(pageDataPath(asRoute(c.route)), c.data);
    });
  }
});
