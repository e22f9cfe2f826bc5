/**
 * `wiki dev` keeps its rendered notes for the next session (src/node/pipeline/noteStore.ts): a second start takes
 * those still valid instead of rendering them, and what it serves is what a start without them renders; a note
 * changed, a link's target gone, a damaged store or another config are rendered again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/node/config/loadConfig.js';
import { buildDevSite } from '../../src/node/dev/devSite.js';
import { createDevSession, type DevSession } from '../../src/node/dev/session.js';
import type { ParsedNote } from '../../src/node/notes/note.js';
import { makeDocsSite, writeDocsNote } from '../helpers/docsSite.js';

const NOTES: Record<string, string> = {
  'plain.md': '# Plain\n\nNo links, **bold** words.\n\n## A part\n\nMore.\n',
  'web.md':
    '# Web\n\nSee [a site](https://example.com/a), [another](//example.org/b) and [mail](mailto:a@example.com).\n',
  'linking.md': '# Linking\n\nTo [the target](target.md#a-part) and [[target]].\n',
  'target.md': '# Target\n\n## A part\n\nText.\n',
  'embedding.md': '# Embedding\n\n![[plain]]\n',
};
const CONFIG = "export default { title: 'Store', url: 'https://store.example.com', markdown: { obsidian: true } };\n";

/** What a page shows of a note, and what the server checks of it. */
const shown = (notes: readonly ParsedNote[]) =>
  notes.map(({ sourcePath, html, headings, links, htmlIds }) => ({ sourcePath, html, headings, links, htmlIds }));

async function startSession(site: string, logged: string[] = []): Promise<DevSession> {
  const session = createDevSession({ configPath: path.join(site, 'wiki.config.ts'), log: (line) => logged.push(line) });
  assert.ok(await session.start());
  session.site!.cancelled = true;
  await session.notesSaved();
  return session;
}

/** The notes as a start without a store renders them. */
async function renderedAnew(site: string): Promise<ParsedNote[]> {
  const configPath = path.join(site, 'wiki.config.ts');
  const devSite = await buildDevSite({ config: await loadConfig(configPath), configPath });
  devSite.cancelled = true;
  return devSite.notes;
}

function makeSite(): string {
  const site = makeDocsSite('wiki-dev-store-', NOTES);
  fs.writeFileSync(path.join(site, 'wiki.config.ts'), CONFIG);
  return site;
}

describe("wiki dev's notes kept for the next session", () => {
  it('takes every note it can from the last session, and serves what a start without them renders', async () => {
    const site = makeSite();
    const first = await startSession(site);
    assert.equal(first.storedNotes, 0);
    assert.ok(fs.existsSync(path.join(site, '.build.wiki', 'cache', 'dev-notes.json')));
    const second = await startSession(site);
    // All but the note that embeds another: an embedded note's Markdown may have changed.
    assert.equal(second.storedNotes, Object.keys(NOTES).length - 1);
    assert.deepEqual(shown(second.site!.notes), shown(await renderedAnew(site)));
    assert.deepEqual(shown(second.site!.notes), shown(first.site!.notes));
  });

  it('renders again a note changed since, and one whose link now leads elsewhere', async () => {
    const site = makeSite();
    await startSession(site);
    writeDocsNote(site, 'plain.md', '# Plain\n\nReworded between sessions.\n');
    fs.rmSync(path.join(site, 'docs', 'target.md')); // linking.md's links are now broken
    const logged: string[] = [];
    const next = await startSession(site, logged);
    assert.equal(next.storedNotes, 1, 'only web.md is as it was');
    const notes = next.site!.notes;
    assert.match(notes.find((note) => note.sourcePath === 'plain.md')!.html, /Reworded between sessions/);
    assert.match(notes.find((note) => note.sourcePath === 'embedding.md')!.html, /Reworded between sessions/);
    assert.ok(notes.find((note) => note.sourcePath === 'linking.md')!.links.every((link) => link.resolved.broken));
    assert.deepEqual(shown(notes), shown(await renderedAnew(site)));
    assert.ok(logged.some((line) => /Broken link to "target\.md#a-part"/.test(line)));
  });

  it('warns of a damaged note and renders it again', async () => {
    const site = makeSite();
    await startSession(site);
    const cache = path.join(site, '.build.wiki', 'cache');
    const htmlFile = fs.readdirSync(cache).find((name) => name.endsWith('-html.data'))!;
    const bytes = fs.readFileSync(path.join(cache, htmlFile));
    fs.writeFileSync(
      path.join(cache, htmlFile),
      bytes.toString('latin1').replace('example.org', 'example.net'),
      'latin1',
    );
    const logged: string[] = [];
    const next = await startSession(site, logged);
    assert.equal(next.storedNotes, Object.keys(NOTES).length - 2);
    assert.ok(
      logged.some((line) => /^warning Ignored the stored note \S*docs\/web\.md: .*checksum.*rendered again/.test(line)),
      logged.join('\n'),
    );
    assert.deepEqual(shown(next.site!.notes), shown(await renderedAnew(site)));
  });

  it('takes nothing under another config, and says nothing of it', async () => {
    const site = makeSite();
    await startSession(site);
    fs.writeFileSync(path.join(site, 'wiki.config.ts'), CONFIG.replace("'Store'", "'Renamed'"));
    const logged: string[] = [];
    const next = await startSession(site, logged);
    assert.equal(next.storedNotes, 0);
    assert.deepEqual(
      logged.filter((line) => line.startsWith('warning')),
      [],
    );
  });

  it('says once that it cannot keep the notes, and serves them all the same', async () => {
    const site = makeSite();
    fs.writeFileSync(path.join(site, '.build.wiki'), 'a file where the work folder would be\n');
    const logged: string[] = [];
    const session = await startSession(site, logged);
    assert.equal(session.site!.notes.length, Object.keys(NOTES).length);
    const warnings = logged.filter((line) => line.startsWith('warning Could not keep the rendered notes'));
    assert.equal(warnings.length, 1, logged.join('\n'));
    assert.match(warnings[0]!, /next `wiki dev`/);
  });
});
