/**
 * The notes part of `wiki build`'s cache (src/node/pipeline/buildCache.ts), on a real site folder: a note is reused,
 * not parsed again, while its source and every link it holds resolve as before; wikilinks included, which are
 * checked by Obsidian's rules (a wikilink's target is `[[Note]]`, no path the Markdown link resolver knows); links to
 * files are checked again even when every route is the same (a file's published name holds a hash of its contents).
 * And a built-in page's file is linked from the last build, not rendered, while what it is made from is the same; a
 * note page's hash is carried over, not made again, while what its model is made from is the same; a sidebar's files
 * are linked while the sidebar is the same.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { createBuildContext } from '../../src/node/context.js';
import type { NoteContent } from '../../src/node/notes/note.js';
import { openBuildCache } from '../../src/node/pipeline/buildCache.js';
import { loadOutline, renderedLinkUniverse } from '../../src/node/pipeline/pipeline.js';
import { makeDocsSite } from '../helpers/docsSite.js';
import { makeTempDir } from '../helpers/cli.js';
import { createSiteWriter, type SiteFile } from '../../src/node/siteWriter.js';
import type { DocPageSettings } from '../../src/node/pipeline/renderSite.js';
import type { DocPageModel, SpecialPageModel } from '../../src/shared/types.js';
import { asRoute, htmlPathForRoute, pageDataPath } from '../../src/shared/paths.js';

const makeSite = (notes: Record<string, string>) => makeDocsSite('wiki-build-cache-', notes);

/** Renders every note through a cache over the site's last one; returns the contents and how many notes were parsed. */
async function renderThroughCache(site: string): Promise<{ parsed: number; contents: Map<string, NoteContent> }> {
  const config = validateConfig(
    { title: 'Cache', url: 'https://cache.example.com', markdown: { obsidian: true } },
    'test',
  );
  const context = createBuildContext({ config, siteDir: site, outDir: path.join(site, 'build') });
  const outline = await loadOutline(context);
  const { md } = outline.parser;
  let parsed = 0;
  const parse = md.parse.bind(md);
  md.parse = (source, env) => {
    parsed++;
    return parse(source, env);
  };
  const cache = openBuildCache(context, {
    noteInputs: [],
    reusePages: true,
    linkUniverse: renderedLinkUniverse(outline),
  });
  const contents = new Map(
    outline.notes.map((note) => {
      const content = cache.renderNote(note, outline.parser);
      // A note taken from the cache comes without its HTML, given when asked for (as a page rendered again asks).
      return [note.sourcePath, cache.withHtml({ ...content, id: note.id })] as const;
    }),
  );
  cache.save();
  await outline.bundles; // esbuild's, started with the outline
  return { parsed, contents };
}

describe('build cache: notes', () => {
  it('reuses a note with wikilinks while they lead where they did, and renders it again once they do not', async () => {
    const site = makeSite({
      'a.md': '# A\n\nSee [[b]], [[b#Part|its part]] and [c](c.md).\n',
      'b.md': '# B\n\n## Part\n\nText.\n',
      'c.md': '# C\n\nNothing.\n',
    });
    const first = await renderThroughCache(site);
    assert.ok(first.parsed >= 3, `every note parsed on the first build (${first.parsed})`);
    assert.match(first.contents.get('a.md')!.html, /href="\/b#part"/);

    const second = await renderThroughCache(site);
    assert.equal(second.parsed, 0, 'no note is parsed again when nothing changed');
    assert.deepEqual(second.contents, first.contents);

    // b moves to a subfolder: [[b]] (the shortest path that names it) now leads there.
    fs.mkdirSync(path.join(site, 'docs/sub'));
    fs.renameSync(path.join(site, 'docs/b.md'), path.join(site, 'docs/sub/b.md'));
    const third = await renderThroughCache(site);
    assert.ok(third.parsed >= 1, 'a note whose wikilink now leads elsewhere is parsed again');
    assert.doesNotMatch(third.contents.get('a.md')!.html, /href="\/b#part"/);
  });

  it('renders a note again when a file it links to changes, though no route or file name did', async () => {
    const site = makeSite({ 'a.md': '# A\n\nSee [the data](data.csv) and [b](b.md).\n', 'b.md': '# B\n' });
    fs.writeFileSync(path.join(site, 'docs/data.csv'), 'one\n');
    const hrefOfData = (contents: Map<string, NoteContent>) =>
      /href="([^"]*data[^"]*)"/.exec(contents.get('a.md')!.html)?.[1];
    const first = await renderThroughCache(site);
    assert.match(hrefOfData(first.contents) ?? '', /^\/assets\/files\/data-\w+\.csv$/);
    assert.equal((await renderThroughCache(site)).parsed, 0, 'nothing parsed again when nothing changed');

    fs.writeFileSync(path.join(site, 'docs/data.csv'), 'two\n'); // its published name holds a hash of its contents
    const third = await renderThroughCache(site);
    assert.ok(third.parsed >= 1, 'the note linking to it is parsed again');
    assert.notEqual(hrefOfData(third.contents), hrefOfData(first.contents));
  });
});

describe('build cache: built-in pages', () => {
  it("links the not-found page's file from the last build while its model and settings are the same", () => {
    const site = makeTempDir('wiki-special-pages-');
    const outDir = path.join(site, 'build');
    fs.mkdirSync(outDir);
    const config = validateConfig({ title: 'Cache', url: 'https://cache.example.com' }, 'test');
    const context = createBuildContext({ config, siteDir: site, outDir });
    const open = () => openBuildCache(context, { noteInputs: [], reusePages: true, linkUniverse: 'none' });
    const page: SpecialPageModel = {
      kind: 'notFound',
      route: asRoute('/404'),
      title: 'Page not found',
      documentTitle: 'Page not found | Cache',
      description: '',
      head: [],
    };
    // Only what the cache reads of them: they are hashed whole.
    const settings = { theme: { title: 'Cache' } } as unknown as DocPageSettings;
    const otherSettings = { theme: { title: 'Other' } } as unknown as DocPageSettings;

    const first = open();
    const firstWriter = createSiteWriter(path.join(site, 'staging-1'));
    assert.equal(first.reuseSpecialPage(page, '404.html', settings, firstWriter), false, 'nothing to reuse yet');
    fs.writeFileSync(path.join(outDir, '404.html'), '<p>Not found</p>'); // as the build renders it, then swaps
    first.save();

    const reuse = (model: SpecialPageModel, with_: DocPageSettings) => {
      const staging = makeTempDir('wiki-special-staging-');
      const reused = open().reuseSpecialPage(
        model,
        '404.html',
        with_,
        createSiteWriter(staging, { reuseFrom: outDir }),
      );
      return reused && fs.statSync(path.join(staging, '404.html')).ino;
    };
    assert.equal(reuse(page, settings), fs.statSync(path.join(outDir, '404.html')).ino, 'the same file, linked');
    assert.equal(reuse({ ...page, title: 'Lost' }, settings), false, 'another model is rendered again');
    assert.equal(reuse(page, otherSettings), false, 'other settings are rendered again');
    fs.appendFileSync(path.join(outDir, '404.html'), '<!-- changed by hand -->');
    assert.equal(reuse(page, settings), false, 'a file changed since the last build is rendered again');
  });
});

describe('build cache: sidebar files', () => {
  it("links a sidebar's files from the last build while its digest is the same, and checks them when asked", () => {
    const site = makeTempDir('wiki-sidebar-files-');
    const outDir = path.join(site, 'build');
    fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
    const config = validateConfig({ title: 'Cache', url: 'https://cache.example.com' }, 'test');
    const context = createBuildContext({ config, siteDir: site, outDir });
    const open = (checkCarried = false) =>
      openBuildCache(context, { noteInputs: [], reusePages: true, linkUniverse: 'none', checkCarried });
    const files: SiteFile[] = [
      ['assets/sidebar-1.json', '[{"label":"A"}]'],
      ['assets/sidebar-1/top.json', '[]'],
    ];
    let made = 0;
    const make =
      (contents = files) =>
      () => {
        made++;
        return contents;
      };

    const first = open();
    assert.equal(first.reuseSidebarFiles('*', 'one', make(), createSiteWriter(makeTempDir())), false);
    assert.equal(made, 1, 'made to record their paths');
    for (const [relPath, contents] of files) {
      fs.mkdirSync(path.dirname(path.join(outDir, relPath)), { recursive: true });
      fs.writeFileSync(path.join(outDir, relPath), contents as string); // as the build writes them, then swaps
    }
    first.save();

    const reuse = (digest: string, checkCarried = false, contents = files) => {
      const staging = makeTempDir('wiki-sidebar-staging-');
      made = 0;
      const reused = open(checkCarried).reuseSidebarFiles(
        '*',
        digest,
        make(contents),
        createSiteWriter(staging, { reuseFrom: outDir }),
      );
      return (
        reused &&
        files.every(
          ([relPath]) => fs.statSync(path.join(staging, relPath)).ino === fs.statSync(path.join(outDir, relPath)).ino,
        )
      );
    };
    assert.equal(reuse('one'), true, 'the same files, linked');
    assert.equal(made, 0, 'not made');
    assert.equal(reuse('two'), false, 'another sidebar: made and written');
    assert.equal(reuse('one', true), true, 'checked: the files it makes are the linked ones');
    assert.throws(
      () => reuse('one', true, [files[0]!, ['assets/sidebar-1/top.json', '[1]']]),
      /sidebar files carried over/,
      'checked: a difference behind the same digest is an error',
    );
    fs.appendFileSync(path.join(outDir, files[1]![0]), ' ');
    assert.equal(reuse('one'), false, 'a file changed since the last build: made again');
  });
});

describe('build cache: carried page hashes', () => {
  it('takes a note page hash from the last build while the layout key, its content and date are the same', async () => {
    const site = makeSite({ 'a.md': '# A\n\nText.\n' });
    const outDir = path.join(site, 'build');
    const config = validateConfig({ title: 'Cache', url: 'https://cache.example.com' }, 'test');
    const context = createBuildContext({ config, siteDir: site, outDir });
    const outline = await loadOutline(context);
    await outline.bundles; // esbuild's, started with the outline
    const [note, page] = [outline.notes[0]!, outline.notePages[0]!];
    const settings = { theme: { title: 'Cache' } } as unknown as DocPageSettings; // hashed whole
    interface Carry {
      layoutKey?: string;
      checkCarried?: boolean;
      linksBefore?: string;
      touched?: string[];
    }
    const open = ({ layoutKey = 'layout-1', checkCarried = false, linksBefore = 'links', touched = [] }: Carry) => {
      const carry = { layoutKey, links: 'links', linksBefore, touched: new Set(touched) };
      const cache = openBuildCache(context, {
        noteInputs: [],
        reusePages: true,
        linkUniverse: 'none',
        carry,
        checkCarried,
      });
      cache.renderNote(note, outline.parser); // what gives a note page its content key
      return cache;
    };
    const reuse = (model: DocPageModel, carry: Carry = {}) =>
      open(carry).reusePage(
        model,
        settings,
        createSiteWriter(makeTempDir('wiki-carried-staging-'), { reuseFrom: outDir }),
      );

    const first = open({});
    assert.equal(first.reusePage(page, settings, createSiteWriter(makeTempDir('wiki-carried-'))), false);
    for (const relPath of [htmlPathForRoute(page.route), pageDataPath(page.route)]) {
      fs.mkdirSync(path.dirname(path.join(outDir, relPath)), { recursive: true });
      fs.writeFileSync(path.join(outDir, relPath), 'as rendered'); // as the build writes them, then swaps
    }
    first.save();

    assert.equal(reuse(page), true, 'the same page is reused');
    // A change the key does not cover is not seen: the model is not hashed again. Hence the key covers every input of
    // the layout stage (layoutKey.ts), and every test build checks what it carries:
    const unseen = { ...page, title: 'Changed behind the key' };
    assert.equal(reuse(unseen), true, 'carried over, not hashed again');
    assert.throws(() => reuse(unseen, { checkCarried: true }), /carried over for \/a is not the one its page model/);
    assert.equal(reuse(unseen, { layoutKey: 'layout-2' }), false, 'another layout key: hashed, and rendered again');
    assert.equal(reuse(unseen, { touched: ['/a'] }), false, 'backlinks touched by a changed link: hashed');
    assert.equal(reuse(unseen, { linksBefore: 'older' }), false, "the links cache is not the last build's: hashed");
    const dated = { ...page, lastUpdate: { date: '2026-11-27T00:00:00.000Z', dateText: 'Nov 27, 2026' } };
    assert.equal(reuse(dated), false, 'another date: hashed, and rendered again');
  });
});
