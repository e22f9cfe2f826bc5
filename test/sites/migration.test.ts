/**
 * Migration in one command, by the real `wiki build`: a Docusaurus site folder builds from its docusaurus.config.js
 * (what it cannot use listed once), a bare folder of notes builds under a neutral default that says so (never this
 * project's own config), and `wiki init` makes a folder a site that builds.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fixturesDir, makeTempDir, readBuilt, repoRoot, runWiki } from '../helpers/cli.js';
import { listFiles, listPages, sidebarHrefs } from './builtSite.js';

const docusaurusSite = path.join(fixturesDir, 'docusaurus-site');

/** The warnings of a build's stderr by code: `warning [code] ...` lines, with the lines indented below each. */
function warningsByCode(stderr: string): Map<string, string[]> {
  const warnings = new Map<string, string[]>();
  for (const block of stderr.split(/\n(?=warning |error )/)) {
    const code = /^warning \[([\w-]+)\]/.exec(block)?.[1];
    if (code) warnings.set(code, [...(warnings.get(code) ?? []), block]);
  }
  return warnings;
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/\bhref="([^"]*)"/g)].map((match) => match[1]!);
}

describe('a Docusaurus site folder', () => {
  it('builds from its docusaurus.config.js: docs under /docs/, its navbar and footer, what it cannot use listed once', async () => {
    const outDir = path.join(makeTempDir('wiki-docusaurus-'), 'build');
    const result = await runWiki(['build', '--out', outDir], { cwd: docusaurusSite });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Building Docusaurus Fixture from docs \.\.\./m);

    const warnings = warningsByCode(result.stderr);
    const missing = (warnings.get('config-package-missing') ?? []).map((block) => /imports "([^"]+)"/.exec(block)?.[1]);
    assert.deepEqual(missing, ['prism-react-renderer', 'remark-kroki-fixture'], 'one warning per missing package');
    assert.equal(warnings.get('config-ignored')?.length, 1, 'the ignored options are listed in one warning');
    const listed = warnings.get('config-ignored')![0]!;
    for (const option of [
      'presets[0].docs.remarkPlugins',
      'presets[0].blog (the blog is not built)',
      'plugins[0] (@docusaurus/plugin-ideal-image)',
      'src/theme/ (swizzled components)',
      'themeConfig.prism',
      'themeConfig.navbar.items[1] (links to /blog: the blog is not built)',
    ])
      assert.ok(listed.includes(`- ${option}\n`), `${option} is listed in:\n${listed}`);
    assert.match(listed, /^warning \[config-ignored\] docusaurus\.config\.js: 8 options of this Docusaurus config/);

    // routeBasePath 'docs'; include ['**/*.md'] leaves the .mdx out, the default exclude the `_` partial; no home page.
    assert.deepEqual(listPages(outDir).html, ['docs/guides/setup.html', 'docs/intro.html']);
    const intro = readBuilt(outDir, 'docs/intro.html');
    assert.match(intro, /<title>Introduction \| Docusaurus Fixture<\/title>/);
    const links = hrefs(intro);
    assert.ok(links.includes('/docs/guides/setup'), 'the note link follows the routeBasePath');
    assert.ok(links.includes('https://github.com/example/fixture/tree/main/docs/intro.md'), 'edit URL');
    assert.ok(links.includes('https://github.com/example/fixture'), 'navbar and footer links');
    assert.ok(!links.some((href) => href.startsWith('/blog')), 'no link into the blog, which is not built');
    assert.ok(
      sidebarHrefs(intro).every((href) => href.startsWith('/docs/')),
      sidebarHrefs(intro).join(', '),
    );
    assert.match(intro, /Copyright © \d{4} Fixture Inc\./);
    assert.match(intro, /"trackingID":"G-FIXTURE1"/);
    assert.match(intro, /Last updated(?:<!-- -->)? on <b><time dateTime="/, 'showLastUpdateTime is read');
    assert.ok(listFiles(outDir).includes('img/logo.svg'), 'the static folder is copied');
    assert.ok(!listFiles(outDir).some((file) => file.startsWith('blog')));
  });

  it('--config names it from elsewhere: its paths stay relative to its own folder', async () => {
    const outDir = path.join(makeTempDir('wiki-docusaurus-'), 'build');
    const result = await runWiki([
      'build',
      '--config',
      path.join(docusaurusSite, 'docusaurus.config.js'),
      '--out',
      outDir,
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(listPages(outDir).html, ['docs/guides/setup.html', 'docs/intro.html']);
  });
});

describe('a folder of notes without a config', () => {
  it('builds under a neutral default named after its folder, says so, and never uses the working folder’s config', async () => {
    const siteDir = path.join(makeTempDir('wiki-neutral-'), 'garden-notes');
    fs.mkdirSync(path.join(siteDir, 'docs'), { recursive: true });
    fs.mkdirSync(path.join(siteDir, 'static/img'), { recursive: true });
    fs.writeFileSync(path.join(siteDir, 'docs/plants.md'), '# Plants\n\n![A leaf](/img/leaf.svg)\n');
    fs.writeFileSync(path.join(siteDir, 'static/img/leaf.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    const outDir = path.join(makeTempDir('wiki-neutral-out-'), 'build');
    // Run from the repository, whose own wiki.config.ts must not be used for someone else's notes.
    const result = await runWiki(['build', '--docs', path.join(siteDir, 'docs'), '--out', outDir], { cwd: repoRoot });
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stdout,
      /No wiki\.config\.ts or docusaurus\.config\.js in .*garden-notes: building with a neutral default \(title "garden-notes"/,
    );
    assert.match(result.stdout, /Run `wiki init .*garden-notes` to write a wiki\.config\.ts/);
    assert.equal(result.stdout.match(/neutral default/g)?.length, 1, 'said once');
    const page = readBuilt(outDir, 'plants.html');
    assert.match(page, /<title>Plants \| garden-notes<\/title>/);
    const ownTitle = /title:\s*'([^']+)'/.exec(fs.readFileSync(path.join(repoRoot, 'wiki.config.ts'), 'utf8'))![1]!;
    assert.ok(!page.includes(ownTitle), `the page must not carry this project's title "${ownTitle}"`);
    assert.ok(listFiles(outDir).includes('img/leaf.svg'), "the site folder's static/ is copied");
    assert.doesNotMatch(result.stderr, /broken-link/);
  });

  it('a docs folder named otherwise gives its own name', async () => {
    const notes = path.join(makeTempDir('wiki-neutral-'), 'kb');
    fs.mkdirSync(notes);
    fs.writeFileSync(path.join(notes, 'index.md'), '# Home\n');
    const outDir = path.join(makeTempDir('wiki-neutral-out-'), 'build');
    const result = await runWiki(['build', '--docs', notes, '--out', outDir], { cwd: repoRoot });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /neutral default \(title "kb"/);
    assert.match(readBuilt(outDir, 'index.html'), /<title>Home \| kb<\/title>/);
  });
});

describe('wiki init', () => {
  it('makes an empty folder a site that builds, and a second run keeps every file', async () => {
    const siteDir = path.join(makeTempDir('wiki-init-'), 'recipes');
    fs.mkdirSync(siteDir);
    const first = await runWiki(['init'], { cwd: siteDir });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^Wrote wiki\.config\.ts$/m);
    assert.match(first.stdout, /^Wrote docs\/intro\.md$/m);
    assert.match(first.stdout, /Next: `wiki dev`.* `wiki build`/);
    assert.match(fs.readFileSync(path.join(siteDir, 'wiki.config.ts'), 'utf8'), /title: 'recipes'/);

    const build = await runWiki(['build'], { cwd: siteDir });
    assert.equal(build.code, 0, build.stderr);
    assert.doesNotMatch(build.stdout, /neutral default/);
    assert.match(readBuilt(path.join(siteDir, 'build'), 'index.html'), /<title>Introduction \| recipes<\/title>/);

    fs.writeFileSync(
      path.join(siteDir, 'wiki.config.ts'),
      "export default { title: 'Mine', url: 'https://x.example' };\n",
    );
    const second = await runWiki(['init'], { cwd: siteDir });
    assert.equal(second.code, 0, second.stderr);
    assert.doesNotMatch(second.stdout, /^Wrote/m);
    assert.match(second.stdout, /Kept wiki\.config\.ts/);
    assert.match(second.stdout, /Kept docs\//);
    assert.match(fs.readFileSync(path.join(siteDir, 'wiki.config.ts'), 'utf8'), /title: 'Mine'/);
  });

  it('wiki init DIR makes the folder and says to cd into it', async () => {
    const parent = makeTempDir('wiki-init-');
    const result = await runWiki(['init', 'new site'], { cwd: parent });
    assert.equal(result.code, 0, result.stderr);
    assert.ok(fs.existsSync(path.join(parent, 'new site/wiki.config.ts')));
    assert.ok(fs.existsSync(path.join(parent, 'new site/docs/intro.md')));
    assert.match(result.stdout, /Next: `cd "new site" && wiki dev`/);
  });
});
