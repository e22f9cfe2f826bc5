/**
 * `wiki dev` serves pages before its first build has parsed every note (session.preview): a page made then, its note
 * parsed when asked for, is the page the built site serves; what only the parse knows (the files notes link, search)
 * is left to the built site.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { asRoute, htmlPathForRoute, pageDataPath } from '../../src/shared/paths.js';
import { outputPathsOf, readSiteFile } from '../../src/node/dev/devSite.js';
import { createDevSession } from '../../src/node/dev/session.js';
import { makeDocsSite } from '../helpers/docsSite.js';

function makeSite(): string {
  const site = makeDocsSite('wiki-dev-preview-', {
    'intro.md': '# Intro\n\nSee [soil](guide/soil.md#texture) and the picture.\n\n![A picture](pic.png)\n',
    'guide/soil.md': '---\ntags: [earth]\n---\n# Soil\n\nBack to [the intro](../intro.md).\n\n## Texture\n\nSandy.\n',
    'guide/water.md': '# Water\n\nSee [[Soil]].\n',
  });
  fs.writeFileSync(path.join(site, 'docs/pic.png'), 'not really a picture');
  fs.writeFileSync(
    path.join(site, 'docs/guide/_category_.json'),
    JSON.stringify({ label: 'Guide', link: { type: 'generated-index' } }),
  );
  fs.mkdirSync(path.join(site, 'static'));
  fs.writeFileSync(path.join(site, 'static/favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(
    path.join(site, 'wiki.config.ts'),
    "export default { title: 'Preview', url: 'https://preview.example.com', favicon: 'favicon.svg', graph: true, markdown: { obsidian: true } };\n",
  );
  return site;
}

describe('the wiki dev preview', () => {
  it('serves the pages the built site serves, before every note is parsed', async () => {
    const site = makeSite();
    const session = createDevSession({ configPath: path.join(site, 'wiki.config.ts'), log: () => undefined });
    const intro = htmlPathForRoute(asRoute('/intro'));
    let early: { site: unknown; intro: string | Uint8Array | null | undefined } | undefined;
    assert.ok(
      await session.start(undefined, () => {
        early = { site: session.site, intro: session.preview?.read(intro) };
      }),
    );
    assert.ok(early, 'the preview was offered');
    assert.equal(early.site, undefined, 'before the build was done');
    assert.equal(session.preview, undefined, 'and withdrawn once it was');
    const built = session.site!;
    const text = (contents: string | Uint8Array | null | undefined) =>
      typeof contents === 'string' ? contents : contents && new TextDecoder().decode(contents);
    assert.equal(text(early.intro), text(await readSiteFile(built, intro)));
    assert.match(text(early.intro)!, /<img [^>]*alt="A picture"/);
    built.cancelled = true;
  });

  it('makes every page as the built site does, and leaves the files only the parse knows to it', async () => {
    const site = makeSite();
    const session = createDevSession({ configPath: path.join(site, 'wiki.config.ts'), log: () => undefined });
    let preview: NonNullable<typeof session.preview> | undefined;
    assert.ok(await session.start(undefined, () => (preview = session.preview)));
    const built = session.site!;
    const pages = [...built.site.notePages, ...built.site.generatedPages, ...built.site.specialPages];
    const paths = pages.flatMap(outputPathsOf);
    assert.ok(paths.includes(pageDataPath(asRoute('/guide/water'))));
    assert.ok(
      paths.some((relPath) => relPath.startsWith('tags/')),
      'a tag page',
    );
    assert.ok(paths.includes(htmlPathForRoute(asRoute('/category/guide'))), 'a generated index');
    for (const relPath of paths) {
      const made = preview!.read(relPath);
      assert.ok(made !== undefined, relPath);
      assert.deepEqual(made, await readSiteFile(built, relPath), relPath);
    }
    assert.equal(preview!.copies.get('favicon.svg'), path.join(site, 'static/favicon.svg'));
    const picture = [...built.copies].find(([, source]) => source.endsWith('pic.png'))?.[0];
    assert.ok(picture !== undefined && built.copies.get(picture) !== undefined, 'the built site serves the picture');
    assert.equal(preview!.read(picture), undefined, 'a file a note links: the parse finds it');
    assert.equal(preview!.copies.get(picture), undefined);
    const search = (await built.site.searchFiles())[0]![0];
    assert.equal(preview!.read(search), undefined, 'the search files: the parsed notes make them');
    assert.equal(preview!.read('sitemap.xml'), undefined, 'nor the sitemap');
    for (const none of ['guide.html', '__data/nothing.json', 'guide/soil', 'robots.txt'])
      assert.equal(preview!.read(none), null, `no page nor file at ${none}, as in the built site`);
    assert.equal(await readSiteFile(built, 'guide/soil'), undefined);
    built.cancelled = true;
  });
});
