/**
 * The `wiki dev` session (src/node/dev/session.ts): its first build names the folders to watch before it reads them,
 * so the server's watcher scans them while the build runs and a change made from then on is seen; an edit that turns
 * Obsidian's syntax on or off renders every note again, as a build would; an edit's link problems are checked again,
 * those of the notes linking into it too, each problem once; an edit of a file the config imports loads it again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readSiteFile } from '../../src/node/dev/devSite.js';
import { createDevSession } from '../../src/node/dev/session.js';
import type { WatchTarget } from '../../src/node/dev/watch.js';
import { makeDocsSite, writeDocsNote, writeSiteFile } from '../helpers/docsSite.js';

/**
 * A site of these notes, its wiki.config.ts (a title and URL, and `more` fields as TypeScript source), and a dev
 * session on it, not started.
 */
function sessionOn(notes: Record<string, string>, options: { more?: string; log?: (line: string) => void } = {}) {
  const site = makeDocsSite('wiki-dev-session-', notes);
  const configPath = path.join(site, 'wiki.config.ts');
  const fields = ["title: 'Session'", "url: 'https://session.example.com'", ...(options.more ? [options.more] : [])];
  fs.writeFileSync(configPath, `export default { ${fields.join(', ')} };\n`);
  return { site, session: createDevSession({ configPath, log: options.log ?? (() => undefined) }) };
}

describe('the wiki dev session', () => {
  it("names the build's folders to watch before the first build reads them", async () => {
    const { site, session } = sessionOn({ 'alpha.md': '# Alpha\n\nFirst words.\n' });
    let targets: WatchTarget[] = [];
    const built = await session.start(() => {
      targets = session.watchTargets();
      writeDocsNote(site, 'alpha.md', '# Edited\n\nChanged once the folders were named.\n');
    });
    assert.ok(built);
    assert.deepEqual(
      targets.map((target) => [path.relative(site, target.path), target.kind]),
      [
        ['wiki.config.ts', 'file'],
        ['docs', 'folder'],
        ['static', 'folder'],
        ['theme', 'folder'],
        ['pages', 'folder'],
        ['i18n', 'folder'],
        ['docs/.obsidian', 'file'],
        ['.obsidian', 'file'],
      ],
    );
    assert.deepEqual(
      session.site?.site.notePages.map((page) => page.title),
      ['Edited'],
      'the build read the note after the folders were named',
    );
    session.site!.cancelled = true;
  });

  it("renders every note again when an edit turns Obsidian's syntax on or off, as a build would", async () => {
    const logged: string[] = [];
    const { site, session } = sessionOn(
      {
        'lines.md': '# Lines\n\nfirst line\nsecond line\n',
        'plain.md': '# Plain\n\nNo links.\n',
        'other.md': '# Other\n\nNothing.\n',
      },
      { log: (line) => logged.push(line) },
    );
    assert.ok(await session.start());
    const linesHtml = () => session.site!.notes.find((note) => note.sourcePath === 'lines.md')!.html;
    const edit = async (file: string, text: string) => {
      writeDocsNote(site, file, text);
      await session.applyChanges(new Set([path.join(site, 'docs', file)]));
    };
    assert.doesNotMatch(linesHtml(), /first line<br/);

    const rebuilt = () => logged.filter((line) => /rebuilt/.test(line)).length;
    await edit('plain.md', '# Plain\n\nSee [[lines]].\n'); // the first wikilink: on
    assert.equal(session.site!.site.parser.obsidian?.enabled, true);
    assert.match(linesHtml(), /first line<br/);
    assert.equal(rebuilt(), 1, logged.join('\n'));
    await edit('other.md', '# Other\n\nAlso [[plain]].\n'); // a second one: still on
    await edit('plain.md', '# Plain\n\nNo links again.\n'); // other.md keeps it on
    assert.match(linesHtml(), /first line<br/);
    assert.equal(rebuilt(), 1, `neither edit rebuilt the site:\n${logged.join('\n')}`);
    await edit('other.md', '# Other\n\nNothing again.\n'); // the last one gone: off
    assert.equal(session.site!.site.parser.obsidian?.enabled, false);
    assert.doesNotMatch(linesHtml(), /first line<br/);
    assert.equal(rebuilt(), 2, logged.join('\n'));
    session.site!.cancelled = true;
  });

  it("renders every note again when a .obsidian folder is made or removed, with Obsidian's syntax 'auto'", async () => {
    const logged: string[] = [];
    const { site, session } = sessionOn(
      { 'lines.md': '# Lines\n\nfirst line\nsecond line\n' },
      { log: (line) => logged.push(line) },
    );
    assert.ok(await session.start());
    const vault = path.join(site, 'docs', '.obsidian');
    assert.ok(
      session.watchTargets().some((target) => target.path === vault && target.kind === 'file'),
      'the folder itself is watched, not what Obsidian writes in it',
    );
    const linesHtml = () => session.site!.notes[0]!.html;
    assert.doesNotMatch(linesHtml(), /first line<br/);
    fs.mkdirSync(vault);
    await session.applyChanges(new Set([vault]));
    assert.equal(session.site!.site.parser.obsidian?.enabled, true);
    assert.match(linesHtml(), /first line<br/);
    fs.rmdirSync(vault);
    await session.applyChanges(new Set([vault]));
    assert.equal(session.site!.site.parser.obsidian?.enabled, false);
    assert.doesNotMatch(linesHtml(), /first line<br/);
    assert.equal(logged.filter((line) => /rebuilt .*\.obsidian folder/.test(line)).length, 2, logged.join('\n'));
    session.site!.cancelled = true;
  });

  it('reports a link into an edited note whose anchor the edit removed, and drops the report once it is back', async () => {
    const { site, session } = sessionOn(
      {
        'from.md': '# From\n\nSee [its part](to.md#part) and [a file](missing.md).\n',
        'to.md': '# To\n\n## Part\n\nText.\n',
      },
      { more: "onBrokenLinks: 'warn', onBrokenAnchors: 'warn'" },
    );
    assert.ok(await session.start());
    const problems = () => session.site!.diagnostics.map((d) => `${path.basename(d.file ?? '')} ${d.code}`).sort();
    const edit = async (text: string) => {
      writeDocsNote(site, 'to.md', text);
      await session.applyChanges(new Set([path.join(site, 'docs', 'to.md')]));
    };
    assert.deepEqual(problems(), ['from.md broken-link']);
    await edit('# To\n\n## Renamed\n\nText.\n');
    assert.deepEqual(problems(), ['from.md broken-anchor', 'from.md broken-link']);
    await edit('# To\n\n## Part\n\nText again.\n');
    assert.deepEqual(problems(), ['from.md broken-link'], 'the other problem of the linking note is kept');
    session.site!.cancelled = true;
  });

  it('reports an ambiguous wikilink once after an edit of its note, as a build does', async () => {
    const { site, session } = sessionOn(
      { 'from.md': '# From\n\nSee [[Latex]].\n', 'a/Latex.md': '# Latex A\n', 'b/Latex.md': '# Latex B\n' },
      { more: 'markdown: { obsidian: true }' },
    );
    assert.ok(await session.start());
    const ambiguous = () => session.site!.diagnostics.filter((d) => d.code === 'ambiguous-link').length;
    assert.equal(ambiguous(), 1);
    writeDocsNote(site, 'from.md', '# From\n\nSee [[Latex]], again.\n');
    await session.applyChanges(new Set([path.join(site, 'docs', 'from.md')]));
    assert.equal(ambiguous(), 1);
    writeDocsNote(site, 'from.md', '# From\n\nSee [[a/Latex]].\n');
    await session.applyChanges(new Set([path.join(site, 'docs', 'from.md')]));
    assert.equal(ambiguous(), 0);
    session.site!.cancelled = true;
  });

  it('tells the tabs nothing of a save that changed nothing, and the note and its change otherwise', async () => {
    const logged: string[] = [];
    const { site, session } = sessionOn({ 'alpha.md': '# Alpha\n\nWords.\n' }, { log: (line) => logged.push(line) });
    assert.ok(await session.start());
    const save = (text: string) => {
      writeDocsNote(site, 'alpha.md', text);
      return session.applyChanges(new Set([path.join(site, 'docs', 'alpha.md')]));
    };
    assert.equal(await save('# Alpha\n\nWords.\n'), undefined, 'saved as it was (or reported twice)');
    assert.match(logged.at(-1)!, /updated \S*docs\/alpha\.md \(same\)/, 'the save is still told in the terminal');
    const message = await save('# Alpha\n\nOther words.\n');
    assert.deepEqual(message?.type === 'update' && [message.content, message.reload], [['/alpha'], []]);
    session.site!.cancelled = true;
  });

  it('loads the config again when a file it imports changes, and watches that file', async () => {
    const { site, session } = sessionOn({ 'alpha.md': '# Alpha\n\nWords.\n' });
    const titleFile = path.join(site, 'settings/title.ts');
    writeSiteFile(site, 'settings/title.ts', "export const title = 'First title';\n");
    writeSiteFile(
      site,
      'wiki.config.ts',
      "import { title } from './settings/title.ts';\nexport default { title, url: 'https://session.example.com' };\n",
    );
    assert.ok(await session.start());
    assert.equal(session.site!.context.config.title, 'First title');
    assert.ok(session.watchTargets().some((target) => target.path === titleFile && target.kind === 'file'));
    writeSiteFile(site, 'settings/title.ts', "export const title = 'Second title';\n");
    const message = await session.applyChanges(new Set([titleFile]));
    assert.equal(session.site!.context.config.title, 'Second title');
    assert.ok(message?.type === 'update' && message.reload === 'all', JSON.stringify(message));
    session.site!.cancelled = true;
  });

  it('names only the config file when the config does not load', async () => {
    const site = makeDocsSite('wiki-dev-session-', { 'alpha.md': '# Alpha\n' });
    const configPath = path.join(site, 'wiki.config.ts');
    fs.writeFileSync(configPath, 'export default { title: 42 };\n');
    const session = createDevSession({ configPath, log: () => undefined });
    let called = false;
    assert.equal(await session.start(() => (called = true)), false);
    assert.equal(called, false);
    assert.deepEqual(session.watchTargets(), [{ path: configPath, kind: 'file' }]);
  });

  it('dates an edited note by its file time again, and lists it so on the recent page and in the feeds', async () => {
    // Outside a git repository every note is dated by its file's time, as a build dates it.
    const { site, session } = sessionOn(
      { 'alpha.md': '# Alpha\n\nWords.\n', 'beta.md': '# Beta\n\nWords.\n' },
      { more: 'docs: { showLastUpdateTime: true, feeds: true, recent: 5 }' },
    );
    const dateFile = (file: string, iso: string) =>
      fs.utimesSync(path.join(site, 'docs', file), new Date(iso), new Date(iso));
    dateFile('alpha.md', '2020-01-01T00:00:00Z');
    dateFile('beta.md', '2019-01-01T00:00:00Z');
    assert.ok(await session.start());
    const read = async (relPath: string) => String(await readSiteFile(session.site!, relPath));
    const order = (text: string) => [...text.matchAll(/(Alpha|Beta)</g)].map((match) => match[1]);
    assert.deepEqual(order(await read('recent.html')).slice(0, 2), ['Alpha', 'Beta']);
    assert.match(await read('__data/beta.json'), /"date":"2019-01-01T00:00:00\.000Z"/);

    writeDocsNote(site, 'beta.md', '# Beta\n\nWords, edited.\n');
    dateFile('beta.md', '2021-06-01T00:00:00Z');
    await session.applyChanges(new Set([path.join(site, 'docs', 'beta.md')]));
    assert.match(await read('__data/beta.json'), /"date":"2021-06-01T00:00:00\.000Z"/);
    assert.deepEqual(order(await read('recent.html')).slice(0, 2), ['Beta', 'Alpha']);
    assert.deepEqual(order(await read('atom.xml')), ['Beta', 'Alpha']);
    assert.deepEqual(order(await read('rss.xml')), ['Beta', 'Alpha']);
    session.site!.cancelled = true;
  });

  it('lists the tag page of a tag an edit adds in the sitemap', async () => {
    const { site, session } = sessionOn({ 'alpha.md': '# Alpha\n\nWords.\n' });
    assert.ok(await session.start());
    const sitemap = async () => String(await readSiteFile(session.site!, 'sitemap.xml'));
    assert.doesNotMatch(await sitemap(), /\/tags\/fresh</);
    writeDocsNote(site, 'alpha.md', '---\ntags: [fresh]\n---\n# Alpha\n\nWords.\n');
    await session.applyChanges(new Set([path.join(site, 'docs', 'alpha.md')]));
    assert.match(await sitemap(), /<loc>https:\/\/session\.example\.com\/tags\/fresh<\/loc>/);
    session.site!.cancelled = true;
  });

  it('mends the links to a file once it is added, Markdown links and Obsidian embeds alike', async () => {
    const { site, session } = sessionOn(
      {
        'alpha.md': '# Alpha\n\n![a picture](./pics/pic.png)\n\n[the data](./data%20file.csv?download)\n',
        'beta.md': '# Beta\n\n![[diagram.png|200]]\n',
      },
      { more: "onBrokenLinks: 'warn', markdown: { obsidian: true }" },
    );
    assert.ok(await session.start());
    const broken = () => session.site!.diagnostics.filter((d) => d.code === 'broken-link').length;
    assert.equal(broken(), 3);
    const added = ['pics/pic.png', 'data file.csv', 'diagram.png'].map((file) => path.join(site, 'docs', file));
    fs.mkdirSync(path.join(site, 'docs/pics'));
    for (const file of added) fs.writeFileSync(file, 'bytes');
    await session.applyChanges(new Set(added));
    assert.equal(broken(), 0);
    assert.match(String(await readSiteFile(session.site!, 'alpha.html')), /<img src="\/assets\/files\/pic-\w+\.png"/);
    assert.match(
      String(await readSiteFile(session.site!, 'beta.html')),
      /<img class="embed embed-image" src="\/assets\/files\/diagram-\w+\.png"/,
    );
    session.site!.cancelled = true;
  });
});
