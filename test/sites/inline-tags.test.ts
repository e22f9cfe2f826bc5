/**
 * Tags in a connected wiki (issue 24, part 5), built by the real CLI: an Obsidian vault's inline `#tags` (found before
 * rendering, so the tag pages list them) join front matter `tags`; nested tags have their own pages, grouped under
 * their parent on the tags list; code and numbers are no tags.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { makeTempDir, readBuilt, runWiki } from '../helpers/cli.js';

const vault: Readonly<Record<string, string>> = {
  'alpha.md':
    '# Alpha\n\nWorking on #project/alpha and #Reading.\n\n```\n#in-fence\n```\n\nAlso `#in-code` and #123.\n',
  'sub/beta.md': '---\ntags: [project]\n---\n# Beta\n\nSee #project/beta, then #project/alpha again.\n',
  'gamma.md': '# Gamma\n\nNo tags here, only a [link](alpha.md#alpha).\n',
};

describe('inline and nested tags', () => {
  let outDir = '';
  const page = (route: string) => readBuilt(outDir, `${route}.html`);
  const docLinks = (html: string) =>
    [...html.matchAll(/<article class="tag-doc"><a href="([^"]+)">/g)].map((match) => match[1]);

  before(async () => {
    const siteDir = makeTempDir('wiki-inline-tags-');
    fs.mkdirSync(path.join(siteDir, 'docs/.obsidian'), { recursive: true }); // an Obsidian vault
    for (const [file, text] of Object.entries(vault)) {
      fs.mkdirSync(path.dirname(path.join(siteDir, 'docs', file)), { recursive: true });
      fs.writeFileSync(path.join(siteDir, 'docs', file), text);
    }
    fs.writeFileSync(
      path.join(siteDir, 'wiki.config.ts'),
      'export default { title: "Vault", url: "https://v.example" };\n',
    );
    outDir = path.join(makeTempDir('wiki-inline-tags-out-'), 'build');
    const result = await runWiki(['build', '--out', outDir], { cwd: siteDir });
    assert.equal(result.code, 0, result.stderr);
  });

  it("lists a note's inline tags with its front matter ones under it, and links each inline tag to its page", () => {
    const footer = (html: string) =>
      [
        ...(/doc-footer__tags[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '').matchAll(/class="tag" href="([^"]+)">([^<]+)</g),
      ].map((match) => `${match[2]} ${match[1]}`);
    assert.deepEqual(footer(page('alpha')), ['project/alpha /tags/project/alpha', 'Reading /tags/reading']);
    assert.deepEqual(footer(page('sub/beta')), [
      'project /tags/project',
      'project/beta /tags/project/beta',
      'project/alpha /tags/project/alpha',
    ]);
    assert.match(page('alpha'), /<a href="\/tags\/project\/alpha" class="tag tag-inline">#project\/alpha<\/a>/);
  });

  it('gives every tag a page listing its notes; a parent lists its nested tags and their notes', () => {
    assert.deepEqual(docLinks(page('tags/project/alpha')), ['/alpha', '/sub/beta']);
    assert.deepEqual(docLinks(page('tags/project/beta')), ['/sub/beta']);
    assert.deepEqual(docLinks(page('tags/project')), ['/alpha', '/sub/beta']);
    assert.match(page('tags/project'), /<h1>2 docs tagged with &quot;project&quot;<\/h1>/);
    const list = page('tags');
    assert.match(
      list,
      /href="\/tags\/project">project<span class="tag__count">2<\/span><\/a><ul class="tags-list tags-list--nested"><li><a class="tag" href="\/tags\/project\/alpha">project\/alpha<span class="tag__count">2<\/span><\/a><\/li><li><a class="tag" href="\/tags\/project\/beta">/,
    );
  });

  it('finds no tag in code, in a link fragment or made of digits', () => {
    const files = fs.readdirSync(path.join(outDir, 'tags'), { recursive: true }).map(String).sort();
    assert.deepEqual(files, ['project', 'project.html', 'project/alpha.html', 'project/beta.html', 'reading.html']);
    assert.ok(!page('gamma').includes('doc-footer__tags'));
  });
});
