/**
 * `wiki dev`'s fast path keeps the pages that depend on an edited note current (backlinks, the link graph, embeds,
 * tag pages), and what it makes is what a build from the same files makes: after each edit, the dev site as updated
 * in place is compared with one built anew from disk.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/node/config/loadConfig.js';
import { buildDevSite, readSiteFile, type DevSite } from '../../src/node/dev/devSite.js';
import { updateNote, type NoteUpdate } from '../../src/node/dev/updateNote.js';
import { htmlPathForRoute } from '../../src/shared/paths.js';
import { makeTempDir } from '../helpers/cli.js';

const NOTES: Record<string, string> = {
  'alpha.md': '# Alpha\n\nAlpha text.\n',
  'beta.md': '# Beta\n\nBeta text.\n\n## Part two\n\nBeta part two.\n',
  'gamma.md': '# Gamma\n\nGamma shows Alpha:\n\n![[alpha]]\n\nAnd a part of Beta:\n\n![[beta#Part two]]\n',
  'delta.md': '# Delta\n\nDelta words.\n',
  'epsilon.md': '# Epsilon\n\nShows Gamma, which shows Alpha:\n\n![[gamma]]\n',
};

describe('wiki dev: pages that depend on an edited note', () => {
  let dir: string;
  let configPath: string;
  let devSite: DevSite;
  const sites: DevSite[] = [];
  const file = (name: string) => path.join(dir, 'docs', name);
  const edit = (name: string, text: string): NoteUpdate => {
    fs.writeFileSync(file(name), text);
    return updateNote(devSite, file(name));
  };
  const html = async (relPath: string) => String(await readSiteFile(devSite, relPath));
  /** The same files built anew, as a full rebuild would. */
  const rebuilt = async () => {
    const fresh = await buildDevSite({ config: await loadConfig(configPath), configPath });
    sites.push(fresh);
    fresh.cancelled = true;
    return fresh;
  };
  /** The routes of other pages the update swapped (content) or reloaded, sorted. */
  const dependents = (update: NoteUpdate, kind: 'content' | 'reload'): string[] =>
    ('dependents' in update ? [...(update.dependents?.[kind] ?? [])] : []).sort();

  before(async () => {
    dir = makeTempDir('wiki-dev-dependents-');
    fs.mkdirSync(path.join(dir, 'docs'));
    for (const [name, text] of Object.entries(NOTES)) fs.writeFileSync(file(name), text);
    configPath = path.join(dir, 'wiki.config.ts');
    fs.writeFileSync(
      configPath,
      "export default { title: 'Dependents', url: 'https://fixture.example.com', graph: true, markdown: { obsidian: true } };\n",
    );
    devSite = await buildDevSite({ config: await loadConfig(configPath), configPath });
    sites.push(devSite);
  });
  after(() => {
    for (const site of sites) site.cancelled = true;
  });

  it('adds, rewords and removes a backlink, as a rebuild has them', async () => {
    let update = edit('alpha.md', '# Alpha\n\nSee [Beta](beta.md) for more.\n');
    assert.equal(update.kind, 'content');
    assert.deepEqual(dependents(update, 'reload'), ['/beta', '/graph']);
    assert.match(await html('beta.html'), /class="backlinks"[^]*href="\/alpha"[^]*See Beta for more\./);
    assert.deepEqual(devSite.site.backlinks, (await rebuilt()).site.backlinks);

    update = edit('alpha.md', '# Alpha\n\nThe [Beta](beta.md) note, worded anew.\n');
    assert.deepEqual(dependents(update, 'reload'), ['/beta'], 'the graph is the same');
    assert.match(await html('__data/beta.json'), /"context":"The Beta note, worded anew\."/);

    update = edit('alpha.md', '# Alpha\n\nLinks to [[delta]] instead.\n');
    assert.deepEqual(dependents(update, 'reload'), ['/beta', '/delta', '/graph']);
    assert.doesNotMatch(await html('beta.html'), /class="backlinks"/);
    assert.match(await html('delta.html'), /class="backlinks"[^]*href="\/alpha"/);
    const fresh = await rebuilt();
    assert.deepEqual(devSite.site.backlinks, fresh.site.backlinks);
    assert.equal(devSite.site.graph?.json, fresh.site.graph?.json);
    assert.match(await html('graph.html'), new RegExp(devSite.site.graph!.path), 'pages name the new graph file');
    assert.equal(await readSiteFile(devSite, devSite.site.graph!.path), fresh.site.graph?.json);
  });

  it('shows a note as edited where it is embedded, through embeds of embeds', async () => {
    const update = edit('alpha.md', '# Alpha\n\nAlpha, transcluded anew. Links to [[delta]] instead.\n');
    assert.deepEqual(dependents(update, 'content'), ['/epsilon', '/gamma']);
    assert.match(await html('gamma.html'), /class="transclusion"[^]*Alpha, transcluded anew\./);
    assert.match(await html('epsilon.html'), /Alpha, transcluded anew\./);
    const section = edit('beta.md', '# Beta\n\nBeta text.\n\n## Part two\n\nBeta part two, edited.\n');
    assert.ok(dependents(section, 'content').includes('/gamma'));
    assert.match(await html('gamma.html'), /Beta part two, edited\./);
  });

  it('embeds a note no embed named before', async () => {
    edit('beta.md', '# Beta\n\nBeta text.\n\n![[delta]]\n\n## Part two\n\nBeta part two, edited.\n');
    assert.match(await html('beta.html'), /class="transclusion"[^]*Delta words\./);
    const update = edit('delta.md', '# Delta\n\nDelta words, changed.\n');
    assert.ok(dependents(update, 'content').includes('/beta'));
    assert.match(await html('beta.html'), /Delta words, changed\./);
  });

  it('makes the tag pages again for inline and front matter tags', async () => {
    let update = edit('delta.md', '# Delta\n\nDelta words, changed. #green\n');
    assert.equal(update.kind, 'page', 'its own tag list changed');
    assert.ok(dependents(update, 'reload').includes('/tags/green'));
    assert.match(await html('delta.html'), /href="\/tags\/green"/);
    assert.match(await html('tags/green.html'), /href="\/delta"[^]*Delta/);
    update = edit('alpha.md', '---\ntags: [green, red]\n---\n\n# Alpha\n\nAlpha, transcluded anew.\n');
    assert.notEqual(update.kind, 'full');
    assert.match(await html('tags/green.html'), /2 docs tagged with/);
    assert.match(await html('tags/red.html'), /href="\/alpha"/);
    update = edit('alpha.md', '---\ntags: [green, red]\n---\n\n# Alpha\n\nAlpha, described anew.\n');
    assert.ok(
      dependents(update, 'content').includes('/tags/red'),
      'a tag page lists its notes with their descriptions',
    );
    assert.match(await html('tags/red.html'), /Alpha, described anew\./);
    const tagsList = htmlPathForRoute(devSite.site.tags.listRoute);
    assert.match(await html(tagsList), /href="\/tags\/red"/);
    const fresh = await rebuilt();
    assert.deepEqual(
      devSite.site.generatedPages.map((page) => page.route).sort(),
      fresh.site.generatedPages.map((page) => page.route).sort(),
    );
    for (const page of fresh.site.generatedPages)
      assert.deepEqual(
        devSite.site.generatedPages.find((mine) => mine.route === page.route),
        page,
        page.route,
      );
    edit('delta.md', '# Delta\n\nDelta words, changed.\n');
    update = edit('alpha.md', '# Alpha\n\nAlpha, transcluded anew.\n');
    assert.ok(dependents(update, 'reload').includes('/tags/red'), 'a tag no note has any more');
    assert.equal(await readSiteFile(devSite, 'tags/red.html'), undefined);
    assert.equal(await readSiteFile(devSite, tagsList), undefined, 'no tags at all');
  });

  it('relays out a title change with the new title in backlinks and the graph, inline tags kept', async () => {
    edit('delta.md', '# Delta\n\nDelta words, changed. #green\n');
    const update = edit('alpha.md', '# Alpha renamed\n\nAlpha, transcluded anew. Links to [[delta]].\n');
    assert.equal(update.kind, 'layout');
    assert.match(await html('delta.html'), /class="backlinks"[^]*Alpha renamed/);
    assert.match(await html('tags/green.html'), /href="\/delta"/, "delta's inline tag outlives the relayout");
    const fresh = await rebuilt();
    assert.deepEqual(devSite.site.backlinks, fresh.site.backlinks);
    assert.equal(devSite.site.graph?.json, fresh.site.graph?.json);
  });

  it('holds every page model as a rebuild makes it', async () => {
    const fresh = await rebuilt();
    const models = (site: DevSite) =>
      JSON.stringify([site.notePages, site.site.generatedPages, [...(site.site.backlinks ?? [])]]);
    assert.equal(models(devSite), models(fresh));
    assert.deepEqual(
      devSite.notes.map((note) => note.html),
      fresh.notes.map((note) => note.html),
    );
  });
});
