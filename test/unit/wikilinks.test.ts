import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { siteConfigSchema } from '../../src/node/config/schema.js';
import { createWikilinkLookup, type WikilinkStrategy } from '../../src/node/resolve/wikilinks.js';
import { asSourcePath } from '../../src/shared/paths.js';
import { vaultDocsDir } from '../helpers/obsidianVault.js';

// Obsidian's wikilink resolution (src/node/resolve/wikilinks.ts): by name, path, alias, case-insensitively.
const notes = [
  { path: 'index.md' },
  { path: 'Home.md', aliases: ['Start page', 'Welcome'] },
  { path: 'advanced/index.md' },
  { path: 'features/Latex.md' },
  { path: 'plugins/Latex.md' },
  { path: 'features/Roam Research compatibility.md' },
  { path: 'features/deep/Note.md' },
  { path: 'other/deep/Note.md' },
  { path: 'guides/setup.md' },
  { path: 'guides/sub/install.md' },
  { path: 'folder/folder.md' },
].map((note) => ({
  sourcePath: asSourcePath(note.path),
  frontMatter: { aliases: note.aliases },
  body: '',
  lineOffset: 0,
}));

function lookup(strategy: WikilinkStrategy) {
  const config = siteConfigSchema.parse({
    title: 'T',
    url: 'https://t.example.com',
    markdown: { wikilinks: strategy },
  });
  // The vault's folder is named docs: `[[docs/index]]` is written from the folder above it.
  return createWikilinkLookup({ notes, docsDir: vaultDocsDir, config });
}

interface Case {
  readonly target: string;
  readonly from?: string;
  /** The path it resolves to, or undefined when it names nothing. */
  readonly found: string | undefined;
  readonly candidates?: readonly string[];
}

const cases: Record<WikilinkStrategy, readonly Case[]> = {
  shortest: [
    { target: 'Home', found: 'Home.md' },
    { target: 'home', found: 'Home.md' },
    { target: 'Roam Research Compatibility', found: 'features/Roam Research compatibility.md' },
    { target: 'index', found: 'index.md' }, // the exact root path wins over advanced/index.md
    { target: 'advanced/index', found: 'advanced/index.md' },
    { target: 'features/Latex', found: 'features/Latex.md' },
    { target: 'Latex', found: 'features/Latex.md', candidates: ['features/Latex.md', 'plugins/Latex.md'] },
    {
      target: 'deep/Note',
      found: 'features/deep/Note.md',
      candidates: ['features/deep/Note.md', 'other/deep/Note.md'],
    },
    { target: 'other/deep/note', found: 'other/deep/Note.md' },
    { target: 'Latex.md', found: 'features/Latex.md', candidates: ['features/Latex.md', 'plugins/Latex.md'] },
    { target: 'start page', found: 'Home.md' },
    { target: 'Welcome', found: 'Home.md' },
    { target: 'advanced/', found: 'advanced/index.md' },
    { target: 'folder/', found: 'folder/folder.md' },
    { target: 'docs/index', found: 'index.md' },
    { target: 'images/pic.png', found: 'images/pic.png' },
    { target: 'paper.pdf', found: 'files/paper.pdf' },
    { target: 'pic.png', found: 'files/pic.png', candidates: ['files/pic.png', 'images/pic.png'] },
    { target: 'Nowhere', found: undefined },
    { target: 'missing.png', found: undefined },
    { target: 'x/Latex', found: undefined },
  ],
  relative: [
    { target: 'sub/install', from: 'guides/setup.md', found: 'guides/sub/install.md' },
    { target: '../setup', from: 'guides/sub/install.md', found: 'guides/setup.md' },
    { target: 'install', from: 'guides/setup.md', found: undefined },
    { target: 'Welcome', from: 'guides/setup.md', found: 'Home.md' },
  ],
  absolute: [
    { target: 'guides/sub/install', found: 'guides/sub/install.md' },
    { target: 'Guides/Setup', found: 'guides/setup.md' },
    { target: 'install', found: undefined },
    { target: 'Latex', found: undefined },
  ],
};

for (const [strategy, list] of Object.entries(cases) as [WikilinkStrategy, readonly Case[]][]) {
  describe(`wikilinks resolved by the ${strategy} path`, () => {
    const resolve = lookup(strategy);
    for (const c of list) {
      it(`[[${c.target}]]${c.from ? ` in ${c.from}` : ''} -> ${c.found ?? 'nothing'}`, () => {
        const result = resolve(c.target, asSourcePath(c.from ?? 'Home.md'));
        if (c.found === undefined) {
          assert.ok('missing' in result, JSON.stringify(result));
          assert.match(result.missing, new RegExp(c.target.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
          return;
        }
        assert.ok('sourcePath' in result, JSON.stringify(result));
        assert.equal(result.sourcePath, c.found);
        assert.equal(result.isNote, c.found.endsWith('.md'));
        assert.deepEqual(result.candidates, c.candidates);
      });
    }
  });
}

describe('a wikilink that names no note', () => {
  const resolve = lookup('shortest');
  const missing = (target: string) => {
    const result = resolve(target, asSourcePath('Home.md'));
    assert.ok('missing' in result, JSON.stringify(result));
    return result.missing;
  };

  it('names the note it most likely meant: the nearest name, or a near name in the folder it names', () => {
    assert.match(missing('Hme'), /named "Hme" in the docs folder \(did you mean \[\[Home\]\]\?\)$/);
    assert.match(missing('guides/setpu'), /\(did you mean \[\[setup\]\]\?\)$/);
  });

  it('names none for a file, nor for a name two notes share', () => {
    assert.doesNotMatch(missing('Homee.png'), /did you mean/);
    assert.doesNotMatch(missing('Latx'), /did you mean/);
  });
});

describe('the docs folder name is stripped only when it names the vault', () => {
  it('[[docs/index]] resolves in a vault named docs, not in one named otherwise', () => {
    const config = siteConfigSchema.parse({ title: 'T', url: 'https://t.example.com' });
    const elsewhere = createWikilinkLookup({ notes, docsDir: path.join(vaultDocsDir, 'images'), config });
    assert.ok('missing' in elsewhere('docs/index', asSourcePath('Home.md')));
  });
});
