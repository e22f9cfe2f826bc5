/**
 * Notes' Markdown let go after the outline and read again from their files when they render (src/node/notes/
 * noteBodies.ts): the body read again is the one scanned, whatever the encoding or front matter, and a note edited
 * in between is an error that names it, never a page made from two versions.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import type { SiteConfig } from '../../src/node/config/schema.js';
import { createBuildContext } from '../../src/node/context.js';
import type { Note } from '../../src/node/notes/note.js';
import { bodyLength, noteSourceHash, releaseBodies, withBody } from '../../src/node/notes/noteBodies.js';
import { resolveRoutes, scanSite } from '../../src/node/pipeline/pipeline.js';
import { createObsidianMarkdown } from '../../src/node/resolve/wikilinks.js';
import { makeTempDir } from '../helpers/cli.js';

const FILES: Record<string, string | Buffer> = {
  'plain.md': '# Plain\n\nA body with a [link](other.md).\n',
  'front-matter.md': '---\ntitle: Front\ntags: [a, b]\n---\n\n# Heading\n\nÉté, 東京, emoji 🙂.\n',
  'bom.md': '\uFEFF---\ntitle: Bom\n---\nText after a byte order mark.\n',
  'utf16.md': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Sixteen\n\nSaved by PowerShell.\n', 'utf16le')]),
  'other.md': '# Other\n',
  'kept.mdx': '# Kept\n\n<div>MDX</div>\n',
  'code-brackets.md': '# Code\n\n```sh\nif [[ -f x ]]; then :; fi\n```\n\n`[[inline]]` code, a [[link](plain.md)].\n',
  'wikilink.md': '# Wiki\n\nSee [[nowhere]].\n',
};

function scanned(): { notes: Note[]; docsDir: string; config: SiteConfig } {
  const docsDir = path.join(makeTempDir('wiki-bodies-'), 'docs');
  fs.mkdirSync(docsDir);
  for (const [name, contents] of Object.entries(FILES)) fs.writeFileSync(path.join(docsDir, name), contents);
  const config = validateConfig({ title: 'Bodies', url: 'https://bodies.example.com' }, 'test');
  const context = createBuildContext({ config, siteDir: path.dirname(docsDir), docsDir });
  return { notes: resolveRoutes(context, scanSite(context).notes, []).notes, docsDir, config };
}

const show = (file: string) => path.basename(file);

describe('note bodies let go and read again', () => {
  it('reads back exactly the body the outline read, with its hash and length kept', () => {
    const { notes } = scanned();
    const before = notes.map((note) => ({ body: note.body, hash: noteSourceHash(note) }));
    releaseBodies(notes, (note) => note.sourcePath.endsWith('.mdx'));
    for (const [index, note] of notes.entries()) {
      const kept = note.sourcePath.endsWith('.mdx');
      assert.equal(note.body === '', !kept, `${note.sourcePath}: let go unless kept`);
      assert.equal(bodyLength(note), before[index]!.body.length, note.sourcePath);
      assert.equal(noteSourceHash(note), before[index]!.hash, note.sourcePath);
      assert.equal(withBody(note, show).body, before[index]!.body, note.sourcePath);
    }
    assert.ok(
      notes.some((note) => note.body.includes('MDX')),
      'the MDX note kept its body',
    );
  });

  it('refuses a note edited after the outline read it, even to the same length, and one removed', () => {
    const { notes, docsDir } = scanned();
    releaseBodies(notes, () => false);
    const plain = notes.find((note) => note.sourcePath === 'plain.md')!;
    fs.writeFileSync(path.join(docsDir, 'plain.md'), FILES['plain.md']!.toString().replace('link', 'LINK'));
    assert.throws(() => withBody(plain, show), /plain\.md changed while the site was being built.*Run the build again/);
    const other = notes.find((note) => note.sourcePath === 'other.md')!;
    fs.appendFileSync(path.join(docsDir, 'other.md'), 'More.\n');
    assert.throws(() => withBody(other, show), /other\.md changed/);
    const front = notes.find((note) => note.sourcePath === 'front-matter.md')!;
    fs.rmSync(path.join(docsDir, 'front-matter.md'));
    assert.throws(() => withBody(front, show), /front-matter\.md changed/);
  });

  it('counts a wikilink only outside code: a note whose `[[`s are code or links is not read again to look for them', () => {
    const { notes, docsDir, config } = scanned();
    releaseBodies(notes, () => false);
    const wikilinks = (name: string) => notes.find((note) => note.sourcePath === name)!.released!.wikilinks;
    assert.equal(wikilinks('code-brackets.md'), false);
    assert.equal(wikilinks('wikilink.md'), true);
    const read: string[] = [];
    const bodyOf = (note: Note) => {
      read.push(note.sourcePath);
      return withBody(note, show).body;
    };
    const obsidian = createObsidianMarkdown({ notes, bodyOf, docsDir, config });
    // Only the note with a `[[` in its prose is read; its wikilink names no note, so Obsidian's syntax stays off.
    assert.deepEqual(read, ['wikilink.md']);
    assert.equal(obsidian.enabled, false);
  });
});
