/**
 * Incremental `wiki build` (pipeline/buildCache.ts), through the real CLI: after seeded random edits, renames, new
 * notes and deletions, a build that reuses the last one's cache writes exactly the files of a `--no-cache` full build
 * of the same notes; unchanged pages are reused, not rewritten; a corrupted or foreign cache is ignored with one
 * warning and rebuilt.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { cacheFolderOf, workFolderOf } from '../../src/node/pipeline/outputFolder.js';
import { makeTempDir, runWiki } from '../helpers/cli.js';
import { writeDocsNote } from '../helpers/docsSite.js';
import { seededRandom } from '../helpers/seededRandom.js';
import { snapshotFiles } from './builtSite.js';

const TOPICS = ['alpha', 'beta', 'gamma'];

/** How long a file must be left unchanged before a build trusts its stamp (bundleCache.mjs SETTLED_MS), and a margin. */
const SETTLED_WAIT_MS = 2100;

/** The site's notes, docs-relative path -> Markdown. */
type Notes = Map<string, string>;

/** How a note links others: Markdown links to routes, or Obsidian's wikilinks (some with an alias) and embeds. */
type Dialect = 'markdown' | 'obsidian';

function noteText(
  name: string,
  random: () => number,
  others: readonly string[],
  dialect: Dialect = 'markdown',
): string {
  const pick = () => others[Math.floor(random() * others.length)];
  const target = pick();
  const link = !target ? 'no link' : dialect === 'markdown' ? `[see ${target}](/${target})` : wikilink(target, random);
  const tag = TOPICS[Math.floor(random() * TOPICS.length)];
  const position = Math.floor(random() * 5);
  return `---\ntags: [${tag}]\nsidebar_position: ${position}\n---\n# ${name}\n\nAbout ${name}: ${link}.\n\n## Part ${Math.floor(random() * 100)}\n\nText ${random().toFixed(6)}.\n`;
}

function wikilink(target: string, random: () => number): string {
  const name = path.posix.basename(target, '.md');
  const shape = Math.floor(random() * 3);
  return shape === 0 ? `[[${name}]]` : shape === 1 ? `[[${name}|that note]]` : `![[${name}]]`;
}

function makeNotes(random: () => number, count: number, dialect: Dialect = 'markdown'): Notes {
  const notes: Notes = new Map();
  for (let n = 0; n < count; n++) {
    const file = `${TOPICS[n % TOPICS.length]}/note-${n}.md`;
    notes.set(file, noteText(`Note ${n}`, random, [...notes.keys()], dialect));
  }
  return notes;
}

/**
 * One random change: a note edited (a line added, its sidebar position, tag, title or links changed), renamed, deleted
 * or added.
 */
function changeNotes(notes: Notes, random: () => number, step: number, dialect: Dialect): void {
  const files = [...notes.keys()];
  const file = files[Math.floor(random() * files.length)]!;
  const text = notes.get(file)!;
  const kind = Math.floor(random() * 8);
  if (kind === 0) notes.set(file, `${text}\nEdited in step ${step}, see [this](/${files[0]}).\n`);
  if (kind === 1) {
    notes.delete(file);
    notes.set(`${TOPICS[step % TOPICS.length]}/renamed-${step}.md`, text);
  }
  if (kind === 2 && notes.size > 3) notes.delete(file);
  if (kind === 3)
    notes.set(`${TOPICS[(step + 1) % TOPICS.length]}/new-${step}.md`, noteText(`New ${step}`, random, files, dialect));
  if (kind === 4) notes.set(file, text.replace(/sidebar_position: \d/, `sidebar_position: ${step % 5}`));
  if (kind === 5) notes.set(file, text.replace(/tags: \[\w+\]/, `tags: [${TOPICS[step % TOPICS.length]}-${step}]`));
  if (kind === 6) notes.set(file, text.replace(/^# .*$/m, `# Titled in step ${step}`));
  if (kind === 7) notes.set(file, noteText(path.posix.basename(file, '.md'), random, files, dialect)); // new links
}

/** Makes the docs folder hold `notes`: only changed notes are written and removed ones deleted (the others keep their stamps). */
function writeNotes(site: string, notes: Notes): void {
  const docs = path.join(site, 'docs');
  const present = fs.existsSync(docs) ? fs.readdirSync(docs, { recursive: true, encoding: 'utf8' }) : [];
  for (const file of present.map((entry) => entry.split(path.sep).join('/'))) {
    const full = path.join(docs, file);
    if (fs.statSync(full).isFile() && !notes.has(file)) fs.rmSync(full);
  }
  for (const [file, text] of notes) {
    const full = path.join(docs, file);
    if (fs.existsSync(full) && fs.readFileSync(full, 'utf8') === text) continue;
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
  }
}

/** `more`: other config fields, as TypeScript source. */
function makeSite(onBrokenLinks: 'warn' | 'throw' = 'warn', more = ''): string {
  const site = path.join(makeTempDir('wiki-incremental-'), 'site');
  fs.mkdirSync(site);
  fs.writeFileSync(
    path.join(site, 'wiki.config.ts'),
    `export default { title: 'Incremental', url: 'https://incremental.example.com', onBrokenLinks: '${onBrokenLinks}', ${more} };\n`,
  );
  return site;
}

async function build(site: string, out: string, ...flags: string[]): Promise<string> {
  const result = await runWiki(['build', '--out', out, ...flags], { cwd: site });
  assert.equal(result.code, 0, result.stderr);
  return result.stderr;
}

/** Builds incrementally into build/ and fully into full/, and asserts both hold the same files, byte for byte. */
async function assertSameAsFullBuild(site: string): Promise<string> {
  const stderr = await build(site, 'build');
  await build(site, 'full', '--no-cache');
  const incremental = snapshotFiles(path.join(site, 'build'));
  const full = snapshotFiles(path.join(site, 'full'));
  assert.deepEqual([...incremental.keys()], [...full.keys()]);
  for (const [file, digest] of full) assert.equal(incremental.get(file), digest, `${file} differs from a full build`);
  return stderr;
}

const inodeOf = (site: string, relPath: string) => fs.statSync(path.join(site, 'build', relPath)).ino;

describe('incremental wiki build', () => {
  // The second site also shows dates, feeds, the recent page and the graph, each of which an edit may change.
  const randomSites = [
    { dialect: 'markdown', seed: 26, config: '' },
    {
      dialect: 'obsidian',
      seed: 27,
      config: 'markdown: { obsidian: true }, graph: true, docs: { showLastUpdateTime: true, feeds: true, recent: 5 }',
    },
  ] as const;
  for (const { dialect, seed, config } of randomSites)
    it(`writes what a full build writes after random edits, renames, new notes and deletions (${dialect})`, async () => {
      const random = seededRandom(seed);
      const site = makeSite('warn', config);
      const notes = makeNotes(random, 12, dialect);
      writeNotes(site, notes);
      await sleep(SETTLED_WAIT_MS); // the notes no step changes are known (not read) by the builds after the first
      await assertSameAsFullBuild(site);
      for (let step = 0; step < 6; step++) {
        for (let change = 0; change < 1 + Math.floor(random() * 3); change++) changeNotes(notes, random, step, dialect);
        writeNotes(site, notes);
        // A file left in the output is not the site's: the build that starts from it (as the spare) must drop it.
        fs.writeFileSync(path.join(site, 'build', `stray-${step}.txt`), 'not written by the build');
        await assertSameAsFullBuild(site);
      }
      assert.ok(fs.existsSync(path.join(workFolderOf(path.join(site, 'build')), 'spare')), 'builds start from a spare');
      // Last, a link added and nothing else: the other pages' hashes are carried over, the linked note's backlinks not.
      const [from, to] = [...notes.keys()];
      notes.set(from!, `${notes.get(from!)!}\nA last link to [that note](/${to!.replace(/\.md$/, '')}).\n`);
      writeNotes(site, notes);
      await assertSameAsFullBuild(site);
    });

  it('after a build that fails on a broken link (the output kept as it was), writes what a full build writes', async () => {
    const site = makeSite('throw');
    const notes = makeNotes(seededRandom(11), 6);
    writeNotes(site, notes);
    await build(site, 'build');
    const good = snapshotFiles(path.join(site, 'build'));
    // Found once the pages are written into the staging folder, which is then set aside as the next build's spare.
    writeNotes(site, new Map([...notes, ['alpha/bad.md', '# Bad\n\nSee [nowhere](/nowhere).\n']]));
    const failed = await runWiki(['build', '--out', 'build'], { cwd: site });
    assert.equal(failed.code, 1, failed.stderr);
    assert.deepEqual(snapshotFiles(path.join(site, 'build')), good, 'the output is the last good site');
    assert.ok(fs.existsSync(path.join(workFolderOf(path.join(site, 'build')), 'spare/alpha/bad.html')));
    notes.set('beta/note-1.md', `${notes.get('beta/note-1.md')!}\nFixed.\n`);
    writeNotes(site, notes);
    await assertSameAsFullBuild(site); // from the spare the failed build left
  });

  it('renders every page again into the spare when the title changes, as a full build does', async () => {
    // With the last build's cache there, the render pool's worker starts only once this many pages render: here it
    // starts mid-build and takes pages of a staging folder that is the spare (renderPool.ts LAZY_START_PAGES).
    const site = makeSite();
    const notes = makeNotes(seededRandom(31), 120);
    writeNotes(site, notes);
    await build(site, 'build');
    notes.set('beta/note-1.md', `${notes.get('beta/note-1.md')!}\nEdited.\n`);
    writeNotes(site, notes);
    await build(site, 'build'); // replaces the first site, kept as the spare
    const config = path.join(site, 'wiki.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("'Incremental'", "'Renamed'"));
    await assertSameAsFullBuild(site);
    assert.ok(fs.readFileSync(path.join(site, 'build/alpha/note-0.html'), 'utf8').includes('Renamed'));
  });

  it("highlights an edited note's code as a full build does, whatever other notes loaded into Prism before", async () => {
    // Prism builds a grammar from the languages loaded at that moment: markdown embeds yaml front matter, and the
    // languages of its fenced blocks, only when they are there. A full build highlights a.md (yaml, python) first.
    const site = makeSite();
    const fence = '```';
    const notes: Notes = new Map([
      ['alpha/a.md', `# A\n\n${fence}yaml\nkey: value\n${fence}\n\n${fence}python\nprint(1)\n${fence}\n`],
      [
        'alpha/b.md',
        `# B\n\n${fence}\`md\n---\ntitle: Example\n---\n\n${fence}python\nprint(2)\n${fence}\n${fence}\`\n`,
      ],
    ]);
    writeNotes(site, notes);
    await build(site, 'build');
    notes.set('alpha/b.md', `${notes.get('alpha/b.md')!}\nEdited.\n`);
    writeNotes(site, notes);
    await assertSameAsFullBuild(site); // b.md alone is highlighted again
    const html = fs.readFileSync(path.join(site, 'build/alpha/b.html'), 'utf8');
    assert.match(html, /language-yaml"><span class="token key atrule">title<\/span>/);
    assert.match(html, /language-python"[^]*?<span class="token keyword">print<\/span>/);
  });

  it('builds after a note that others link past is deleted (the old links name notes by their last order)', async () => {
    const site = makeSite();
    const notes: Notes = new Map([
      ['alpha/a.md', '# A\n\nSee [c](/alpha/c).\n'],
      ['alpha/b.md', '# B\n\nB text.\n'],
      ['alpha/c.md', '# C\n\nC text.\n'],
    ]);
    writeNotes(site, notes);
    await build(site, 'build');
    notes.set('alpha/b.md', '# B\n\nB text, edited.\n');
    writeNotes(site, notes);
    await build(site, 'build');
    notes.delete('alpha/b.md'); // c was the third note: a's links in the cache name a note past the two left
    writeNotes(site, notes);
    await assertSameAsFullBuild(site);
  });

  it('keeps an unchanged search index when only a static file changes, build after build (from the spare)', async () => {
    const site = makeSite();
    writeNotes(site, makeNotes(seededRandom(5), 6));
    await build(site, 'build');
    const index = () => inodeOf(site, 'search/index.json');
    const first = index();
    fs.mkdirSync(path.join(site, 'static'));
    for (const text of ['one', 'two', 'three']) {
      fs.writeFileSync(path.join(site, 'static/file.txt'), text);
      await assertSameAsFullBuild(site);
      assert.equal(index(), first, 'the search index is linked, not built again');
    }
    assert.equal(fs.readFileSync(path.join(site, 'build/file.txt'), 'utf8'), 'three');
  });

  it('reuses the files of unchanged pages and renders the changed ones', async () => {
    const site = makeSite();
    const notes = makeNotes(seededRandom(7), 6);
    writeNotes(site, notes);
    await build(site, 'build');
    const [edited, untouched] = ['beta/note-4', 'gamma/note-5'];
    const reused = [`${edited}.html`, `${untouched}.html`, 'search/index.json'];
    const before = reused.map((file) => inodeOf(site, file));
    await assertSameAsFullBuild(site);
    assert.deepEqual(
      reused.map((file) => inodeOf(site, file)),
      before,
      'a build of unchanged notes reuses every page file and the search index',
    );
    const searchFiles = () =>
      new Map(
        fs
          .readdirSync(path.join(site, 'build/search'), { recursive: true, encoding: 'utf8' })
          .filter((file) => fs.statSync(path.join(site, 'build/search', file)).isFile())
          .map((file) => [file, inodeOf(site, `search/${file}`)]),
      );
    const searchBefore = searchFiles();
    notes.set(`${edited}.md`, notes.get(`${edited}.md`)!.replace('About', 'Now about'));
    writeNotes(site, notes);
    await assertSameAsFullBuild(site);
    assert.notEqual(inodeOf(site, `${edited}.html`), before[0], 'the edited note is rendered again');
    const searchAfter = [...searchFiles()];
    const kept = searchAfter.filter(([file, inode]) => searchBefore.get(file) === inode).length;
    assert.ok(
      kept > 0 && kept < searchAfter.length,
      `only changed search files are written (${kept} of ${searchAfter.length} kept)`,
    );
    assert.equal(inodeOf(site, `${untouched}.html`), before[1], 'a page the edit does not reach is reused');
    assert.ok(fs.readFileSync(path.join(site, 'build', `${edited}.html`), 'utf8').includes('Now about'));
    // Again: what the last build recorded of a page it linked (not rendered) lets the next one link it too.
    notes.set(`${edited}.md`, notes.get(`${edited}.md`)!.replace('Now about', 'Then about'));
    writeNotes(site, notes);
    await assertSameAsFullBuild(site);
    assert.equal(inodeOf(site, `${untouched}.html`), before[1], 'a page reused twice in a row');
    // The spare and the output now share the page's file: changed in place in one, it changed in both.
    fs.appendFileSync(path.join(site, 'build', `${untouched}.html`), '<!-- changed by hand -->');
    await assertSameAsFullBuild(site);
    assert.ok(!fs.readFileSync(path.join(site, 'build', `${untouched}.html`), 'utf8').includes('changed by hand'));
  });

  it('splices the search index after an edit, and makes it anew after a splice failed on files changed behind its back', async () => {
    const site = makeSite();
    const notes = makeNotes(seededRandom(13), 6);
    writeNotes(site, notes);
    await build(site, 'build');
    // A shard changed with its size and time kept: the build cannot tell, and splices from it (a full index would not read it).
    const shard = path.join(site, 'build/search/terms/0.txt');
    const stamp = path.join(site, 'shard-time');
    fs.writeFileSync(stamp, '');
    execFileSync('touch', ['-r', shard, stamp]); // to the nanosecond, which fs.utimesSync cannot set
    fs.writeFileSync(shard, fs.readFileSync(shard, 'utf8').replace('\t', ' '));
    execFileSync('touch', ['-r', stamp, shard]);
    const before = snapshotFiles(path.join(site, 'build'));
    notes.set('alpha/note-0.md', `${notes.get('alpha/note-0.md')!}\nA new word: zymurgy.\n`);
    writeNotes(site, notes);
    const failed = await runWiki(['build', '--out', 'build'], { cwd: site });
    assert.equal(failed.code, 1, failed.stderr);
    assert.match(
      failed.stderr,
      /The search index could not be brought up to date from the last build's files \(a line of search\/terms\/0\.txt is not a term's postings\)\..*Build again/,
    );
    assert.deepEqual(snapshotFiles(path.join(site, 'build')), before, 'nothing was replaced');
    await assertSameAsFullBuild(site); // the whole index, made anew
    notes.set('beta/note-1.md', `${notes.get('beta/note-1.md')!}\nAnother: quokka.\n`);
    writeNotes(site, notes);
    await assertSameAsFullBuild(site); // spliced again
    assert.ok(fs.readFileSync(path.join(site, 'build/search/terms/0.txt'), 'utf8').includes('\t'));
  });

  it("records the search index's files as the output holds them, whether the index was made, spliced or linked", async () => {
    const site = makeSite();
    const notes = makeNotes(seededRandom(19), 6);
    writeNotes(site, notes);
    fs.mkdirSync(path.join(site, 'static/search'), { recursive: true });
    fs.writeFileSync(path.join(site, 'static/search/extra.txt'), 'a static file under the index folder');
    const inOutput = () =>
      fs
        .readdirSync(path.join(site, 'build/search'), { recursive: true, encoding: 'utf8' })
        .map((file) => `search/${file.split(path.sep).join('/')}`)
        .filter((relPath) => relPath !== 'search/extra.txt')
        .map((relPath) => [relPath, fs.statSync(path.join(site, 'build', relPath))] as const)
        .filter(([, stat]) => stat.isFile())
        .map(([relPath, stat]) => [relPath, stat.size, stat.mtimeMs, stat.ino, stat.dev])
        .sort(([a], [b]) => (String(a) < String(b) ? -1 : 1));
    const recorded = () => {
      const file = fs.readFileSync(path.join(cacheFolderOf(path.join(site, 'build')), 'search.json'), 'utf8');
      return (JSON.parse(file.slice(file.indexOf('\n') + 1)) as { files: unknown[] }).files;
    };
    await build(site, 'build'); // made from every note
    assert.deepEqual(recorded(), inOutput());
    notes.set('alpha/note-0.md', `${notes.get('alpha/note-0.md')!}\nA new word: zymurgy.\n`);
    writeNotes(site, notes);
    await build(site, 'build'); // spliced
    assert.deepEqual(recorded(), inOutput());
    fs.writeFileSync(path.join(site, 'static/other.txt'), 'a static file');
    await build(site, 'build'); // linked as it was
    assert.deepEqual(recorded(), inOutput());
    assert.equal(
      fs.readFileSync(path.join(site, 'build/search/extra.txt'), 'utf8'),
      'a static file under the index folder',
    );
  });

  it("shows an edited link's new context on the page it leads to, the other pages' hashes carried over", async () => {
    const site = makeSite();
    const notes: Notes = new Map([
      ['alpha/a.md', '# A\n\nIntroduction.\n\nSee [b](../beta/b.md) here.\n'], // its summary: the first paragraph
      ['beta/b.md', '# B\n\nText.\n'],
      ['gamma/c.md', '# C\n\nSee [b](../beta/b.md) too.\n'],
    ]);
    writeNotes(site, notes);
    await build(site, 'build'); // a first build keeps no links
    notes.set('gamma/c.md', `${notes.get('gamma/c.md')!}\nMore text.\n`);
    writeNotes(site, notes);
    await assertSameAsFullBuild(site); // keeps every note's links: the next build carries page hashes over
    const untouched = inodeOf(site, 'gamma/c.html');
    notes.set('alpha/a.md', '# A\n\nIntroduction.\n\nNow see [b](../beta/b.md) in other words.\n');
    writeNotes(site, notes);
    await assertSameAsFullBuild(site); // every carried hash is checked against its model (WIKI_CHECK_CARRIED_PAGES)
    assert.match(fs.readFileSync(path.join(site, 'build/beta/b.html'), 'utf8'), /Now see b in other words/);
    assert.equal(inodeOf(site, 'gamma/c.html'), untouched, 'a page no changed link leads to is reused');
  });

  it('indexes again for search when only the set of notes changes (a note nobody links to added, then removed)', async () => {
    const site = makeSite();
    const notes = makeNotes(seededRandom(11), 6);
    writeNotes(site, notes);
    await build(site, 'build');
    notes.set('alpha/lonely.md', '# Lonely\n\nA word only this note has: quixotically.\n');
    writeNotes(site, notes);
    await assertSameAsFullBuild(site);
    notes.delete('alpha/lonely.md');
    writeNotes(site, notes);
    await assertSameAsFullBuild(site);
  });

  it('renders again a note that embeds an edited note (Obsidian transclusion)', async () => {
    const site = makeSite();
    const notes: Notes = new Map([
      ['alpha/host.md', '# Host\n\n![[guest]]\n\nSee [[guest]].\n'],
      ['beta/guest.md', '# Guest\n\nFirst words.\n'],
    ]);
    writeNotes(site, notes);
    await build(site, 'build');
    notes.set('beta/guest.md', '# Guest\n\nSecond words.\n');
    writeNotes(site, notes);
    await assertSameAsFullBuild(site);
    assert.ok(fs.readFileSync(path.join(site, 'build', 'alpha/host.html'), 'utf8').includes('Second words'));
  });

  it("renders every note again when one note's wikilink turns Obsidian's syntax on", async () => {
    const site = makeSite();
    // With Obsidian's syntax on, a single line break is a <br>: every note's HTML changes, and its summary may.
    const notes: Notes = new Map([
      ['alpha/lines.md', '# Lines\n\nfirst line\nsecond line\n'],
      ['beta/plain.md', '# Plain\n\nNo links.\n'],
    ]);
    writeNotes(site, notes);
    await build(site, 'build');
    notes.set('beta/plain.md', '# Plain\n\nSee [[lines]].\n');
    writeNotes(site, notes);
    await assertSameAsFullBuild(site);
    assert.match(fs.readFileSync(path.join(site, 'build', 'alpha/lines.html'), 'utf8'), /first line<br/);
    notes.set('beta/plain.md', '# Plain\n\nNo links again.\n');
    writeNotes(site, notes);
    await assertSameAsFullBuild(site);
    assert.doesNotMatch(fs.readFileSync(path.join(site, 'build', 'alpha/lines.html'), 'utf8'), /first line<br/);
  });

  it('writes what a full build writes when unchanged notes are taken from the last build unread (settled stamps)', async () => {
    const site = makeSite();
    const write = (file: string, text: string) => writeDocsNote(site, file, text); // only that file's stamp changes
    write('alpha/host.md', '# Host\n\n![[guest]]\n\nSee [[guest]] and #topic.\n');
    write('beta/guest.md', '---\ntitle: Guest\n---\nFirst words, #other tag.\n');
    write('beta/plain.md', '# Plain\n\nfirst line\nsecond line, and [host](../alpha/host.md).\n');
    write('gamma/far.md', '# Far\n\nNothing here.\n');
    await sleep(SETTLED_WAIT_MS); // a note is known only once its stamp is settled (upToDate.ts)
    await assertSameAsFullBuild(site);
    const known = () => fs.readFileSync(path.join(cacheFolderOf(path.join(site, 'build')), 'known.json'), 'utf8');
    for (const file of ['host', 'guest', 'plain', 'far'])
      assert.ok(known().includes(`${file}.md`), `${file}.md is known`);

    // The host embeds the guest: the host is known (not read), the guest read again.
    write('beta/guest.md', '---\ntitle: Guest renamed\n---\nSecond words, #other tag.\n');
    await assertSameAsFullBuild(site);
    assert.ok(fs.readFileSync(path.join(site, 'build', 'alpha/host.html'), 'utf8').includes('Second words'));
    assert.ok(!known().includes('guest.md'), 'a note changed as the build stamped it is read again next time');

    // The only wikilinks go: Obsidian's syntax turns off for the known notes too (no <br> for a line break).
    write('alpha/host.md', '# Host\n\nNo wikilinks, #topic.\n');
    await assertSameAsFullBuild(site);
    assert.doesNotMatch(fs.readFileSync(path.join(site, 'build', 'beta/plain.html'), 'utf8'), /first line<br/);
    await sleep(SETTLED_WAIT_MS);
    write('gamma/far.md', '# Far\n\nNow [[plain]] is named.\n'); // and on again, from a known note's neighbour
    await assertSameAsFullBuild(site);
    assert.match(fs.readFileSync(path.join(site, 'build', 'beta/plain.html'), 'utf8'), /first line<br/);
  });

  it('renders a note again when its HTML in the cache is damaged, with a warning, and mends the cache', async () => {
    const site = makeSite();
    const notes = makeNotes(seededRandom(4), 5);
    writeNotes(site, notes);
    await build(site, 'build');
    const cacheDir = path.join(workFolderOf(path.join(site, 'build')), 'cache');
    // One letter of alpha/note-0.md's HTML changed, in place: its entry and the index stay as written.
    const index = JSON.parse(fs.readFileSync(path.join(cacheDir, 'notes.json'), 'utf8').split('\n')[1]!) as {
      html: string;
      notes: [file: string, entryStart: number, entryLength: number, htmlStart: number, htmlLength: number][];
    };
    const data = path.join(cacheDir, index.html);
    const rows = index.notes;
    const [, , , start, htmlLength] = rows.find(([file]) => file.endsWith('alpha/note-0.md'))!;
    const bytes = fs.readFileSync(data);
    const html = bytes.subarray(start, start + htmlLength);
    html[html.indexOf('About')] = 'a'.charCodeAt(0);
    fs.writeFileSync(data, bytes);
    fs.rmSync(path.join(cacheDir, 'pages.json')); // every page rendered again: the damaged HTML is read
    notes.set('beta/note-1.md', `${notes.get('beta/note-1.md')!}\nEdited.\n`);
    writeNotes(site, notes);
    const stderr = await assertSameAsFullBuild(site);
    assert.match(stderr, /Ignored the build cache's note .*alpha\/note-0\.md: its HTML does not match its checksum/);
    notes.set('beta/note-1.md', `${notes.get('beta/note-1.md')!}\nEdited again.\n`);
    writeNotes(site, notes);
    fs.rmSync(path.join(cacheDir, 'pages.json'));
    assert.doesNotMatch(await assertSameAsFullBuild(site), /Ignored/, 'the cache holds the note rendered again');
  });

  for (const [name, spoil] of [
    ['bad JSON', (text: string) => `{"format": ${text.length}`],
    ['another format', (text: string) => text.replace('wiki-build-cache/', 'other-cache/')],
    ['a checksum mismatch', (text: string) => text.replace(/("html":"|<p>)/, '$1<b>planted</b>')],
  ] as const) {
    it(`ignores a cache file with ${name}, with one warning, and rebuilds it`, async () => {
      const site = makeSite();
      const notes = makeNotes(seededRandom(3), 5);
      writeNotes(site, notes);
      await build(site, 'build');
      const cacheDir = path.join(workFolderOf(path.join(site, 'build')), 'cache');
      const notesData = fs.readdirSync(cacheDir).filter((name) => name.startsWith('notes-') && name.endsWith('.data'));
      for (const file of ['notes.json', 'pages.json', ...notesData]) {
        const cacheFile = path.join(cacheDir, file);
        fs.writeFileSync(cacheFile, spoil(fs.readFileSync(cacheFile, 'utf8')));
      }
      // Another note edited: with nothing changed, the build would have nothing to do and read no cache.
      notes.set('beta/note-1.md', `${notes.get('beta/note-1.md')!}\nEdited.\n`);
      writeNotes(site, notes);
      const stderr = await assertSameAsFullBuild(site);
      assert.equal(stderr.match(/Ignored the build cache/g)?.length, 1, stderr);
      assert.ok(!fs.readFileSync(path.join(site, 'build', 'alpha/note-0.html'), 'utf8').includes('planted'));
      assert.equal(await build(site, 'build').then((again) => again.includes('Ignored the build cache')), false);
    });
  }
});
