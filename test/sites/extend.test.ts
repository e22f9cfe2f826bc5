/**
 * Extending a site, built by the real CLI: custom React pages (pages/), a theme override wrapping the engine's
 * component (theme/), translated theme strings (i18n/en), `wiki write-translations`, and the bad inputs of each.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import {
  buildFixture,
  copyFixture,
  fixturesDir,
  makeTempDir,
  readBuilt,
  runWiki,
  type CliResult,
  workFolderEntries,
  workFolderName,
} from '../helpers/cli.js';
import { listFiles } from './builtSite.js';

interface Boot {
  page: { kind: string; route: string; title: string; documentTitle: string; description: string };
  site: { translations?: Record<string, string> };
  runtime: { fullPageRoutes: string[] };
}

function bootOf(html: string): Boot {
  return JSON.parse(/<script id="__wiki-boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Boot;
}

/** A copy of the ext-site fixture in a fresh folder (root/site), for a test that adds to it. */
function copyExtSite(prefix: string): { root: string; siteDir: string } {
  const root = makeTempDir(prefix);
  const siteDir = path.join(root, 'site');
  copyFixture('ext-site', siteDir);
  return { root, siteDir };
}

/** A stand-in npm package in `dir` (named after it, `main` index.js) with these files. */
function writePackage(dir: string, files: Record<string, string>): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: path.basename(dir), version: '0.0.0', main: 'index.js' }),
  );
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

describe('a site with custom pages, a footer override and translations (ext-site)', () => {
  let outDir: string;

  before(async () => {
    const result = await buildFixture('ext-site');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '', 'no warnings: the note links to /now, a page route');
    outDir = result.outDir;
  });

  it('serves pages/now.tsx at /now inside the layout, with the title and description it exports', () => {
    const html = readBuilt(outDir, 'now.html');
    assert.match(html, /<title>Now \| Extended Wiki<\/title>/);
    assert.match(html, /<meta name="description" content="What I am doing now\.">/);
    assert.match(html, /<nav class="navbar[^"]*"/, 'the navbar of the layout');
    assert.match(
      html,
      /<main class="custom-page" id="__main"><article class="now-page" data-hydrated="false"><h1>What I am doing now<\/h1>/,
    );
    assert.match(html, /<footer class="footer footer--dark">/, 'the footer of the layout');
    const boot = bootOf(html);
    assert.deepEqual(
      { kind: boot.page.kind, route: boot.page.route, title: boot.page.title },
      { kind: 'custom', route: '/now', title: 'Now' },
    );
  });

  it('routes pages like notes: an index file gets its folder route, `_` folders are helpers, not pages', () => {
    const files = listFiles(outDir).filter((file) => file.endsWith('.html'));
    assert.deepEqual(files, [
      '404.html',
      'about/index.html',
      'guides/index.html',
      'guides/setup.html',
      'intro.html',
      'now.html',
      'search.html',
    ]);
    const about = readBuilt(outDir, 'about/index.html');
    assert.match(about, /<title>Extended Wiki<\/title>/, 'no title export: the site title');
    assert.match(about, /<p class="about-page">About this wiki\.<\/p>/);
    assert.deepEqual(
      bootOf(about).runtime.fullPageRoutes,
      ['/search', '/about/', '/now'],
      'links to custom pages are normal page loads',
    );
    assert.match(readBuilt(outDir, 'sitemap.xml'), /<loc>https:\/\/extended\.example\.com\/now<\/loc>/);
  });

  it("bundles the engine's React for the site's pages even when a node_modules above the site holds another copy", async () => {
    // The site in a folder whose node_modules has a stand-in `react`: two Reacts in one page break every hook.
    const { root, siteDir } = copyExtSite('wiki-ext-react-');
    const standIn = "module.exports = { standIn: 'A-SECOND-COPY-OF-REACT' };\n";
    writePackage(path.join(root, 'node_modules/react'), { 'index.js': standIn, 'jsx-runtime.js': standIn });
    const out = path.join(root, 'build');
    const result = await runWiki(['build', '--out', out], { cwd: siteDir });
    assert.equal(result.code, 0, result.stderr);
    const scripts = listFiles(out).filter((file) => file.endsWith('.js'));
    assert.ok(scripts.length > 0);
    const withStandIn = scripts.filter((file) => readBuilt(out, file).includes('A-SECOND-COPY-OF-REACT'));
    assert.deepEqual(withStandIn, []);
  });

  it('names its bundles the same whichever folder `wiki build` runs from', async () => {
    // A site's own pages are bundled anew by every build: the names hash the sources' paths, taken from the engine.
    const { root, siteDir } = copyExtSite('wiki-ext-cwd-');
    const assetsBuiltFrom = async (cwd: string, out: string) => {
      const result = await runWiki(['build', '--config', path.join(siteDir, 'wiki.config.ts'), '--out', out], { cwd });
      assert.equal(result.code, 0, result.stderr);
      return fs.readdirSync(path.join(out, 'assets')).sort();
    };
    const fromSite = await assetsBuiltFrom(siteDir, path.join(root, 'one'));
    const fromElsewhere = await assetsBuiltFrom(root, path.join(root, 'two'));
    assert.ok(fromSite.some((file) => /^app-\w+\.js$/.test(file)));
    assert.deepEqual(fromElsewhere, fromSite);
  });

  it('renders a page that imports a package only the site has installed, on the server and in the browser', async () => {
    // The engine's cache holds the server bundle, where an import would resolve from the engine's node_modules only.
    // A CommonJS package, as many are: the ES module bundle must hold it, not import it.
    const { root, siteDir } = copyExtSite('wiki-ext-package-');
    writePackage(path.join(siteDir, 'node_modules/site-greeting'), {
      'index.js': "exports.greeting = 'Hello from a package of the site.';\n",
    });
    fs.writeFileSync(
      path.join(siteDir, 'pages/greet.tsx'),
      'import { greeting } from \'site-greeting\';\n\nexport default function GreetPage() {\n  return <p className="greet">{greeting}</p>;\n}\n',
    );
    const out = path.join(root, 'build');
    const result = await runWiki(['build', '--out', out], { cwd: siteDir });
    assert.equal(result.code, 0, result.stderr);
    assert.match(readBuilt(out, 'greet.html'), /<p class="greet">Hello from a package of the site\.<\/p>/);
    assert.ok(
      listFiles(out).some(
        (file) => file.endsWith('.js') && readBuilt(out, file).includes('Hello from a package of the site'),
      ),
      'the browser bundle holds it too',
    );
  });

  it('a page that imports a package nobody installed: the file and line, and to install it in the site', async () => {
    const { root, siteDir } = copyExtSite('wiki-ext-missing-package-');
    fs.writeFileSync(
      path.join(siteDir, 'pages/greet.tsx'),
      "import { greeting } from '@someone/greeting/words';\n\nexport default function GreetPage() {\n  return <p>{greeting}</p>;\n}\n",
    );
    const result = await runWiki(['build', '--out', path.join(root, 'build')], { cwd: siteDir });
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /pages\/greet\.tsx:1:26: Could not resolve "@someone\/greeting\/words"\n\s+Install the package in the site's folder \(npm install @someone\/greeting\), or fix its name\.\n/,
    );
    assert.doesNotMatch(result.stderr, /mark the path/);
  });

  it('renders the footer override on every page: its own line, then the original footer it wraps', () => {
    for (const file of ['intro.html', 'now.html', '404.html', 'search.html']) {
      const html = readBuilt(outDir, file);
      assert.match(
        html,
        /<div class="site-footer-note">Written by hand, one note at a time\.<\/div><footer class="footer footer--dark">/,
        file,
      );
      assert.match(html, /<div class="footer__copyright">Original footer copyright<\/div>/, file);
    }
  });

  it('shows the translated label from i18n/en/code.json and ships only the messages that change a default', () => {
    const html = readBuilt(outDir, 'intro.html');
    assert.match(html, /<a class="edit-this-page"[^>]*>.*?Improve this note<\/a>/);
    assert.doesNotMatch(html, /Edit this page/);
    // theme.docs.paginator.next keeps its default ("Next"): not shipped.
    assert.deepEqual(bootOf(html).site.translations, {
      'theme.common.editThisPage': 'Improve this note',
      'site.now.counter': 'Pressed {count} times',
      'theme.NotFound.title': 'Nothing here',
    });
    const notFound = readBuilt(outDir, '404.html');
    assert.match(notFound, /<title>Nothing here \| Extended Wiki<\/title>/, 'the heading is the document title too');
    assert.match(notFound, /<h1 class="not-found__title">Nothing here<\/h1>/);
    assert.match(readBuilt(outDir, 'now.html'), /<button type="button" class="now-counter">Pressed 0 times<\/button>/);
  });

  it("links the site's own stylesheet after the theme's: what its override and its lazy page import, and the image it points to", () => {
    const links = (file: string) =>
      [...readBuilt(outDir, file).matchAll(/<link rel="stylesheet" href="\/assets\/([^"]+)">/g)].map(
        (match) => match[1]!,
      );
    const [theme, site] = links('intro.html');
    assert.match(theme ?? '', /^theme-\w+\.css$/);
    assert.match(site ?? '', /^app-\w+\.css$/);
    for (const file of ['now.html', '404.html', 'search.html']) assert.deepEqual(links(file), [theme, site], file);
    const css = readBuilt(outDir, `assets/${site}`);
    assert.match(css, /\.site-footer-note\{font-style:italic;/, 'theme/Footer.css, imported by the override');
    assert.match(css, /\.now-page h1\{letter-spacing:2px\}/, 'pages/now.css, imported by a lazily loaded page');
    const image = /url\("\.\/(footer-mark-\w+\.svg)"\)/.exec(css)?.[1];
    assert.ok(image && listFiles(outDir).includes(`assets/${image}`), 'the url() image, hashed beside the stylesheet');
  });

  it("inlines the engine's strings into the browser bundle: text, not ids and descriptions", () => {
    const entry = listFiles(outDir).find((file) => /^assets\/app-\w+\.js$/.test(file))!;
    const code = readBuilt(outDir, entry);
    assert.ok(code.includes('Improve this note'));
    assert.ok(!code.includes('theme.common.editThisPage') && !code.includes('The link to edit the current note'));
  });
});

describe('bad extensions', () => {
  async function buildFailing(name: string): Promise<CliResult> {
    const result = await buildFixture(name);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.equal(fs.existsSync(result.outDir), false, 'nothing is written');
    assert.deepEqual(
      fs.readdirSync(path.dirname(result.outDir)).filter((name) => name !== workFolderName(result.outDir)),
      [],
      'nothing is written beside the output',
    );
    // The site that failed is set aside as the next build's spare (outputFolder.ts): no staging folder is left.
    assert.deepEqual(
      workFolderEntries(result.outDir).filter((name) => name !== 'lock' && name !== 'spare'),
      [],
      'no staging folder is left in the work folder',
    );
    return result;
  }

  it('a page module without a default export: the exact message, then the file', async () => {
    const { stderr } = await buildFailing('ext-no-default');
    const lines = stderr.split('\n');
    const index = lines.findIndex((line) => line.includes('The page component at'));
    assert.equal(
      lines[index],
      "error [page-module] The page component at /broken doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.",
    );
    assert.equal(lines[index + 1]!.trim(), 'pages/broken.tsx');
  });

  it('a <Translate> with element children and a translate() without id or message: errors naming file and line', async () => {
    const { stderr } = await buildFailing('ext-bad-translate');
    assert.match(stderr, /^error \[translation\] theme\/Footer\.tsx:6: <Translate> children must be a plain string/m);
    assert.match(
      stderr,
      /^error \[translation\] pages\/hello\.tsx:4: A translation declaration has neither an id nor a default message\./m,
    );
    assert.match(stderr, /Build failed: 2 error\(s\)/);
  });

  it('a theme file named after no theme component: an error naming the file and the valid names', async () => {
    const { stderr } = await buildFailing('ext-unknown-theme');
    assert.match(stderr, /^error \[unknown-theme-component\] theme\/Foo\.tsx: .*"Foo" is not a theme component/m);
    assert.match(stderr, /Name it after one of: AnnouncementBar, Breadcrumbs, .*Footer, .*TableOfContents/);
  });

  it('a theme override that does not parse: the bundler error with file, line and column, and nothing else', async () => {
    const { stderr } = await buildFailing('ext-broken-override');
    assert.match(stderr, /^error Can't bundle the site's theme overrides and pages:\n\s+theme\/Footer\.tsx:2:\d+: /m);
    assert.doesNotMatch(stderr, /Could not write/, 'a bundling error is not reported as a writing error');
  });

  it('a theme override that imports a CSS module: the import, and what to do instead', async () => {
    const { stderr } = await buildFailing('ext-css-module');
    assert.match(
      stderr,
      /^\s+theme\/Footer\.tsx:1:\d+: CSS modules \(\.module\.css\) are not supported: import a plain \.css file/m,
    );
  });

  it("a site stylesheet that points to a missing file: the stylesheet's line and column, and what is missing", async () => {
    const { stderr } = await buildFailing('ext-bad-css');
    assert.match(
      stderr,
      /^error Can't bundle the site's theme overrides, pages and stylesheets for the browser:\n\s+theme\/Footer\.css:3:\d+: Could not resolve "\.\/missing\.png"/m,
    );
  });

  it('a page whose route a note has: a duplicate-route problem at the onDuplicateRoutes severity', async () => {
    const { stderr } = await buildFailing('ext-page-clash');
    assert.match(
      stderr,
      /^error \[duplicate-route\] pages\/intro\.tsx: Duplicate route "\/intro": claimed by docs\/intro\.md and pages\/intro\.tsx/m,
    );
  });
});

describe('wiki write-translations', () => {
  /** ext-site's theme/, pages/ and i18n/ in a temporary site (the command writes into it). */
  function copySite(name: string): string {
    const dir = makeTempDir('wiki-i18n-');
    for (const part of ['docs', 'theme', 'pages', 'i18n']) {
      const from = path.join(fixturesDir, name, part);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, part), { recursive: true });
    }
    fs.writeFileSync(
      path.join(dir, 'wiki.config.ts'),
      "export default { title: 'Copy', url: 'https://example.com' };\n",
    );
    return dir;
  }

  it('lists every theme, search and site string with its default and description, keeping changed messages', async () => {
    const dir = copySite('ext-site');
    const result = await runWiki(['write-translations', '--config', path.join(dir, 'wiki.config.ts')], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Wrote \d+ translations to i18n\/en\/code\.json \(3 changed message\(s\) kept\)\.$/m);
    const written = JSON.parse(fs.readFileSync(path.join(dir, 'i18n/en/code.json'), 'utf8')) as Record<
      string,
      { message: string; description?: string }
    >;
    assert.deepEqual(written['theme.common.editThisPage'], {
      message: 'Improve this note',
      description: 'The link to edit the current note',
    });
    assert.deepEqual(written['site.now.counter'], {
      message: 'Pressed {count} times',
      description: 'The counter button of the /now page',
    });
    assert.deepEqual(written['site.now.title'], {
      message: 'What I am doing now',
      description: 'The heading of the /now page',
    });
    assert.deepEqual(written['theme.docs.paginator.next'], { message: 'Next' });
    assert.deepEqual(written['theme.NotFound.title'], {
      message: 'Nothing here',
      description: 'The title of the not-found page (also its document title)',
    });
    assert.deepEqual(written['theme.SearchPage.title'], {
      message: 'Search the documentation',
      description: 'The title of the search page (also its document title)',
    });
    assert.deepEqual(written['theme.ErrorPageContent.tryAgain'], { message: 'Try again' });
    const messages = Object.fromEntries(Object.entries(written).map(([id, entry]) => [id, entry.message]));
    for (const text of [
      'Skip to main content',
      'Docs pages',
      'Previous',
      'On this page',
      'This page crashed.',
      'Retry',
      'Search',
      'Clear the query',
      'Cancel',
      'Recent',
      'Favorite',
      'No recent searches',
      'Search docs',
      'Unable to fetch results',
      'You might want to check your network connection.',
      'No results for',
      'Try searching for',
      'Believe this query should return results?',
      'Let us know.',
    ]) {
      assert.ok(Object.values(messages).includes(text), `"${text}" is listed`);
    }
    assert.deepEqual(Object.keys(written), Object.keys(written).sort(), 'sorted by id');
  });

  it('writes nothing when a declaration is wrong, and says where', async () => {
    const dir = copySite('ext-bad-translate');
    const result = await runWiki(['write-translations', '--config', path.join(dir, 'wiki.config.ts')], { cwd: dir });
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /^error \[translation\] theme\/Footer\.tsx:6: <Translate> children must be a plain string/m,
    );
    assert.match(result.stderr, /^error \[translation\] pages\/hello\.tsx:4: /m);
    assert.equal(fs.existsSync(path.join(dir, 'i18n')), false);
  });
});
